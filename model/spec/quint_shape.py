"""A `.qnt` spec's positions, recognised from the types of its state variables in Quint's IR.

The shape is read from the types, not from names of files: exactly `board: int -> int -> Square`
with `Square = Occupied(Player) | Empty` and `nextTurn: Player` with `Player = X | O` (type aliases
or the sum types written out), and initial boards of n x n squares numbered from 1.
"""

from __future__ import annotations

from typing import Any, Mapping

from checker.model import Model
from model.spec.encoding import NotAGame
from model.spec.grid import Grid
from model.spec.quint import from_quint, to_quint
from model.spec.state import O, State, X

#: the state variables of the lecture's spec
VARIABLES = ("board", "nextTurn")
#: the largest board a spec of the shape may have (as --size)
LARGEST = 10


def _types(module: dict) -> dict[str, dict]:
    return {d["name"]: d["type"] for d in module["declarations"] if d["kind"] == "typedef" and "type" in d}


def _resolve(t: dict | None, types: Mapping[str, dict]) -> dict | None:
    seen = 0
    while t is not None and t.get("kind") == "const" and t.get("name") in types and seen < 20:
        t, seen = types[t["name"]], seen + 1
    return t


def _sum(t: dict | None, types: Mapping[str, dict]) -> dict[str, dict] | None:
    """A sum type's variants: name -> the type it carries; None for another type."""
    t = _resolve(t, types)
    if t is None or t.get("kind") != "sum":
        return None
    return {f["fieldName"]: _resolve(f["fieldType"], types) for f in t["fields"]["fields"]}


def _unit(t: dict | None) -> bool:
    return t is not None and t.get("kind") == "tup" and not t["fields"]["fields"]


def _player(t: dict | None, types: Mapping[str, dict]) -> bool:
    variants = _sum(t, types)
    return variants is not None and set(variants) == {X, O} and all(map(_unit, variants.values()))


def _int_map(t: dict | None, types: Mapping[str, dict]) -> dict | None:
    """The type of the values of a map `int -> V`; None for another type."""
    t = _resolve(t, types)
    if t is None or t.get("kind") != "fun" or (_resolve(t["arg"], types) or {}).get("kind") != "int":
        return None
    return t["res"]


def check_variables(names: Any) -> None:
    """NotAGame unless `names` are the lecture's state variables, `board` and `nextTurn`."""
    for name in VARIABLES:
        if name not in names:
            raise NotAGame(f"it has no variable '{name}'")
    others = [name for name in names if name not in VARIABLES]
    if others:
        raise NotAGame(f"it has variables other than board and nextTurn: {', '.join(others)}")


def check_types(module: dict) -> None:
    """NotAGame unless the state variables are the lecture's, by their types: `board` and `nextTurn` (above)."""
    types = _types(module)
    variables = {d["name"]: d.get("typeAnnotation") for d in module["declarations"] if d["kind"] == "var"}
    check_variables(variables)
    if not _player(variables["nextTurn"], types):
        raise NotAGame("nextTurn is not of type Player = X | O")
    row = _int_map(variables["board"], types)
    square = _sum(_int_map(row, types), types)
    if square is None or set(square) != {"Empty", "Occupied"} or not _unit(square["Empty"]) \
            or not _player(square["Occupied"], types):
        raise NotAGame("board is not of type int -> int -> Square, with Square = Occupied(Player) | Empty")


def board_size(spec: Model) -> int:
    """n when `spec` (a `.qnt` evaluated) has the lecture's state and its initial boards are n x n; else
    NotAGame."""
    check_types(spec.module)
    records = [spec.to_quint(state) for state in spec.init_states()]
    if not records:
        raise NotAGame("it has no initial state")
    n = len(records[0]["board"])
    if not 3 <= n <= LARGEST:
        raise NotAGame(f"its initial board has {n} rows, not 3 to {LARGEST}")
    try:
        for record in records:
            from_quint(Grid(n), record)
    except ValueError as error:
        raise NotAGame(f"an initial state is not a {n}x{n} board: {error}") from None
    return n


class QuintPositions:
    """The positions of a `.qnt` spec of the lecture's shape: its states through Quint's values."""

    def __init__(self, spec: Model):
        self.spec = spec
        self.grid = Grid(board_size(spec))

    def position(self, state: tuple) -> State:
        return from_quint(self.grid, self.spec.to_quint(state))

    def state(self, position: State) -> tuple:
        return self.spec.from_quint(to_quint(self.grid, position))
