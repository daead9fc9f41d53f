"""Stand-ins for a TLA+ spec of the lecture's shape: models whose states are tuples of TLA+ values.

A TLA+ spec's model has `variables` (its variables' names, in the order it declares them) and
states that are tuples of their values: `board` is a tuple of n tuples of n marks (a TLA+ function
of domain 1..n is a tuple), strings or model values, and `nextTurn` one of the players' marks.
These stand-ins are written here, apart from `model/`: `Written` writes a transcription's states so,
with marks and an order of variables of the test's choice (its conversion of a state is its own, from
the masks); `FreeMoves` is part 1 as the next lecture writes it in TLA+, where a move needs an empty
square and the turn, not that the game goes on.
"""

from __future__ import annotations

from typing import Iterator

from checker.model import Label, Model


class ModelValue:
    """A TLC model value: a name, equal only to itself (not a string)."""

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other) -> bool:
        return isinstance(other, ModelValue) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("ModelValue", self.name))

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__


def board_of(x: int, o: int, n: int, marks: tuple) -> tuple:
    """The masks of X's and O's squares as n rows of n marks; `marks` is (X's, O's, empty)."""
    return tuple(
        tuple(marks[0] if x >> (r * n + c) & 1 else marks[1] if o >> (r * n + c) & 1 else marks[2] for c in range(n))
        for r in range(n)
    )


class Written(Model):
    """The transcription `model`'s states written as tuples of TLA+ values: `board` and `nextTurn` in the
    order `variables` gives, X's, O's and the empty mark as `marks` says; labels as the transcription's."""

    def __init__(self, model, marks=("X", "O", "_"), variables=("board", "nextTurn")):
        self.model, self.marks, self.variables = model, marks, variables
        self.turns = {"X": marks[0], "O": marks[1]}
        self.n = model.grid.size
        self.name, self.source = "written", "Written.tla"
        self.views = {"tla": lambda state, previous=None: f"/\\ board = {state[self.at('board')]}"}

    def at(self, name: str) -> int:
        return self.variables.index(name)

    def written(self, state) -> tuple:
        values = {"board": board_of(state.x, state.o, self.n, self.marks), "nextTurn": self.turns[state.nextTurn]}
        return tuple(values[name] for name in self.variables)

    def init_states(self):
        return [self.written(state) for state in self.model.init_states()]

    def next_steps(self, state) -> Iterator:
        read = self.read(state)
        for label, after in self.model.next_steps(read):
            yield label, self.written(after)

    def read(self, state):
        """The transcription's state this tuple writes."""
        board, turn = (state[self.at(name)] for name in ("board", "nextTurn"))
        squares = [mark for row in board for mark in row]
        x = sum(1 << i for i, mark in enumerate(squares) if mark == self.marks[0])
        o = sum(1 << i for i, mark in enumerate(squares) if mark == self.marks[1])
        return type(self.model.init())(x, o, "X" if turn == self.marks[0] else "O")


class FreeMoves(Model):
    """Part 1 in TLA+, as the next lecture writes it (with `first` to move, and the marks `marks`):

        Move(player) == \\E i \\in 1..3: \\E j \\in 1..3: board[i][j] = "_" /\\ board' = [board EXCEPT ![i][j] = player]
        MoveX == nextTurn = "X" /\\ Move("X") /\\ nextTurn' = "O"
        MoveO == nextTurn = "O" /\\ Move("O") /\\ nextTurn' = "X"
        Next == MoveX \\/ MoveO

    A player may move after the other has won; a full board has no successor."""

    variables = ("board", "nextTurn")
    name, source = "free", "FreeMoves.tla"

    def __init__(self, marks=("X", "O", "_"), first=None, n=3):
        self.marks, self.first, self.n = marks, marks[0] if first is None else first, n

    def init_states(self):
        return [(((self.marks[2],) * self.n,) * self.n, self.first)]

    def next_steps(self, state) -> Iterator:
        board, turn = state
        action, other = ("MoveX", self.marks[1]) if turn == self.marks[0] else ("MoveO", self.marks[0])
        for i in range(self.n):
            for j in range(self.n):
                if board[i][j] == self.marks[2]:
                    row = board[i][:j] + (turn,) + board[i][j + 1:]
                    after = board[:i] + (row,) + board[i + 1:]
                    yield Label((action,), (("i", i + 1), ("j", j + 1))), (after, other)
