"""TLC's model file (`.cfg`): what to check and the values of the constants.

Read as TLC reads it: the keywords `INIT`, `NEXT`, `SPECIFICATION`, `INVARIANT(S)`, `PROPERTY`/
`PROPERTIES`, `CONSTANT(S)` (`N = 3`, `Procs = {p1, p2}` of model values, `p = p` a model value, `Op <-
Other` a replacement), `CONSTRAINT(S)`, `ACTION_CONSTRAINT(S)`, `SYMMETRY`, `VIEW`, `CHECK_DEADLOCK`;
comments `\\*` and `(* *)`. A keyword ttt-check does not act on (`ALIAS`, `POSTCONDITION`) is refused,
never skipped, so a cfg is never checked as less than it says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from checker.tla.errors import TlaError, Unsupported
from checker.tla.syntax import unescape
from checker.tla.tree import Loc
from checker.tla.values import ModelValue

_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<comment>\\\*[^\n]*)
      | (?P<open>\(\*)
      | (?P<str>"(?:[^"\\\n]|\\.)*")
      | (?P<int>-?\d+)
      | (?P<gets><-)
      | (?P<sym>[{}=,\[\]])
      | (?P<word>[A-Za-z0-9_]+|[^\s{}=,\[\]"]+)
    """,
    re.VERBOSE,
)
_PLURAL = {"CONSTANTS": "CONSTANT", "INVARIANTS": "INVARIANT", "PROPERTIES": "PROPERTY", "CONSTRAINTS": "CONSTRAINT",
           "ACTION_CONSTRAINTS": "ACTION_CONSTRAINT"}  # fmt: skip
KEYWORDS = {"CONSTANT", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "PROPERTY", "CONSTRAINT", "ACTION_CONSTRAINT",
            "SYMMETRY", "VIEW", "CHECK_DEADLOCK", "ALIAS", "POSTCONDITION"}  # fmt: skip


@dataclass
class Config:
    """A cfg, read: each list in the order written."""

    file: str
    init: str | None = None
    next: str | None = None
    specification: str | None = None
    invariants: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    constraints: list[str] = field(default_factory=list)
    action_constraints: list[str] = field(default_factory=list)
    symmetry: str | None = None
    view: str | None = None
    #: how TLC prints a trace's states (ttt-check prints the variables themselves: nothing is checked by it)
    alias: str | None = None
    check_deadlock: bool | None = None
    #: name -> its value (a Python value of `checker.tla.values`)
    constants: dict[str, Any] = field(default_factory=dict)
    #: name -> the definition that replaces it (`Op <- Other`)
    replacements: dict[str, str] = field(default_factory=dict)
    #: (module, name) -> the main module's definition that replaces that module's (`Op <- [M] Other`)
    module_replacements: dict[tuple[str, str], str] = field(default_factory=dict)
    #: (module, name) -> the value the cfg gives that module's definition (`Op = [M] value`)
    module_constants: dict[tuple[str, str], Any] = field(default_factory=dict)
    #: the line each name is given on, for messages
    lines: dict[str, int] = field(default_factory=dict)


def _tokens(text: str, file: str) -> list[tuple[str, str, int]]:
    """(kind, text, line) of each token, comments left out."""
    found, at, line = [], 0, 1
    while at < len(text):
        if text.startswith("(*", at):
            depth, j = 0, at
            while j < len(text):
                if text.startswith("(*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*)", j):
                    depth, j = depth - 1, j + 2
                    if depth == 0:
                        break
                else:
                    j += 1
            if depth:
                raise TlaError("a comment (* is never closed", Loc(file, "", line, 1, line, 1))
            line += text.count("\n", at, j)
            at = j
            continue
        match = _TOKEN.match(text, at)
        kind = match.lastgroup
        if kind not in ("space", "comment"):
            found.append((kind, match.group(kind), line))
        line += match.group(0).count("\n")
        at = match.end()
    return found


def parse(text: str, file: str) -> Config:
    config = Config(file)
    tokens = _tokens(text, file)
    at = 0
    section = None

    def where(line: int) -> Loc:
        return Loc(file, "", line, 1, line, 1)

    def value(i: int) -> tuple[Any, int]:
        kind, word, line = tokens[i]
        if kind == "int":
            return int(word), i + 1
        if kind == "str":
            return unescape(word[1:-1]), i + 1
        if word == "{":
            items, i = [], i + 1
            while i < len(tokens) and tokens[i][1] != "}":
                item, i = value(i)
                items.append(item)
                if i < len(tokens) and tokens[i][1] == ",":
                    i += 1
            if i >= len(tokens):
                raise TlaError("a set { is never closed", where(line))
            return frozenset(items), i + 1
        if word in ("TRUE", "FALSE"):
            return word == "TRUE", i + 1
        if kind == "word" and re.fullmatch(r"[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*", word):
            return ModelValue(word), i + 1
        raise TlaError(f"the cfg gives a value TLC does not read: {word}", where(line))

    while at < len(tokens):
        kind, word, line = tokens[at]
        keyword = _PLURAL.get(word, word)
        if kind == "word" and keyword in KEYWORDS:
            section = keyword
            at += 1
            if section == "POSTCONDITION":
                raise Unsupported(f"the cfg's {section} is not supported", where(line))
            continue
        if section is None:
            raise TlaError(f"the cfg starts with {word!r}, not a keyword (INIT, NEXT, SPECIFICATION, ...)", where(line))
        if section == "CONSTANT":
            name = word
            if at + 1 >= len(tokens):
                raise TlaError(f"the constant {name} is given no value", where(line))
            sign = tokens[at + 1][1]
            if sign == "<-":
                if at + 2 < len(tokens) and tokens[at + 2][1] == "[":  # `Op <- [M] Other`: Op of module M
                    if at + 5 >= len(tokens) or tokens[at + 4][1] != "]":
                        raise TlaError(f"the replacement of {name} names no module ({name} <- [M] Other)", where(line))
                    config.module_replacements[(tokens[at + 3][1], name)] = tokens[at + 5][1]
                    config.lines[name] = line
                    at += 6
                    continue
                config.replacements[name] = tokens[at + 2][1]
                config.lines[name] = line
                at += 3
                continue
            if sign != "=":
                raise TlaError(f"the constant {name} is given no value (CONSTANT {name} = value)", where(line))
            if at + 2 < len(tokens) and tokens[at + 2][1] == "[":  # `Op = [M] value`: Op of module M
                if at + 5 >= len(tokens) or tokens[at + 4][1] != "]":
                    raise TlaError(f"the value of {name} names no module ({name} = [M] value)", where(line))
                config.module_constants[(tokens[at + 3][1], name)], at = value(at + 5)
                config.lines[name] = line
                continue
            given, at = value(at + 2)
            config.constants[name] = given
            config.lines[name] = line
            continue
        if section == "CHECK_DEADLOCK":
            if word not in ("TRUE", "FALSE"):
                raise TlaError(f"CHECK_DEADLOCK is TRUE or FALSE, not {word}", where(line))
            config.check_deadlock = word == "TRUE"
        elif section in ("INIT", "NEXT", "SPECIFICATION", "SYMMETRY", "VIEW", "ALIAS"):
            attribute = section.lower()
            if getattr(config, attribute) is not None:
                raise TlaError(f"the cfg names a second {section}: {word}", where(line))
            setattr(config, attribute, word)
        else:
            target = {"INVARIANT": config.invariants, "PROPERTY": config.properties, "CONSTRAINT": config.constraints,
                      "ACTION_CONSTRAINT": config.action_constraints}[section]
            target.append(word)
        config.lines.setdefault(word, line)
        at += 1
    if config.specification and (config.init or config.next):
        raise TlaError("the cfg gives both SPECIFICATION and INIT/NEXT: give one or the other", where(1))
    return config
