"""StrategyKeepsValue: ttt-check's own invariant about the lecture's strategy, from the game's values.

It is not in the Quint spec (Quint has no recursion to compute game values),
so it lives here, beside the solver it needs, and not in the transcription.
"""

from __future__ import annotations

from functools import cached_property

from checker.games.rules import Slip, slip_at
from model.players.solver import OUTCOMES, position_values
from model.spec.state import State, X
from model.spec.strategy import StrategyTicTacToe
from model.spec.views import both_names, choices_view, moved_to


class ValuedStrategy(StrategyTicTacToe):
    """The strategy spec, plus the invariant StrategyKeepsValue."""

    invariant_docs = {
        **StrategyTicTacToe.invariant_docs,
        "StrategyKeepsValue": (
            "StrategyKeepsValue",
            "(ttt-check only, not in the Quint spec: Quint has no recursion to compute game values.) "
            "When X is to move, every move the strategy may choose keeps the game value. "
            "This does not hold: the strategy sometimes turns a forced win into a draw.",
        ),
    }
    model_invariants = ("StrategyKeepsValue",)

    @cached_property
    def lecture(self) -> "StrategyTicTacToe":
        """The spec with the lecture's players, whose MoveX is the strategy (whoever plays X here)."""
        return StrategyTicTacToe(self.grid.size, self.grid.k, self.stutter)

    def strategy_slip(self, state: State) -> Slip | None:
        """Where X is to move and the strategy may choose a move of less value than the position's."""
        if state.nextTurn != X:
            return None
        return slip_at(self.lecture, self.free_game(), position_values(self.grid.size, state), state)

    def StrategyKeepsValue(self, state: State) -> bool:
        """`val StrategyKeepsValue = (nextTurn == X and not(gameOver)) implies <every move of the strategy keeps the game value>`

        The game value is that of tic-tac-toe itself, both players free to move
        anywhere (`model.players.solver`).
        """
        return self.strategy_slip(state) is None

    def explain_StrategyKeepsValue(self, state: State) -> str:
        """The strategy's moves that lose value in `state`, and the moves that keep it."""
        slip = self.strategy_slip(state)
        values = position_values(self.grid.size, state)
        value = OUTCOMES[values.for_mover(state)]

        def square(after) -> str:
            return both_names(moved_to(self.grid, state, after))

        lines = [f"In the last state X is to move and the game value is a {value} for X, but the strategy may choose:"]
        lines += [f"  {square(a)} by {l}, after which it is a {OUTCOMES[values.for_mover(state, values.values[a])]}"
                  for l, a in slip.losing]
        keeping = " or ".join(square(a) for _, a in slip.keeping)
        lines.append(f"A move that keeps the {value}: {keeping}. The value of each move of X there:")
        after = values.moves.successors(state)
        lines.append(choices_view(self.grid, state, {a: OUTCOMES[values.for_mover(state, values.values[a])] for a in after}))
        return "\n".join(lines)
