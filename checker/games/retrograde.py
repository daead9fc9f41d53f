"""Retrograde analysis: the value of every state of an explored game graph, from the end back.

The graph is the checker's (`explore(..., keep_graph=True)`): state -> its
successors. Stuttering (a state stepping to itself) is not a move. The rest
must have no cycle: states are valued in reverse topological order, each
after all its successors, so every state is solved once (the naive game tree
of tic-tac-toe has 549,946 nodes; its graph has 5,478 states).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable, Mapping

from checker.games.game import Game, Value

if TYPE_CHECKING:  # networkx loads only when a game is solved: it takes a tenth of a second
    import networkx as nx


def move_graph(graph: Mapping[Hashable, tuple]) -> nx.DiGraph:
    """The moves of `graph` (stuttering dropped) as a networkx graph; ValueError if a move cycle remains."""
    import networkx as nx

    moves = nx.DiGraph()
    moves.add_nodes_from(graph)
    moves.add_edges_from((state, after) for state, successors in graph.items() for after in successors if after != state)
    if not nx.is_directed_acyclic_graph(moves):
        raise ValueError("the game has a cycle of moves: retrograde analysis needs every game to end")
    return moves


@dataclass
class Solution:
    """The value of every state of a game graph, and what follows from it."""

    game: Game
    moves: nx.DiGraph
    values: dict[Hashable, Value]

    def sign(self, state: Hashable) -> int:
        """+1 when the first side is to move in `state`, -1 for the second."""
        return 1 if self.game.to_move(state) == self.game.sides[0] else -1

    def best_moves(self, state: Hashable, exact: bool = True) -> list[Hashable]:
        """The successors the side to move prefers most: by payoff and length (`exact`), or by payoff alone."""
        sign = self.sign(state)
        rank = (lambda v: v.preference(sign)) if exact else (lambda v: sign * v.payoff)
        after = list(self.moves.successors(state))
        if not after:
            return []
        best = max(rank(self.values[s]) for s in after)
        return [s for s in after if rank(self.values[s]) == best]

    def for_mover(self, state: Hashable, value: Value | None = None) -> int:
        """The payoff of `value` (default: the state's) for the side to move in `state`."""
        return self.sign(state) * (value or self.values[state]).payoff

    def games(self, initial) -> Counter:
        """How many distinct complete games (paths from `initial` to a final state) end with each payoff."""
        import networkx as nx

        paths: dict[Hashable, Counter] = {}
        for state in reversed(list(nx.topological_sort(self.moves))):
            after = list(self.moves.successors(state))
            if not after:
                paths[state] = Counter({self.game.payoff(state): 1})
            else:
                paths[state] = sum((paths[s] for s in after), Counter())
        return sum((paths[s] for s in initial), Counter())


def solve(game: Game, graph: Mapping[Hashable, tuple]) -> Solution:
    """Value every state of `graph`: a final state by its payoff, any other by the best of its successors."""
    import networkx as nx

    moves = move_graph(graph)
    values: dict[Hashable, Value] = {}
    for state in reversed(list(nx.topological_sort(moves))):
        after = list(moves.successors(state))
        if not after:
            payoff = game.payoff(state)
            if payoff is None:
                raise ValueError(f"a state with no move is not a finished game: {state!r}")
            values[state] = Value(payoff, 0)
            continue
        sign = 1 if game.to_move(state) == game.sides[0] else -1
        best = max((values[s] for s in after), key=lambda v: (v.preference(sign), -v.plies))
        values[state] = Value(best.payoff, best.plies + 1)
    return Solution(game, moves, values)
