"""How a spec writes a position: the values its board's squares and its turn hold, read as a `State` and back.

Quint's lecture spec writes a square `Occupied(X)`, `Occupied(O)` or `Empty` and the turn `X` or `O`;
the TLA+ one of the next lecture `"X"`, `"O"` or `"_"`, and the turn as a square's mark. Both lay
the board out as n rows of n squares; what holds the rows (Quint's maps, TLA+'s tuples) is each
language's own (`model.spec.quint`, `model.spec.tla_shape`). The reading and writing of the
squares is shared, here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from model.spec.grid import Grid
from model.spec.state import O, State, X


@dataclass(frozen=True)
class Encoding:
    """The values a spec writes for X's square, O's square and an empty one, and for X's turn and O's."""

    x: Any
    o: Any
    empty: Any
    turn_x: Any
    turn_o: Any
    #: a value as the spec's language writes it, for messages
    written: Callable[[Any], str] = str
    #: what a turn must be, in a message (default: the two values, written)
    turn_words: str = ""

    def decode(self, grid: Grid, rows: Sequence[Sequence[Any]], turn: Any) -> State:
        """The position `rows` (n rows of n squares, row 1 first) and `turn` stand for; ValueError names the
        square or the turn that is not one of this encoding's values."""
        x = o = 0
        for r, row in enumerate(rows, 1):
            for c, value in enumerate(row, 1):
                if value == self.empty:
                    continue
                if value == self.x:
                    x |= grid.bit[(r, c)]
                elif value == self.o:
                    o |= grid.bit[(r, c)]
                else:
                    marks = f"{self.written(self.x)}, {self.written(self.o)} or {self.written(self.empty)}"
                    raise ValueError(f"board square ({r}, {c}): expected {marks}, got {self.written(value)}")
        return State(x, o, self.player(turn))

    def player(self, turn: Any) -> str:
        """`X` or `O`, the side whose turn `turn` says it is."""
        if turn == self.turn_x:
            return X
        if turn == self.turn_o:
            return O
        words = self.turn_words or f"{self.written(self.turn_x)} or {self.written(self.turn_o)}"
        raise ValueError(f"nextTurn: expected {words}, got {self.written(turn)}")

    def encode(self, grid: Grid, state: State) -> tuple[tuple[tuple[Any, ...], ...], Any]:
        """The rows of the position's squares (row 1 first) and its turn, as this encoding writes them."""
        n = grid.size
        rows = tuple(
            tuple(self.mark(grid, state, (r, c)) for c in range(1, n + 1)) for r in range(1, n + 1)
        )
        return rows, self.turn_x if state.nextTurn == X else self.turn_o

    def mark(self, grid: Grid, state: State, coordinate: tuple[int, int]) -> Any:
        bit = grid.bit[coordinate]
        return self.x if state.x & bit else self.o if state.o & bit else self.empty


class NotAGame(ValueError):
    """A spec whose state is not a position of the game (`board` and `nextTurn`): the message says why, in
    words that follow `'{spec} is not of the game's shape: '`."""
