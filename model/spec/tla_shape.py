"""A spec's positions recognised from the values of its states, as a TLA+ spec holds them.

A TLA+ spec declares no types: its shape is read from its variables and the values its states hold.
The model's `variables` are exactly `board` and `nextTurn` (in either order), its states tuples of
their values in that order. `board` is n tuples of n squares (`board[i][j]`, n from 3 to 10; a
TLA+ function of domain 1..n is a tuple), each one of three values, strings or model values: the
empty square, the one every square holds initially, and the marks of the two players, which
`nextTurn` holds. The first to move is X, as in the lecture; a spec whose marks are literally
"X" and "O" keeps them. O's mark is the other value the states hold, found by following the
spec's steps from its initial states.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from checker.model import Model
from model.spec.encoding import Encoding, NotAGame
from model.spec.grid import Grid
from model.spec.quint_shape import LARGEST, VARIABLES, check_variables
from model.spec.state import O, State, X

#: the most states followed from the initial ones to find O's mark
SEARCH = 10_000
#: values that are not a mark: numbers, booleans, and the values that hold others
NOT_MARKS = (int, tuple, frozenset, set, dict, list)


def written(value: Any) -> str:
    """A value as TLA+ writes it: `"X"` for a string, `<<"X", "_">>` for a tuple."""
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, tuple):
        return "<<" + ", ".join(map(written, value)) + ">>"
    return str(value)


def is_mark(value: Any) -> bool:
    """Whether `value` may be a square's mark: a string or a model value."""
    return isinstance(value, str) or not isinstance(value, NOT_MARKS)


def rows(board: Any, n: int | None = None) -> tuple:
    """`board` when it is n tuples of n values (any n from 3 to LARGEST when `n` is None); else ValueError."""
    size = len(board) if isinstance(board, tuple) and n is None else n
    if not (isinstance(board, tuple) and size is not None and 3 <= size <= LARGEST and len(board) == size
            and all(isinstance(row, tuple) and len(row) == size for row in board)):
        square = f"{n}x{n}" if n else f"n x n (n from 3 to {LARGEST})"
        raise ValueError(f"board is not {square} squares (a tuple of tuples): {written(board)}")
    return board


class TlaPositions:
    """The positions of a model whose states are tuples of TLA+ values, of the shape above."""

    def __init__(self, model: Model):
        check_variables(model.variables)
        self.model = model
        self.board, self.turn = (list(model.variables).index(name) for name in VARIABLES)
        initial = list(model.init_states())
        if not initial:
            raise NotAGame("it has no initial state")
        try:
            boards = [rows(state[self.board]) for state in initial]
        except ValueError as error:
            raise NotAGame(str(error)) from None
        self.grid = Grid(len(boards[0]))
        squares = {square for board in boards for row in board for square in row}
        if len(squares) != 1 or any(len(board) != self.grid.size for board in boards):
            raise NotAGame("its initial boards are not all one value, the empty square, in each of n x n squares")
        (empty,) = squares
        turns = list(dict.fromkeys(state[self.turn] for state in initial))
        if not all(map(is_mark, [empty, *turns])) or empty in turns:
            shown = ", ".join(map(written, [empty, *turns]))
            raise NotAGame(f"its initial board and nextTurn ({shown}) are not three marks: strings or model values")
        first = turns[0]
        if len(turns) > 1:
            if set(turns) != {X, O}:
                raise NotAGame(f"nextTurn is {' or '.join(map(written, turns))} initially: one side, X, moves first")
            x, o = X, O
        else:
            second = self.second(initial, first, empty)
            x, o = (X, O) if {first, second} == {X, O} else (first, second)
        self.encoding = Encoding(x, o, empty, x, o, written)

    def second(self, initial: list, first: Any, empty: Any) -> Any:
        """The mark other than `first` and `empty` that the states reached from `initial` hold first."""
        seen, pending = set(initial), deque(initial)
        while pending and len(seen) <= SEARCH:
            state = pending.popleft()
            for following in self.model.next_states(state) if self.model.next_states else (
                    after for _, after in self.model.next_steps(state)):
                values = [following[self.turn]]
                if isinstance(following[self.board], tuple):
                    values += [v for row in following[self.board] if isinstance(row, tuple) for v in row]
                for value in values:
                    if value != first and value != empty and is_mark(value):
                        return value
                if following not in seen:
                    seen.add(following)
                    pending.append(following)
        raise NotAGame(
            f"none of the first {SEARCH:,} states reached from the initial ones holds a mark other than "
            f"{written(first)} and {written(empty)}: O's"
        )

    def position(self, state: tuple) -> State:
        return self.encoding.decode(self.grid, rows(state[self.board], self.grid.size), state[self.turn])

    def state(self, position: State) -> tuple:
        board, turn = self.encoding.encode(self.grid, position)
        values = [None, None]
        values[self.board], values[self.turn] = board, turn
        return tuple(values)
