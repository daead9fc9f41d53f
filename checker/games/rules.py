"""Moves a rule may choose that throw away value: judged by the values of the free game.

A side that follows a rule (a strategy) keeps the game value when each move
its rule may choose leads to a position of the same value in the game where
every side moves freely. A `Slip` is a reachable position where some move of
the rule does worse.
"""

from __future__ import annotations

from typing import Hashable, NamedTuple

from checker.games.retrograde import Solution
from checker.model import Label, Model


class Slip(NamedTuple):
    """A position where a rule may choose a move of less value than the position's."""

    state: Hashable
    #: (label, position after) of each move of the rule that loses value
    losing: tuple[tuple[Label, Hashable], ...]
    #: (label, position after) of each free move that keeps the value
    keeping: tuple[tuple[Label, Hashable], ...]


def slip_at(model: Model, free_model: Model, free: Solution, state: Hashable) -> Slip | None:
    """The slip at `state` if the side to move there follows a rule of `model` and may lose value; else None."""
    if free.game.payoff(state) is not None or model.to_move(state) not in model.rules():
        return None
    value = free.for_mover(state)
    losing = {after: label for label, after in model.next_steps(state) if free.for_mover(state, free.values[after]) < value}
    if not losing:
        return None
    best = set(free.best_moves(state, exact=False))
    keeping = {after: label for label, after in free_model.next_steps(state) if after in best}
    return Slip(state, tuple((l, a) for a, l in losing.items()), tuple((l, a) for a, l in keeping.items()))


def slips(model: Model, states, free_model: Model, free: Solution) -> list[Slip]:
    """Every slip among `states` (reachable states of `model`), in their order."""
    found = (slip_at(model, free_model, free, state) for state in states)
    return [slip for slip in found if slip is not None]
