"""Learned state values (a policy) and the file `ttt-check learn` writes them to.

A policy gives each side, X and O, a value for boards: how good the board is
for that side, 1 a win, 0.5 a draw, 0 a loss, as the learner estimates it.
With `symmetry`, boards that are rotations or reflections of each other share
one value, kept under the board of the class with the smallest hash
`H(T) = sum T_i * 3^i` (T_i = 0 empty, 1 X, 2 O, squares row by row), as in
the symmetric agent this follows.

The file is plain JSON: a format name and schema version, the board size, the
symmetry flag, how it was trained, and `values`: side -> board -> value,
boards written row by row with `/` between rows (`X.O/.X./..O`). A board
missing from a side's table has the value a learner starts from (see
`initial_value`), so a hand-made policy may list only the boards it cares about.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache

from checker.files import ReadError, read_bounded, write_atomically
from model.spec.grid import Grid
from model.spec.state import PLAYERS, Board, State, X
from model.spec.symmetry import canonical

FORMAT = "ttt-check policy"
VERSION = 1
#: the board size of the specs (the lecture's board)
SIZE = 3


def board_text(grid: Grid, board: Board) -> str:
    """`X.O/.X./..O`: the board row by row, `.` for an empty square."""
    marks = ["X" if board.x & bit else "O" if board.o & bit else "." for bit in grid.bit.values()]
    n = grid.size
    return "/".join("".join(marks[row * n : row * n + n]) for row in range(n))


def parse_board(grid: Grid, text: str) -> Board:
    """The board `board_text` wrote; ValueError says what is wrong."""
    rows = text.split("/") if isinstance(text, str) else []
    n = grid.size
    if len(rows) != n or any(len(row) != n or set(row) - set("XO.") for row in rows):
        raise ValueError(f"'{str(text)[:40]}' is not a {n}x{n} board (rows of X, O and '.', separated by '/')")
    marks = "".join(rows)
    bits = list(grid.bit.values())
    board = Board(
        sum(bit for bit, mark in zip(bits, marks) if mark == "X"),
        sum(bit for bit, mark in zip(bits, marks) if mark == "O"),
    )
    if board.x.bit_count() - board.o.bit_count() not in (0, 1):
        raise ValueError(f"'{text}' cannot happen in a game: X moves first, then the players alternate")
    if board not in reachable_boards(grid.size):
        raise ValueError(f"'{text}' cannot happen in a game: play stops at the first line of {grid.k}")
    return board


@lru_cache(maxsize=None)
def reachable_boards(size: int) -> frozenset[Board]:
    """Every board a game on the size x size board can reach: X first, then turns, until a line or a full board."""
    grid = grid_of(size)
    found, frontier = {Board(0, 0)}, [Board(0, 0)]
    while frontier:
        following = []
        for board in frontier:
            if grid.has_line(board.x) or grid.has_line(board.o) or board.x | board.o == grid.ALL:
                continue
            x_moves = board.x.bit_count() == board.o.bit_count()
            for bit in grid.bit.values():
                if not (board.x | board.o) & bit:
                    after = Board(board.x | bit, board.o) if x_moves else Board(board.x, board.o | bit)
                    if after not in found:
                        found.add(after)
                        following.append(after)
        frontier = following
    return frozenset(found)


@lru_cache(maxsize=None)
def grid_of(size: int) -> Grid:
    """The size x size board (one per size, shared)."""
    return Grid(size)


@lru_cache(maxsize=None)
def class_of(size: int, board: Board) -> Board:
    """The board of `board`'s class with the smallest base-3 hash (`model.spec.symmetry.canonical`)."""
    state = canonical(grid_of(size), State(board.x, board.o, X))
    return Board(state.x, state.o)


def initial_value(grid: Grid, board: Board, side: str) -> float:
    """What a learner believes before learning: 1 for a win of `side`, 0 for a loss, 0.5 otherwise."""
    if grid.has_line(board.x if side == X else board.o):
        return 1.0
    if grid.has_line(board.o if side == X else board.x):
        return 0.0
    return 0.5


@dataclass
class Policy:
    """Values of boards for X and for O, and how they were learned."""

    #: side -> board (a class representative with `symmetry`) -> value
    values: dict[str, dict[Board, float]]
    symmetry: bool = False
    size: int = SIZE
    #: how it was trained: epochs, seed, alpha, epsilon (empty for a hand-made policy)
    training: dict = field(default_factory=dict)

    def __post_init__(self):
        self.grid = grid_of(self.size)

    def key(self, board: Board) -> Board:
        """The board whose value stands for `board`."""
        return class_of(self.size, board) if self.symmetry else board

    def value(self, side: str, board: Board) -> float:
        """The value of `board` for `side`."""
        key = self.key(board)
        found = self.values[side].get(key)
        return initial_value(self.grid, key, side) if found is None else found

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "size": self.size,
            "symmetry": self.symmetry,
            **self.training,
            "values": {
                side: {board_text(self.grid, board): value for board, value in sorted(table.items(), key=_order)}
                for side, table in self.values.items()
            },
        }


def _order(item) -> tuple:
    board = item[0]
    return (board.x.bit_count() + board.o.bit_count(), board.x, board.o)


#: the training fields of a policy file: what each must be, and the test of its value
TRAINING = {
    "epochs": ("a whole number from 1 to 10^9", lambda v: type(v) is int and 1 <= v <= 10**9),
    "seed": ("a whole number from 0 to 2^64 - 1", lambda v: type(v) is int and 0 <= v < 2**64),
    "alpha": ("a number above 0 and at most 1", lambda v: number(v) and 0 < v <= 1),
    "epsilon": ("a number from 0 to 1", lambda v: number(v) and 0 <= v <= 1),
}


def number(value) -> bool:
    """Whether `value` (parsed JSON) is a finite number a float can hold (not true/false, not 10^400)."""
    if type(value) not in (int, float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def from_json(data) -> Policy:
    """The policy a parsed file holds; ValueError says, in one line, what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a policy file (a JSON object with \"format\": \"{FORMAT}\")")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        shown = str(data.get("version"))[:20]
        raise ValueError(f"policy schema version {shown} is not supported (this is version {VERSION})")
    if type(data.get("size")) is not int or data["size"] != SIZE:
        shown = str(data.get("size"))[:20]
        raise ValueError(f"the policy is for board size {shown}; the specs' board is {SIZE}x{SIZE}")
    symmetry = data.get("symmetry")
    if not isinstance(symmetry, bool):
        raise ValueError("'symmetry' must be true or false")
    training = {}
    for name, (what, valid) in TRAINING.items():
        if data.get(name) is not None:
            if not valid(data[name]):
                raise ValueError(f"'{name}' must be {what}")
            training[name] = float(data[name]) if name in ("alpha", "epsilon") else data[name]
    tables = data.get("values")
    if not isinstance(tables, dict) or not tables or set(tables) - set(PLAYERS):
        raise ValueError("'values' must map X and/or O to tables of board -> value")
    policy = Policy({}, symmetry, SIZE, training)
    for side, table in tables.items():
        if not isinstance(table, dict):
            raise ValueError(f"the values of {side} must be a table of board -> value")
        values: dict[Board, float] = {}
        for text, value in table.items():
            if not number(value):
                raise ValueError(f"the value of {side} for '{str(text)[:40]}' must be a finite number, not {value!r}")
            key = policy.key(parse_board(policy.grid, text))
            if values.get(key, value) != value:
                raise ValueError(f"'{text}' is symmetric to another board of {side} with a different value")
            values[key] = float(value)
        policy.values[side] = values
    return policy


#: the largest policy file read: a 3x3 policy lists at most 5,478 boards per side, about 150 KiB in all
POLICY_LIMIT = 4 << 20


def load_policy(path: str) -> Policy:
    """Read a policy file; ValueError says, in one line, what is wrong with it."""
    try:
        text = read_bounded(path, POLICY_LIMIT).decode("utf-8")
    except ReadError as error:
        raise ValueError(f"cannot read policy '{path}': {error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"policy '{path}' is not JSON: it is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:  # ValueError: JSON's, or an integer of thousands of digits
        why = "nested too deeply" if isinstance(error, RecursionError) else str(error).split("; use")[0]
        raise ValueError(f"policy '{path}' is not JSON: {why}") from None
    try:
        return from_json(data)
    except ValueError as error:
        raise ValueError(f"policy '{path}': {error}") from None


def _no_constant(name: str):
    """NaN and Infinity are not JSON (Python's reader takes them unless told)."""
    raise ValueError(f"{name} is not a JSON number")


def save_policy(policy: Policy, path: str) -> None:
    """Write the policy file, atomically; WriteError says, in one line, why it could not be written."""
    text = json.dumps(policy.to_json(), indent=1) + "\n"
    write_atomically(path, lambda out: out.write(text))
