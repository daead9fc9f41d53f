"""Quint's IR written back as Quint text, as the user wrote it: for listings, headers and messages.

Names show as the main module names them (`Hours::count`, not the flattened
`clocks::Hours::count`), parameters without the compiler's `_123` suffixes,
builtins in Quint's method style (`S.filter(x => x > 0)`) and infix
operators with the parentheses their precedence needs.
"""

from __future__ import annotations

import re
from typing import Callable

#: infix operators, by Quint's precedence (higher binds tighter)
INFIX = {
    "iff": ("iff", 1), "implies": ("implies", 2), "or": ("or", 3), "and": ("and", 4),
    "eq": ("==", 5), "neq": ("!=", 5), "ilt": ("<", 5), "igt": (">", 5), "ilte": ("<=", 5), "igte": (">=", 5),
    "iadd": ("+", 6), "isub": ("-", 6), "imul": ("*", 7), "idiv": ("/", 7), "imod": ("%", 7), "ipow": ("^", 8),
}  # fmt: skip
#: infix operators whose operands of the same operator need no parentheses
ASSOCIATIVE = {"and", "or", "iadd", "imul"}
#: the forms written from all their arguments, each in its place (not as `first.op(rest)`)
WRITTEN_WHOLE = {"and", "or", "actionAll", "actionAny", "assign", "ite", "Set", "List", "Tup", "Rec", "variant"}
#: builtins written as functions, not methods
FUNCTIONS = {"not", "tuples", "setOfMaps", "Map", "range", "always", "eventually", "enabled", "next", "assert", "fail"}
#: a name the compiler made unique: the name, an underscore and the id
UNIQUE = re.compile(r"_\d+$")
ATOM = 10


class Shower:
    """Writes IR expressions of one module; `rename(name)` is how the user names a definition."""

    def __init__(self, rename: Callable[[str], str] = lambda name: name, definitions: frozenset = frozenset()):
        self.rename = rename
        #: the names of the module's definitions and variables (other names are parameters, shown without suffix)
        self.definitions = definitions

    def __call__(self, e: dict) -> str:
        return self.text(e)[0]

    def name(self, name: str) -> str:
        """A definition as the user names it; a parameter without the namespace and suffix flattening gave it."""
        return self.rename(name) if name in self.definitions else UNIQUE.sub("", name.rsplit("::", 1)[-1])

    def text(self, e: dict) -> tuple[str, int]:
        """The expression's text and its precedence (ATOM when it needs no parentheses)."""
        kind = e["kind"]
        if kind == "name":
            return self.name(e["name"]), ATOM
        if kind == "bool":
            return ("true" if e["value"] else "false"), ATOM
        if kind == "str":
            return f'"{e["value"]}"', ATOM
        if kind == "int":
            return str(e["value"]), ATOM
        if kind == "lambda":
            params = [self.name(p["name"]) for p in e["params"]]
            head = params[0] if len(params) == 1 else f"({', '.join(params)})"
            return f"{head} => {self(e['expr'])}", 0
        if kind == "let":
            opdef = e["opdef"]
            return f"{{ {opdef['qualifier']} {self.name(opdef['name'])} = {self(opdef['expr'])} {self(e['expr'])} }}", ATOM
        if kind == "app":
            return self.app(e["opcode"], e["args"])
        return kind, ATOM

    def operand(self, e: dict, level: int) -> str:
        text, precedence = self.text(e)
        return text if precedence > level else f"({text})"

    def app(self, op: str, args: list) -> tuple[str, int]:
        # each argument is written once: writing one twice, at each level of a chain, takes exponential time
        if op in INFIX and len(args) >= 2:
            word, level = INFIX[op]
            if op in ASSOCIATIVE:  # `a and b and c`, however the IR nests them
                return f" {word} ".join(self.operand(a, level - 1) for a in args), level
            return f" {word} ".join(self.operand(a, level) for a in args), level
        if op == "iuminus":
            return f"-{self.operand(args[0], ATOM - 1)}", ATOM - 1
        if op == "field" and args[1]["kind"] == "str":
            return f"{self.operand(args[0], ATOM - 1)}.{args[1]['value']}", ATOM
        if op == "item" and args[1]["kind"] == "int":
            return f"{self.operand(args[0], ATOM - 1)}._{args[1]['value']}", ATOM
        if op == "matchVariant":
            cases = [f"| {args[i]['value']}{self.case(args[i + 1])}" for i in range(1, len(args), 2)]
            return f"match {self.operand(args[0], ATOM - 1)} {{ {' '.join(cases)} }}", ATOM
        if not (op in WRITTEN_WHOLE or op in self.definitions or op in FUNCTIONS or not args):  # `S.map(f)`
            return f"{self.operand(args[0], ATOM - 1)}.{op}({', '.join(self(a) for a in args[1:])})", ATOM
        shown = [self(a) for a in args]
        if op in ("and", "or", "actionAll", "actionAny"):
            word = {"and": "and", "or": "or", "actionAll": "all", "actionAny": "any"}[op]
            return f"{word} {{ {', '.join(shown)} }}", ATOM
        if op == "assign":
            return f"{shown[0]}' = {shown[1]}", 0
        if op == "ite":
            return f"if ({shown[0]}) {shown[1]} else {shown[2]}", 0
        if op in ("Set", "List", "Tup"):
            opener, closer = {"Set": ("Set(", ")"), "List": ("[", "]"), "Tup": ("(", ")")}[op]
            return opener + ", ".join(shown) + closer, ATOM
        if op == "Rec":
            return "{ " + ", ".join(f"{args[i]['value']}: {shown[i + 1]}" for i in range(0, len(args), 2)) + " }", ATOM
        if op == "variant" and args[0]["kind"] == "str":
            value = args[1]
            unit = value["kind"] == "app" and value["opcode"] == "Tup" and not value["args"]
            return (args[0]["value"] if unit else f"{args[0]['value']}({shown[1]})"), ATOM
        return f"{self.name(op)}({', '.join(shown)})", ATOM

    def case(self, e: dict) -> str:
        """A case of `match`: ` => body`, or `(x) => body` when it binds the value."""
        if e["kind"] == "lambda" and len(e["params"]) == 1:
            param = self.name(e["params"][0]["name"])
            body = self(e["expr"])
            return f" => {body}" if param == "_" else f"({param}) => {body}"
        return f" => {self(e)}"


def shorten(text: str, width: int = 72) -> str:
    """`text` on one line, cut to `width` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."
