"""What a model must say to be solved as a two-player, zero-sum game of perfect information.

The checker knows nothing of the rules: a `Game` is a model that can say whose
turn it is and what a final state pays. Payoffs are for the first side (the
maximiser), e.g. +1 when it wins, -1 when it loses, 0 for a draw.
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping, NamedTuple, Protocol, runtime_checkable


class Value(NamedTuple):
    """The value of a state under optimal play from it.

    `payoff` is for the first side; `plies` is how many moves the game then
    lasts: the winner hurries and the loser holds out (a depth-aware
    score), and of equally good draws the shorter is taken.
    """

    payoff: int
    plies: int

    def preference(self, sign: int) -> tuple[int, int]:
        """How much the side with `sign` (+1 first side, -1 second) likes this value: higher is better.

        A win is better the sooner it comes, a loss the later; for a draw the length does not matter.
        """
        payoff = sign * self.payoff
        return payoff, -self.plies if payoff > 0 else self.plies if payoff < 0 else 0


@runtime_checkable
class Game(Protocol):
    """A model whose states are positions of a two-player game."""

    #: the two sides, the maximiser first, e.g. ("X", "O")
    sides: tuple[str, str]

    def to_move(self, state: Hashable) -> str:
        """The side whose turn it is in `state`."""

    def payoff(self, state: Hashable) -> int | None:
        """What a finished game pays the first side; None while the game goes on."""

    def rules(self) -> Mapping[str, str]:
        """Side -> the rule it follows ("the lecture's strategy"); a side absent moves freely."""

    def free_game(self) -> "Game":
        """The same game with every side free to make any legal move (to judge the rules' moves)."""

    def show_choices(self, state: Hashable, marks: Mapping[Hashable, str]) -> str:
        """`state` drawn with `marks[successor]` written where the move to that successor goes."""

    def show_label(self, label: Any, view: str = "all") -> str:
        """A step's label as a reader sees it (as `checker.model.Model.show_label`)."""
