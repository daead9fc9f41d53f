"""Quint values in Python, and their text form as `quint run` prints it.

Python stands for Quint as follows: `int`, `bool` and `str` for themselves,
`tuple` for tuples, `QList` for lists, `frozenset` for sets, `dict` for maps, `Record` for
records and `Variant` for sum-type values (a nullary variant carries `()`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.model import order
from checker.digits import decimal

#: Quint's printer breaks a value over several lines when it is wider than this.
WIDTH = 80


class Record(dict):
    """A Quint record: field name -> value (a map has non-string keys too)."""


class QList(tuple):
    """A Quint list (a plain tuple is a Quint tuple): `[1, 2]`, a JSON array in ITF."""

    __slots__ = ()


class Variant(NamedTuple):
    """A value of a sum type, e.g. `Occupied(X)` is Variant("Occupied", Variant("X"))."""

    tag: str
    value: Any = ()


def by_key(mapping: dict) -> list:
    """The items of a map or record, in `order` of their keys."""
    return sorted(mapping.items(), key=lambda item: order(item[0]))


def flat(value: Any) -> str:
    """The value on one line, e.g. `Map(1 -> Empty, 2 -> Occupied(X))`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, Variant):
        if value.value == ():
            return value.tag
        return f"{value.tag}({flat(value.value)})"
    if isinstance(value, QList):
        return "[" + ", ".join(flat(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(flat(v) for v in value) + ")"
    if isinstance(value, Record):
        return "{ " + ", ".join(f"{k}: {flat(v)}" for k, v in by_key(value)) + " }"
    if isinstance(value, dict):
        return "Map(" + ", ".join(f"{flat(k)} -> {flat(v)}" for k, v in by_key(value)) + ")"
    if isinstance(value, frozenset):
        return "Set(" + ", ".join(flat(v) for v in sorted(value, key=order)) + ")"
    if isinstance(value, int):
        return decimal(value)
    return str(value)


def pretty(value: Any, indent: int = 0, trailing: int = 0) -> str:
    """The value as `quint run` prints it: on one line if it fits, else broken.

    `indent` is the column the value starts at and `trailing` the width of
    what follows it on its last line (a comma), so that fitting is judged as
    Quint does.
    """
    text = flat(value)
    if indent + len(text) + trailing <= WIDTH:
        return text
    inner = " " * (indent + 2)
    if isinstance(value, Record):
        lines = []
        items = by_key(value)
        for i, (name, field) in enumerate(items):
            comma = 0 if i == len(items) - 1 else 1
            head = f"{inner}{name}:"
            one_line = f"{head} {flat(field)}"
            if len(one_line) + comma <= WIDTH:
                lines.append(one_line)
            else:
                deeper = indent + 4
                lines.append(f"{head}\n{' ' * deeper}{pretty(field, deeper, comma)}")
        return "{\n" + ",\n".join(lines) + "\n" + " " * indent + "}"
    if isinstance(value, (dict, frozenset)):
        if isinstance(value, dict):
            opener = "Map("
            elements = [(flat(k) + " -> ", v) for k, v in by_key(value)]
        else:
            opener = "Set("
            elements = [("", v) for v in sorted(value, key=order)]
        lines = []
        for i, (prefix, element) in enumerate(elements):
            comma = 0 if i == len(elements) - 1 else 1
            lines.append(inner + prefix + pretty(element, indent + 2 + len(prefix), comma))
        return opener + "\n" + ",\n".join(lines) + "\n" + " " * indent + ")"
    return text
