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
    """An operator of the language or of a standard module: its arity, the function of the runtime that
    computes it (called with its arguments and its place; None: the compiler writes it out), and which
    of its arguments are operators (position -> their arity)."""

    name: str
    arity: int
    module: str
    function: str | None = None
    operators: tuple = ()

    def __repr__(self) -> str:
        return f"Builtin({self.name})"


def _ops(module: str, table: dict) -> dict[str, Builtin]:
    """A module's operators: name -> arity, or (arity, function), or (arity, function, operators)."""
    made = {}
    for name, spec in table.items():
        arity, function, operators = (spec, None, ()) if isinstance(spec, int) else (tuple(spec) + (None, ()))[:3]
        made[name] = Builtin(name, arity, module, function, tuple(dict(operators or {}).items()))
    return made


#: the operators every module sees (arity -1: the n-ary product the syntax flattens)
LANGUAGE_OPERATORS = _ops("", {
    "=": (2, "eq"), "/=": (2, "neq"), "\\in": (2, "member"), "\\notin": 2, "\\cup": (2, "cup"),
    "\\cap": (2, "cap"), "\\": (2, "diff"), "\\subseteq": (2, "subseteq"), "SUBSET": (1, "powerset"),
    "UNION": (1, "big_union"), "DOMAIN": (1, "dom"), "~": 1, "=>": 2, "\\equiv": 2, "TRUE": 0, "FALSE": 0,
    "BOOLEAN": 0, "STRING": 0, "'": 1, "UNCHANGED": 1, "ENABLED": 1, "[]": 1, "<>": 1, "~>": 2, "\\X": -1,
    "-+->": 2, "\\cdot": 2,
})  # fmt: skip

_NATURALS = {
    "Nat": 0, "+": (2, "add"), "-": (2, "sub"), "*": (2, "mul"), "^": (2, "power"), "\\div": (2, "div"),
    "%": (2, "mod"), "<=": (2, "le"), ">=": (2, "ge"), "<": (2, "lt"), ">": (2, "gt"), "..": (2, "dots"),
}  # fmt: skip
_INTEGERS = {**_NATURALS, "Int": 0, "-.": (1, "neg")}
_SEQUENCES = {
    "Seq": (1, "seq_set"), "Len": (1, "length"), "\\o": (2, "concat"), "Append": (2, "append"), "Head": (1, "head"),
    "Tail": (1, "tail"), "SubSeq": (3, "subseq"), "SelectSeq": (2, "select_seq", {1: 1}),
}  # fmt: skip
_FINITE_SETS = {"IsFiniteSet": (1, "is_finite"), "Cardinality": (1, "size")}
_TLC = {
    ":>": (2, "colon_gt"), "@@": (2, "at_at"), "Print": (2, "print_"), "PrintT": 1, "Assert": (2, "assert_"),
    "JavaTime": 0, "TLCGet": (1, "tlc_get"), "TLCSet": (2, "tlc_set"), "Permutations": (1, "permutations"),
    "SortSeq": (2, "sort_seq", {1: 2}), "RandomElement": (1, "random_element"), "Any": 0, "ToString": (1, "to_string"),
    "TLCEval": 1,
}  # fmt: skip
#: the proof system's module: the names of its back ends, which a proof cites (each is TRUE, as in TLAPS.tla)
_TLAPS = {name: 0 for name in (
    "SMT", "CVC3", "Yices", "veriT", "Z3", "Spass", "SimpleArithmetic", "Zenon", "SlowZenon", "SlowerZenon",
    "VerySlowZenon", "SlowestZenon", "Isa", "Auto", "Force", "Blast", "SimplifyAndSolve", "Simplification",
    "AutoBlast", "LS4", "PTL", "PropositionalTemporalLogic", "AllProvers", "AllSMT", "AllIsa", "ExpandENABLED",
    "ExpandCdot", "AutoUSE", "Lambdify", "ENABLEDaxioms", "ENABLEDrewrites", "ENABLEDrules", "LevelComparison",
    "Trivial")}  # fmt: skip
_TLAPS.update({name: 1 for name in ("SMTT", "CVC3T", "YicesT", "veriTT", "Z3T", "SpassT", "ZenonT", "IsaT",
                                     "AllProversT", "AllSMTT", "AllIsaT")})  # fmt: skip
_TLAPS.update({"IsaM": 1, "IsaMT": 2})

#: what each standard module exports (with what the modules it extends export)
MODULES: dict[str, dict[str, Builtin]] = {
    "Naturals": _ops("Naturals", _NATURALS),
    "Integers": _ops("Integers", _INTEGERS),
    "Sequences": _ops("Sequences", {**_NATURALS, **_SEQUENCES}),
    "FiniteSets": _ops("FiniteSets", _FINITE_SETS),
    "TLC": _ops("TLC", _TLC),
    "TLAPS": _ops("TLAPS", {name: (arity, "proof_step") for name, arity in _TLAPS.items()}),
}
#: the proof system's libraries of theorems: nothing in them is evaluated, so they export nothing here
THEOREMS = ("FiniteSetTheorems", "NaturalsInduction", "SequenceTheorems", "FunctionTheorems",
            "WellFoundedInduction", "SequencesExtTheorems", "FiniteSetsExtTheorems", "FoldsTheorems",
            "GraphTheorems", "QuorumTheorems", "BagsTheorems")  # fmt: skip
for _name in THEOREMS:
    MODULES[_name] = {}
#: standard modules ttt-check does not evaluate, and why
REFUSED = {
    "Reals": "the module Reals is not supported: TLC does not evaluate real numbers either",
    "RealTime": "the module RealTime is not supported: it needs real numbers",
}


def exported(module: str) -> dict[str, Builtin]:
    """The operators a standard module gives a module that extends it."""
    return dict(MODULES[module])
