"""Game values of tic-tac-toe positions, for the players that play by them.

The values are those of the game itself, both sides free to move anywhere
(the `random` spec): its state graph is explored once per board size and
solved by retrograde analysis (`checker.games.retrograde`), then every
position's value is looked up, never searched again. A board no game
reaches (a replay may start anywhere) is solved on its own, from there.
"""

from __future__ import annotations

from functools import cache, lru_cache

from checker.explore.bfs import explore
from checker.games.game import Value
from checker.games.retrograde import Solution, solve
from model.spec.state import State
from model.spec.tictactoe import TicTacToe

#: a payoff for the side to move, as a word
OUTCOMES = {1: "win", 0: "draw", -1: "loss"}


@cache
def game_values(size: int = 3) -> Solution:
    """The value of every position of the `size` x `size` game (both sides free)."""
    game = TicTacToe(size)
    return solve(game, explore(game, check_deadlock=False, keep_graph=True).whole().graph)


class FromPosition(TicTacToe):
    """The free game started from `start`, a board that a game may or may not reach."""

    def __init__(self, size: int, start: State):
        super().__init__(size)
        self.start = start

    def init_states(self):
        return [self.start]


@lru_cache(maxsize=256)
def _values_from(size: int, start: State) -> Solution:
    game = FromPosition(size, start)
    return solve(game, explore(game, check_deadlock=False, keep_graph=True).whole().graph)


def position_values(size: int, state: State) -> Solution:
    """Values that cover `state` and every position after it: the game's, or those from `state` itself."""
    values = game_values(size)
    return values if state in values.values else _values_from(size, state)


def score(value: Value, sign: int) -> int:
    """The depth-aware score of a move to a position of `value`, for the side `sign`:
    +10 - depth for a win, depth - 10 for a loss, 0 for a draw; depth counts this move."""
    payoff, depth = sign * value.payoff, value.plies + 1
    return payoff * (10 - depth) if payoff else 0
