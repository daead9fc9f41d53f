"""The state variables of the spec: `var board` and `var nextTurn`, as bit masks.

Kept apart from the definitions (`model.spec.tictactoe`) so that the views and the
Quint conversion can use them without importing the spec.
"""

from __future__ import annotations

from typing import NamedTuple

#: `type Player = X | O`, as the strings Quint prints.
X, O = "X", "O"
PLAYERS = (X, O)


class Board(NamedTuple):
    """`var board: int -> int -> Square`, as the masks of X's and O's squares."""

    x: int
    o: int


class State(NamedTuple):
    """The state variables `board` (as two masks) and `nextTurn`."""

    x: int
    o: int
    nextTurn: str

    @property
    def board(self) -> Board:
        return Board(self.x, self.o)
