"""Game values of tic-tac-toe positions, for the players that play by them.

The values are those of the game itself, both sides free to move anywhere
(the `random` spec): its state graph is explored once per board size and
solved by retrograde analysis (`checker.games.retrograde`), then every
position's value is looked up, never searched again.
"""

from __future__ import annotations

from functools import cache

from checker.explore.bfs import explore
from checker.games.game import Value
from checker.games.retrograde import Solution, solve
from model.tictactoe import TicTacToe

#: a payoff for the side to move, as a word
OUTCOMES = {1: "win", 0: "draw", -1: "loss"}


@cache
def game_values(size: int = 3) -> Solution:
    """The value of every position of the `size` x `size` game (both sides free)."""
    game = TicTacToe(size)
    return solve(game, explore(game, check_deadlock=False, keep_graph=True).graph)


def score(value: Value, sign: int) -> int:
    """001's depth-aware score of a move to a position of `value`, for the side `sign`:
    +10 - depth for a win, depth - 10 for a loss, 0 for a draw; depth counts this move."""
    payoff, depth = sign * value.payoff, value.plies + 1
    return payoff * (10 - depth) if payoff else 0
