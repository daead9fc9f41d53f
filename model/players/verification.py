"""What a learned policy guarantees, decided exhaustively, and how it fares against a random player.

`loses` model-checks a learned side against every move of an opponent kind:
the learned side plays any of its tied best moves, so the check covers every
way it may break ties. `never_loses_from` turns checks every K epochs into
one number, the first epoch from which the policy never loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from checker.explore.bfs import explore
from checker.explore.trace import Trace
from model.players.kinds import KINDS, LearnedPlayer, Match, SpecMatch
from model.players.policy import Policy
from model.spec.shape import SpecGame
from model.spec.state import Board, O, X
from model.spec.tictactoe import TicTacToe

#: the opponents a learned side is checked against, by player kind
OPPONENTS = ("any", "perfect")
#: the invariant that says `side` has not lost
NOT_LOST = {X: "OHasNotWon", O: "XHasNotWon"}


def other(side: str) -> str:
    return O if side == X else X


def loses(policy: Policy, side: str, opponent: str, name: str = "policy", game: SpecGame | None = None) -> Trace | None:
    """A shortest game the learned `side` loses against player kind `opponent`, or None if it never loses.

    The game is the random spec's transcription, or `game`: its file evaluated as written, when it changed."""
    learned = LearnedPlayer(policy, name)
    x, o = (learned, KINDS[opponent]) if side == X else (KINDS[opponent], learned)
    model = Match(TicTacToe, x, o) if game is None else SpecMatch(game, x, o)
    invariant = model.invariants[NOT_LOST[side]]
    return explore(model, [invariant], check_deadlock=False).whole().violations.get(invariant.name)


def outcome_shares(policy: Policy, side: str) -> tuple[float, float, float]:
    """(won, drawn, lost): the chances of the learned `side` against a player moving uniformly at
    random, its own tied best moves taken uniformly at random too; exact, by recursion over the game."""
    game = TicTacToe()
    learned = LearnedPlayer(policy, "policy")

    @lru_cache(maxsize=None)
    def shares(board: Board, mover: str) -> tuple[float, float, float]:
        if game.won(board, side):
            return (1.0, 0.0, 0.0)
        if game.won(board, other(side)):
            return (0.0, 0.0, 1.0)
        if game.boardFull(board):
            return (0.0, 1.0, 0.0)
        player = learned if mover == side else KINDS["any"]
        after = [shares(moved, other(mover)) for _, moved in player.moves(game, board, mover)]
        return tuple(sum(column) / len(after) for column in zip(*after))

    return shares(Board(0, 0), X)


@dataclass
class Checkpoint:
    """The policy after `epoch` games: the length of a shortest lost game against each
    (side, opponent), None when it never loses, and each side's shares against a random player."""

    epoch: int
    lost_in: dict[tuple[str, str], int | None] = field(default_factory=dict)
    shares: dict[str, tuple[float, float, float]] = field(default_factory=dict)


def check(policy: Policy, epoch: int, shares: bool = False, game: SpecGame | None = None) -> Checkpoint:
    """Check both learned sides against every opponent of `OPPONENTS` (in `game`, see `loses`)."""
    point = Checkpoint(epoch)
    for side in (X, O):
        for opponent in OPPONENTS:
            trace = loses(policy, side, opponent, game=game)
            point.lost_in[side, opponent] = None if trace is None else len(trace) - 1
        if shares:
            point.shares[side] = outcome_shares(policy, side)
    return point


def never_loses_from(points: Sequence[Checkpoint], side: str, opponent: str) -> int | None:
    """The first checkpoint's epoch from which every later checkpoint never loses; None if the last loses."""
    first = None
    for point in points:
        if point.lost_in[side, opponent] is None:
            first = point.epoch if first is None else first
        else:
            first = None
    return first
