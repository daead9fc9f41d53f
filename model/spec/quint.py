"""A state as the Quint value it stands for, and back.

`board` is `Map(1 -> Map(1 -> Occupied(X), 2 -> Empty, ...), ...)` and
`nextTurn` is `X` or `O`, exactly as `quint run` and ITF traces show them.
"""

from __future__ import annotations

from typing import Any

from checker.quint.value import Record, Variant, flat
from model.spec.grid import Coordinate, Grid
from model.spec.state import PLAYERS, Board, O, State, X

EMPTY = Variant("Empty")


def occupied(player: str) -> Variant:
    """`Occupied(player)`"""
    return Variant("Occupied", Variant(player))


def square(grid: Grid, board: Board | State, coordinate: Coordinate) -> str | None:
    """The player on `coordinate` of `board` (or of a state's board), or None when it is empty."""
    bit = grid.bit[coordinate]
    return X if board.x & bit else O if board.o & bit else None


def to_quint(grid: Grid, state: State) -> Record:
    """The state variables as Quint values."""
    n = grid.size
    board = {
        row: {
            column: EMPTY if (p := square(grid, state, (row, column))) is None else occupied(p)
            for column in range(1, n + 1)
        }
        for row in range(1, n + 1)
    }
    # in the order `init` assigns them, as Quint lists them in ITF's `vars`
    return Record(nextTurn=Variant(state.nextTurn), board=board)


def _player(value: Any, where: str) -> str:
    if not (isinstance(value, Variant) and value.tag in PLAYERS and value.value == ()):
        raise ValueError(f"{where}: expected a Player (X or O), got {flat(value)}")
    return value.tag


def from_quint(grid: Grid, variables: dict) -> State:
    """The state that the Quint values `board` and `nextTurn` stand for.

    Raises ValueError naming what is wrong when they are not a board of this
    grid's size and a player.
    """
    for name in ("board", "nextTurn"):
        if name not in variables:
            raise ValueError(f"missing state variable '{name}'")
    n = grid.size
    board = variables["board"]
    rows = range(1, n + 1)
    if not isinstance(board, dict) or set(board) != set(rows):
        raise ValueError(f"board: expected a map with rows 1..{n}")
    x = o = 0
    for row in rows:
        line = board[row]
        if not isinstance(line, dict) or set(line) != set(rows):
            raise ValueError(f"board row {row}: expected a map with columns 1..{n}")
        for column in rows:
            square = line[column]
            where = f"board square ({row}, {column})"
            if square == EMPTY:
                continue
            if not (isinstance(square, Variant) and square.tag == "Occupied"):
                raise ValueError(f"{where}: expected Empty or Occupied(player), got {flat(square)}")
            bit = grid.bit[(row, column)]
            if _player(square.value, where) == X:
                x |= bit
            else:
                o |= bit
    return State(x, o, _player(variables["nextTurn"], "nextTurn"))
