"""An independent enumeration of the lecture's tic-tac-toe, to check the checker against.

Written apart from `model/` and `checker/` on purpose (it imports neither):
a board is a 9-character string read row by row, `"X.O......"`, square
`(row, column)` being index `3 * (row - 1) + (column - 1)`; a state is a
`(board, nextTurn)` pair; games are walked depth-first by recursion. X's
strategy is read again from the lecture (part 2, "Jogando pra ganhar"), with
its `MoveX` taken literally: it has no `not(gameOver)` guard of its own, only
the fallback `MoveToEmpty(X)` has one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

EMPTY = "."
START = (EMPTY * 9, "X")
LINES = tuple(tuple(int(i) for i in line) for line in "012 345 678 036 147 258 048 246".split())
CORNERS = (0, 2, 6, 8)
CENTER = 4


def has_won(board: str, mark: str) -> bool:
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


def is_full(board: str) -> bool:
    return EMPTY not in board


def is_over(board: str) -> bool:
    return has_won(board, "X") or has_won(board, "O") or is_full(board)


def is_stalemate(board: str) -> bool:
    return is_full(board) and not has_won(board, "X") and not has_won(board, "O")


def outcome(board: str) -> str | None:
    """"X" or "O" for a win, "draw" for a full board, None while the game goes on."""
    for mark in "XO":
        if has_won(board, mark):
            return mark
    return "draw" if is_full(board) else None


#: the lecture's invariants, as predicates that hold in good states
INVARIANTS: dict[str, Callable[[str], bool]] = {
    "XHasNotWon": lambda board: not has_won(board, "X"),
    "OHasNotWon": lambda board: not has_won(board, "O"),
    "NotStalemate": lambda board: not is_stalemate(board),
}


def empties(board: str, squares=range(9)) -> list[int]:
    return [i for i in squares if board[i] == EMPTY]


def any_square(board: str, mark: str) -> list[tuple]:
    """`MoveToEmpty`: one choice per empty square, none once the game is over."""
    return [] if is_over(board) else [(None, i) for i in empties(board)]


def lines_with(board: str, mark: str, count: int) -> list[tuple]:
    """(line, empty square) choices over lines holding `count` marks and nothing else."""
    return [
        (line, i)
        for line in LINES
        if sum(board[j] == mark for j in line) == count and len(empties(board, line)) == 3 - count
        for i in empties(board, line)
    ]


def strategy(board: str, mark: str) -> list[tuple]:
    """X's choices by the lecture's priority list; the first applicable rule decides alone."""
    if board == EMPTY * 9:
        return [(None, i) for i in CORNERS]
    for rule in (lambda: lines_with(board, "X", 2), lambda: lines_with(board, "O", 2)):
        choices = rule()
        if choices:
            return choices
    if board[CENTER] == EMPTY:
        return [(None, CENTER)]
    return lines_with(board, "X", 1) or any_square(board, mark)


def without_block(board: str, mark: str) -> list[tuple]:
    """The lecture's exercise: X's strategy with the Block rule dropped, MoveX guarded by not(gameOver)
    as specs/tictactoe.qnt guards it."""
    if is_over(board):
        return []
    if board == EMPTY * 9:
        return [(None, i) for i in CORNERS]
    win = lines_with(board, "X", 2)
    if win:
        return win
    if board[CENTER] == EMPTY:
        return [(None, CENTER)]
    return lines_with(board, "X", 1) or any_square(board, mark)


@dataclass
class Exploration:
    """Everything the tests compare with the checker."""

    #: reachable state -> length of a shortest path from the start to it
    distance: dict[tuple, int]
    #: state -> its distinct successors
    successors: dict[tuple, frozenset]
    #: number of (choice, successor) steps over all states, plus the start
    generated: int
    per_depth: list[int] = field(default_factory=list)

    @property
    def states(self) -> set:
        return set(self.distance)

    @property
    def final(self) -> set:
        return {s for s, nxt in self.successors.items() if nxt <= {s}}

    @property
    def deadlocks(self) -> set:
        return {s for s, nxt in self.successors.items() if not nxt}

    @property
    def transitions(self) -> int:
        return sum(len(nxt) for nxt in self.successors.values())

    def violating(self, invariant: str) -> set:
        holds = INVARIANTS[invariant]
        return {s for s in self.distance if not holds(s[0])}

    def shortest(self, states: set) -> int | None:
        """The length of a shortest path to any of `states` (None if there is none)."""
        return min((self.distance[s] for s in states), default=None)


class Game:
    """Tic-tac-toe with X playing by `x_plays` and O by `o_plays` (anywhere by default)."""

    def __init__(self, x_plays=any_square, stutter: bool = True, o_plays=any_square):
        self.x_plays = x_plays
        self.o_plays = o_plays
        self.stutter = stutter

    def choices(self, state: tuple) -> list[tuple]:
        """Every (why, next state) step: a nondet choice, or the game-over stutter."""
        board, turn = state
        plays = self.x_plays if turn == "X" else self.o_plays
        steps = [
            ((turn, why, i), (board[:i] + turn + board[i + 1 :], "O" if turn == "X" else "X"))
            for why, i in plays(board, turn)
        ]
        if self.stutter and is_over(board):
            steps.append(("stutter", state))
        return steps

    def explore(self) -> Exploration:
        """Depth-first walk of every game, keeping the shortest distance to each state."""
        distance: dict[tuple, int] = {}
        successors: dict[tuple, frozenset] = {}
        generated = [1]

        def visit(state: tuple, depth: int) -> None:
            if distance.get(state, depth + 1) <= depth:
                return
            distance[state] = depth
            if state not in successors:
                steps = self.choices(state)
                generated[0] += len(steps)
                successors[state] = frozenset(nxt for _, nxt in steps)
            for nxt in successors[state]:
                visit(nxt, depth + 1)

        visit(START, 0)
        counts = Counter(distance.values())
        return Exploration(distance, successors, generated[0], [counts[d] for d in range(max(counts) + 1)])

    def games(self) -> tuple[Counter, set]:
        """Complete games (plays until the game is over) counted by outcome ("X", "O" or
        "draw"), and the set of positions they end in."""
        ends: set = set()

        @lru_cache(maxsize=None)
        def count(state: tuple) -> tuple[int, int, int]:
            board = state[0]
            if is_over(board):
                ends.add(state)
                return (has_won(board, "X"), has_won(board, "O"), is_stalemate(board))
            tallies = [count(nxt) for why, nxt in self.choices(state) if why != "stutter"]
            return tuple(sum(column) for column in zip(*tallies))

        return Counter(dict(zip(("X", "O", "draw"), count(START)))), ends

    def endings(self) -> Counter:
        """Distinct complete games counted by (how the game ends, number of moves): "X",
        "O" or "draw", or "stuck" for a position that is not game over but has no move."""

        @lru_cache(maxsize=None)
        def count(state: tuple) -> Counter:
            if is_over(state[0]):
                return Counter({(outcome(state[0]), 0): 1})
            after = {nxt for why, nxt in self.choices(state) if why != "stutter"}
            if not after:
                return Counter({("stuck", 0): 1})
            games: Counter = Counter()
            for nxt in after:
                for (end, moves), n in count(nxt).items():
                    games[end, moves + 1] += n
            return games

        return Counter(count(START))


RANDOM = Game(any_square)
STRATEGY = Game(strategy)


OTHER = {"X": "O", "O": "X"}


def play(board: str, i: int, mark: str) -> str:
    """The board after `mark` plays square `i`."""
    return board[:i] + mark + board[i + 1 :]


def minimax_over(game: Game) -> Callable[[tuple], int]:
    """X's payoff under best play from a state, X and O choosing among `game`'s moves (stuttering is no move)."""

    @lru_cache(maxsize=None)
    def value(state: tuple) -> int:
        board, turn = state
        if has_won(board, "X"):
            return 1
        if has_won(board, "O"):
            return -1
        if is_full(board):
            return 0
        after = [nxt for why, nxt in game.choices(state) if why != "stutter"]
        return max(map(value, after)) if turn == "X" else min(map(value, after))

    return value


_FREE_VALUE = minimax_over(RANDOM)


def minimax(board: str, turn: str) -> int:
    """002's minimax value: +1 if X wins with best play from here, -1 if O does, 0 for a draw."""
    return _FREE_VALUE((board, turn))
