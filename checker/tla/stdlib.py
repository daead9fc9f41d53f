"""The operators of TLA+ itself and of its standard modules: which module gives each, and its arity.

TLC implements the standard modules in Java; ttt-check implements them in Python
(`checker.tla.runtime`, written out by `checker.tla.compile`), so their `.tla` files are never read. A
spec sees an operator of a standard module only when it extends or instantiates that module, as SANY
checks; the operators of the language (`=`, `\\in`, `SUBSET`, `'`...) are seen everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Builtin:
    """An operator of the language or of a standard module."""

    name: str
    arity: int
    module: str

    def __repr__(self) -> str:
        return f"Builtin({self.name})"


#: the operators every module sees (arity -1: a bulleted or n-ary form the syntax takes care of)
LANGUAGE = {
    "=": 2, "/=": 2, "\\in": 2, "\\notin": 2, "\\cup": 2, "\\cap": 2, "\\": 2, "\\subseteq": 2, "SUBSET": 1,
    "UNION": 1, "DOMAIN": 1, "~": 1, "=>": 2, "\\equiv": 2, "TRUE": 0, "FALSE": 0, "BOOLEAN": 0, "STRING": 0,
    "'": 1, "UNCHANGED": 1, "ENABLED": 1, "[]": 1, "<>": 1, "~>": 2, "\\X": -1, "-+->": 2, "\\cdot": 2,
}  # fmt: skip

_NATURALS = {"Nat": 0, "+": 2, "-": 2, "*": 2, "^": 2, "\\div": 2, "%": 2, "<=": 2, ">=": 2, "<": 2,
             ">": 2, "..": 2}  # fmt: skip
_INTEGERS = {**_NATURALS, "Int": 0, "-.": 1}
_SEQUENCES = {"Seq": 1, "Len": 1, "\\o": 2, "Append": 2, "Head": 1, "Tail": 1, "SubSeq": 3, "SelectSeq": 2}
_FINITE_SETS = {"IsFiniteSet": 1, "Cardinality": 1}
_TLC = {":>": 2, "@@": 2, "Print": 2, "PrintT": 1, "Assert": 2, "JavaTime": 0, "TLCGet": 1, "TLCSet": 2,
        "Permutations": 1, "SortSeq": 2, "RandomElement": 1, "Any": 0, "ToString": 1, "TLCEval": 1}  # fmt: skip
_BAGS = {"IsABag": 1, "BagToSet": 1, "SetToBag": 1, "BagIn": 2, "EmptyBag": 0, "(+)": 2, "(-)": 2, "BagUnion": 1,
         "\\sqsubseteq": 2, "SubBag": 1, "BagOfAll": 2, "BagCardinality": 1, "CopiesIn": 2}  # fmt: skip

#: what each standard module exports (with what the modules it extends export)
MODULES: dict[str, dict[str, int]] = {
    "Naturals": _NATURALS,
    "Integers": _INTEGERS,
    "Sequences": {**_NATURALS, **_SEQUENCES},
    "FiniteSets": _FINITE_SETS,
    "TLC": _TLC,
    "Bags": _BAGS,
}
#: standard modules ttt-check does not evaluate, and why
REFUSED = {
    "Reals": "the module Reals is not supported: TLC does not evaluate real numbers either",
    "RealTime": "the module RealTime is not supported: it needs real numbers",
    "TLAPS": "the module TLAPS is for the proof system; it has nothing to evaluate",
}


def exported(module: str) -> dict[str, Builtin]:
    """The operators a standard module gives a module that extends it."""
    return {name: Builtin(name, arity, module) for name, arity in MODULES[module].items()}


LANGUAGE_OPERATORS = {name: Builtin(name, arity, "") for name, arity in LANGUAGE.items()}
