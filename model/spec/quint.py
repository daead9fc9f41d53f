"""A state as the Quint value it stands for, and back.

`board` is `Map(1 -> Map(1 -> Occupied(X), 2 -> Empty, ...), ...)` and
`nextTurn` is `X` or `O`, exactly as `quint run` and ITF traces show them.
"""

from __future__ import annotations

from checker.quint.value import Record, Variant, flat
from model.spec.encoding import Encoding
from model.spec.grid import Coordinate, Grid
from model.spec.state import Board, O, State, X

EMPTY = Variant("Empty")


def occupied(player: str) -> Variant:
    """`Occupied(player)`"""
    return Variant("Occupied", Variant(player))


def square(grid: Grid, board: Board | State, coordinate: Coordinate) -> str | None:
    """The player on `coordinate` of `board` (or of a state's board), or None when it is empty."""
    bit = grid.bit[coordinate]
    return X if board.x & bit else O if board.o & bit else None


#: how the lecture's Quint spec writes a square and the turn
QUINT = Encoding(occupied(X), occupied(O), EMPTY, Variant(X), Variant(O), flat, "a Player (X or O)")


def to_quint(grid: Grid, state: State) -> Record:
    """The state variables as Quint values."""
    rows, turn = QUINT.encode(grid, state)
    board = {r: dict(enumerate(row, 1)) for r, row in enumerate(rows, 1)}
    # in the order `init` assigns them, as Quint lists them in ITF's `vars`
    return Record(nextTurn=turn, board=board)


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
    for row in rows:
        line = board[row]
        if not isinstance(line, dict) or set(line) != set(rows):
            raise ValueError(f"board row {row}: expected a map with columns 1..{n}")
    return QUINT.decode(grid, [[board[r][c] for c in rows] for r in rows], variables["nextTurn"])
