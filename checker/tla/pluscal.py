"""Whether a spec's PlusCal algorithm is the one its translation was made from.

TLC checks the TLA+ translation the PlusCal translator wrote into the file (between `\\* BEGIN
TRANSLATION` and `\\* END TRANSLATION`), never the algorithm itself. A check of a file whose
algorithm has no translation, or was edited since it was translated, would answer about something
else than what its author wrote; it is refused, in one line, at the algorithm. An algorithm is
taken as edited when it declares a label or a variable the translation does not define (each label
of PlusCal becomes an action of that name or a value of `pc`, each variable a VARIABLE): an edit inside a label's
statements leaves those alike, and is not noticed. A translation edited by hand since it was made
(its `chksum(tla)` differs, as TLC's translator computes it: CRC-32 of its lines) gets a warning, as
TLC gives one, and is checked as written.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from typing import Callable

from checker.tla.errors import TlaError
from checker.tla.tree import Loc

BEGIN = re.compile(r"^\s*\\\*+\s*BEGIN TRANSLATION\b.*$", re.M)
END = re.compile(r"^\s*\\\*+\s*END TRANSLATION\b", re.M)
CHECKSUM = re.compile(r'chksum\(tla\)\s*=\s*"([0-9A-Fa-f]*)"')


@dataclass
class Algorithm:
    """What a PlusCal algorithm declares: its labels and its variables (global, of its processes and
    procedures), and where it starts."""

    name: str
    loc: Loc
    labels: list[str] = field(default_factory=list)
    variables: list[str] = field(default_factory=list)


def read(node, loc: Callable) -> Algorithm:
    """The labels and variables of tree-sitter's `pcal_algorithm` node; `loc(node)` is a node's place."""
    name = node.child_by_field_name("name")
    found = Algorithm(name.text.decode() if name is not None else "", loc(node))
    pending = [node]
    while pending:
        current = pending.pop()
        for i, child in enumerate(current.children):
            if current.field_name_for_child(i) == "label" and child.type == "identifier":
                found.labels.append(child.text.decode())
            elif current.type in ("pcal_var_decl", "pcal_proc_var_decl") and child.type == "identifier" and i == 0:
                found.variables.append(child.text.decode())
            if child.is_named:
                pending.append(child)
    return found


def check(algorithm: Algorithm, text: str, defined: set[str], variables: set[str], warn) -> None:
    """Refuse a missing or stale translation of `algorithm` (TlaError); `warn(line)` about one edited by hand."""
    begin, end = BEGIN.search(text), END.search(text)
    where = algorithm.loc
    if begin is None or end is None or end.start() < begin.end():
        raise TlaError(f"the PlusCal algorithm {algorithm.name} has no translation in the file: translate it "
                       f"(the Toolbox's Translate PlusCal, or java -cp tla2tools.jar pcal.trans FILE.tla)", where)
    translation = text[begin.end() : end.start()]
    # a label is an action of its name, or a value of `pc`; a process of one label has neither (no `pc` at all)
    missing = [label for label in dict.fromkeys(algorithm.labels)
               if "pc" in variables and label not in defined and f'"{label}"' not in translation]
    unknown = [v for v in dict.fromkeys(algorithm.variables) if v not in variables]
    if missing or unknown:
        what = (f"label {missing[0]}, which the translation defines no action for" if missing
                else f"variable {unknown[0]}, which the translation does not declare")
        raise TlaError(f"the PlusCal algorithm {algorithm.name} was edited since it was translated (it has the "
                       f"{what}): translate it again", where)
    recorded = CHECKSUM.search(begin.group(0))
    if recorded is not None:
        body = text[begin.end() : end.start()].split("\n")[1:-1]
        actual = format(zlib.crc32("".join(body).encode()), "x")
        if actual != recorded.group(1).lower():
            warn(f"{where.file}: the translation of the PlusCal algorithm {algorithm.name} was edited by hand since "
                 f"it was made (its chksum(tla) differs): what is checked is the translation as it is")
