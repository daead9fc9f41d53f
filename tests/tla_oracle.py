"""An independent reading of the lecture's tic-tac-toe in TLA+: the positions, the moves, and the
figures TLC gives for specs/tictactoe.tla (part 2), specs/tictactoe_random.tla (part 1) and
tests/specs/tla/tictactoe_after_win.tla (part 1 where a player may move after a win).

Written from the specs' text, apart from ttt-check (it imports nothing of `checker/` or `model/`)
and apart from tests/enumerator.py (which reads the Quint specs, a board being a string there): a
position is TLC's value of `<<board, nextTurn>>`, the board a tuple of three rows of "X", "O", "_";
each operator of the specs is a function of the same name. The next-state relation is walked as TLC
walks it: every `\\E` of an action branches, a guard's too, so a successor is generated once per
witness -- which is what TLC's "states generated" counts.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Callable, Iterator

import tlc

EMPTY = "_"
START_BOARD = ((EMPTY,) * 3,) * 3
INIT = (START_BOARD, "X")
COORDINATES = [(i, j) for i in (1, 2, 3) for j in (1, 2, 3)]
WINNING_PATTERNS = [
    ((1, 1), (1, 2), (1, 3)), ((2, 1), (2, 2), (2, 3)), ((3, 1), (3, 2), (3, 3)),
    ((1, 1), (2, 1), (3, 1)), ((1, 2), (2, 2), (3, 2)), ((1, 3), (2, 3), (3, 3)),
    ((1, 1), (2, 2), (3, 3)), ((3, 1), (2, 2), (1, 3)),
]  # fmt: skip
CORNERS = [(1, 1), (3, 1), (1, 3), (3, 3)]
CENTER = (2, 2)
OTHER = {"X": "O", "O": "X"}


def square(board, coordinate) -> str:
    return board[coordinate[0] - 1][coordinate[1] - 1]


def is_empty(board, coordinate) -> bool:
    return square(board, coordinate) == EMPTY


def board_empty(board) -> bool:
    return all(is_empty(board, c) for c in COORDINATES)


def board_full(board) -> bool:
    return not any(is_empty(board, c) for c in COORDINATES)


def won(board, player) -> bool:
    return any(all(square(board, c) == player for c in pattern) for pattern in WINNING_PATTERNS)


def stalemate(board) -> bool:
    return board_full(board) and not won(board, "X") and not won(board, "O")


def game_over(board) -> bool:
    return won(board, "X") or won(board, "O") or board_full(board)


def move(board, player, coordinate):
    """`Move(player, coordinate)`: the board after it, or None where the square is taken."""
    if not is_empty(board, coordinate):
        return None
    i, j = coordinate
    row = board[i - 1][: j - 1] + (player,) + board[i - 1][j:]
    return board[: i - 1] + (row,) + board[i:]


def moves_to(board, player, coordinates) -> Iterator[object]:
    """`\\E coordinate \\in coordinates : Move(player, coordinate)`, one board per witness."""
    for coordinate in coordinates:
        after = move(board, player, coordinate)
        if after is not None:
            yield after


# ---------------------------------------------------------------------------------------------------
# The strategy (specs/tictactoe.tla)


def count(board, pattern, piece) -> int:
    return sum(square(board, c) == piece for c in pattern)


def empty_in(board, pattern) -> list:
    return [c for c in pattern if is_empty(board, c)]


def can_win_with(board, pattern) -> bool:
    return count(board, pattern, "X") == 2 and count(board, pattern, "_") == 1


def can_block_with(board, pattern) -> bool:
    return count(board, pattern, "O") == 2 and count(board, pattern, "_") == 1


def can_setup_win_with(board, pattern) -> bool:
    return count(board, pattern, "X") == 1 and count(board, pattern, "_") == 2


def by_patterns(board, rule: Callable) -> list:
    """`\\E pattern \\in {p \\in WinningPatterns : rule(p)} : \\E coordinate \\in EmptyIn(pattern) :
    Move("X", coordinate)`, one board per witness."""
    return [after for p in WINNING_PATTERNS if rule(board, p) for after in moves_to(board, "X", empty_in(board, p))]


def guarded(board, rule: Callable, then: list) -> list:
    """`/\\ CanRule /\\ Rule`: CanRule is an \\E over the patterns, and TLC goes on to Rule once per
    witness of it."""
    witnesses = sum(rule(board, p) for p in WINNING_PATTERNS)
    return then * witnesses


def strategy(board) -> list[tuple[str, object]]:
    """MoveX's chain of guarded disjuncts, as (disjunct, board) once per witness; X moves only while
    the game is not over."""
    if game_over(board):
        return []
    if board_empty(board):
        return [("StartInCorner", b) for b in moves_to(board, "X", CORNERS)]
    can = {name: any(rule(board, p) for p in WINNING_PATTERNS)
           for name, rule in (("Win", can_win_with), ("BlockWin", can_block_with), ("SetupWin", can_setup_win_with))}  # fmt: skip
    if can["Win"]:
        return [("Win", b) for b in guarded(board, can_win_with, by_patterns(board, can_win_with))]
    if can["BlockWin"]:
        return [("BlockWin", b) for b in guarded(board, can_block_with, by_patterns(board, can_block_with))]
    if is_empty(board, CENTER):
        return [("TakeCenter", b) for b in moves_to(board, "X", [CENTER])]
    if can["SetupWin"]:
        return [("SetupWin", b) for b in guarded(board, can_setup_win_with, by_patterns(board, can_setup_win_with))]
    return [("MoveToEmpty", b) for b in moves_to(board, "X", COORDINATES)]


def to_empty(board, player: str) -> list[tuple[str, object]]:
    """`MoveToEmpty(player)`: any empty square, while the game is not over."""
    return [] if game_over(board) else [("MoveToEmpty", b) for b in moves_to(board, player, COORDINATES)]


def anywhere(board, player: str) -> list[tuple[str, object]]:
    """MoveToEmpty without its guard: any empty square, the game over or not."""
    return [("MoveToEmpty", b) for b in moves_to(board, player, COORDINATES)]


# ---------------------------------------------------------------------------------------------------
# The specs and their state graphs


@dataclass(frozen=True)
class Spec:
    """A spec of the lecture's shape: `Next == MoveX \\/ MoveO`, each player's move given."""

    name: str
    move_x: Callable[[object], list]
    move_o: Callable[[object], list]

    def steps(self, state) -> list[tuple[str, str, tuple]]:
        """(action, disjunct, next position), once per witness TLC enumerates."""
        board, turn = state
        if turn == "X":
            return [("MoveX", why, (after, "O")) for why, after in self.move_x(board)]
        return [("MoveO", why, (after, "X")) for why, after in self.move_o(board)]


STRATEGY = Spec("tictactoe", strategy, lambda board: to_empty(board, "O"))
RANDOM = Spec("tictactoe_random", lambda board: to_empty(board, "X"), lambda board: to_empty(board, "O"))
AFTER_WIN = Spec("tictactoe_after_win", lambda board: anywhere(board, "X"), lambda board: anywhere(board, "O"))
SPECS = {spec.name: spec for spec in (STRATEGY, RANDOM, AFTER_WIN)}


@dataclass
class Graph:
    """A spec's reachable positions by breadth-first search from Init, as TLC finds them."""

    #: position -> its level, Init's being 0 (a counterexample to it has level + 1 states)
    level: dict[tuple, int]
    #: position -> its distinct (action, next position) moves
    moves: dict[tuple, frozenset]
    #: TLC's "states generated": the initial state and every successor of every witness
    generated: int
    parent: dict[tuple, tuple] = field(default_factory=dict)

    @property
    def distinct(self) -> int:
        return len(self.level)

    @property
    def depth(self) -> int:
        """TLC's depth: the states on a longest shortest path, Init included."""
        return max(self.level.values()) + 1

    @property
    def final(self) -> set:
        """The positions with no move, where a behaviour stutters forever (or TLC finds a deadlock)."""
        return {s for s, out in self.moves.items() if not out}

    def shortest(self, bad: Callable[[tuple], bool]) -> int | None:
        """The states of a shortest behaviour from Init to a position where `bad` holds (None if none)."""
        return min((self.level[s] + 1 for s in self.level if bad(s)), default=None)

    def path_to(self, state) -> list[tuple]:
        path = [state]
        while path[-1] in self.parent:
            path.append(self.parent[path[-1]])
        return path[::-1]

    def never(self, good: Callable[[tuple], bool]) -> int | None:
        """`<>good` under WF_vars(Next): the states of a shortest behaviour that ends stuttering in a
        final position without ever reaching `good` (None when every behaviour reaches it). The graph
        has no cycle (each move adds a mark), so such a behaviour is a path of `~good` positions to a
        final one."""
        if good(INIT):
            return None
        seen, queue = {INIT: 1}, deque([INIT])
        while queue:
            state = queue.popleft()
            if not self.moves[state]:
                return seen[state]
            for _, after in sorted(self.moves[state]):
                if after not in seen and not good(after):
                    seen[after] = seen[state] + 1
                    queue.append(after)
        return None


@cache
def graph(name: str) -> Graph:
    """The state graph of the spec of that name (a module's name), explored once."""
    return explore(SPECS[name])


def explore(spec: Spec) -> Graph:
    level, moves, parent, generated = {INIT: 0}, {}, {}, 1
    queue = deque([INIT])
    while queue:
        state = queue.popleft()
        steps = spec.steps(state)
        generated += len(steps)
        moves[state] = frozenset((action, after) for action, _, after in steps)
        for _, _, after in steps:
            if after not in level:
                level[after] = level[state] + 1
                parent[after] = state
                queue.append(after)
    return Graph(level, moves, generated, parent)


#: the specs' invariants and state predicates, on a position
PREDICATES: dict[str, Callable[[tuple], bool]] = {
    "XHasNotWon": lambda s: not won(s[0], "X"),
    "OHasNotWon": lambda s: not won(s[0], "O"),
    "NotStalemate": lambda s: not stalemate(s[0]),
    "NotBothWon": lambda s: not (won(s[0], "X") and won(s[0], "O")),
}
#: the specs' temporal properties `<>P`, by their P
EVENTUALLY: dict[str, Callable[[tuple], bool]] = {
    "XMustEventuallyWin": lambda s: won(s[0], "X"),
    "GameEventuallyEnds": lambda s: game_over(s[0]),
}


def as_string(position) -> tuple[str, str]:
    """A position as tests/enumerator.py writes one: the board's nine squares in a string, "." empty."""
    board, turn = position
    return "".join(square(board, c) for c in COORDINATES).replace(EMPTY, "."), turn


# ---------------------------------------------------------------------------------------------------
# What TLC must answer for a cfg


def spec_of(config: Path) -> Path:
    """The spec a cfg is for, by TLC's naming: FILE.cfg, or FILE-question.cfg beside FILE.tla."""
    return config.with_name(config.stem.split("-")[0] + ".tla")


def asked(config: Path) -> dict:
    """What a cfg asks: its invariants, its properties, and whether it checks for deadlock."""
    text = config.read_text()
    found = tlc.sections(text)
    return {"invariants": found.get("INVARIANT", []), "properties": found.get("PROPERTY", []),
            "deadlock": tlc.check_deadlock(text) is not False}  # fmt: skip


def expected(config: Path) -> dict:
    """What TLC must answer for a cfg of one of the specs: the verdict's kind (as tests/tlc.py names
    it), the violated invariant, the length in states of a shortest counterexample (TLC's is one for
    an invariant or a deadlock; for a temporal property TLC's may be longer).

    TLC searches breadth-first: an invariant is checked on each state as it is found, a deadlock when a
    state is expanded, so of those at one level the invariant comes first; properties come last."""
    model, question = graph(spec_of(config).stem), asked(config)
    found = []  # (is a property, states, order, kind, name)
    for name in question["invariants"]:
        states = model.shortest(lambda s, holds=PREDICATES[name]: not holds(s))
        if states is not None:
            found.append((False, states, 0, "invariant", name))
    if question["deadlock"]:
        states = model.shortest(lambda s: not model.moves[s])
        if states is not None:
            found.append((False, states, 1, "deadlock", None))
    for name in question["properties"]:
        states = model.never(EVENTUALLY[name])
        if states is not None:
            found.append((True, states, 2, "temporal", None))
    if not found:
        return {"kind": "holds", "name": None, "states": None}
    _, states, _, kind, name = min(found)
    return {"kind": kind, "name": name, "states": states}


# ---------------------------------------------------------------------------------------------------
# Two games compared


def string_moves(name: str) -> dict[tuple[str, str], set]:
    """A spec's position -> next positions, positions written as tests/enumerator.py writes them."""
    return {as_string(s): {as_string(after) for _, after in moves} for s, moves in graph(name).moves.items()}


def first_difference(a: dict, b: dict, start=("." * 9, "X")) -> list | None:
    """A shortest game that `a` allows and `b` does not (each a position -> next positions map): its
    positions from `start` up to the first move `b` lacks; None when every game of `a` is one of `b`'s."""
    parent, queue = {start: None}, deque([start])
    while queue:
        position = queue.popleft()
        for after in sorted(a.get(position, ())):
            if after not in b.get(position, ()):
                game = [after, position]
                while parent[game[-1]] is not None:
                    game.append(parent[game[-1]])
                return game[::-1]
            if after not in parent:
                parent[after] = position
                queue.append(after)
    return None
