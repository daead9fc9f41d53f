"""Two models compared through a function of their states: the same nodes and moves, or a shortest difference.

Each model's reachable state graph is explored whole, and each state renamed by a function that is
one-to-one on the model's states (`node`): a position of a game, say, which two specs written in
different languages hold as different values. Two models agree when they start from the same
nodes and have the same moves between nodes, a move being a step to a different node (a step that
leaves the node as it is, such as stuttering once a game is over, is none). Otherwise a shortest
difference is a shortest sequence of nodes, from an initial one, that one model's moves follow and
the other's do not: moves both have, then one that only one has (or, with no move, an initial node
of one only). A breadth-first search over the moves both have finds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from checker.explore.bfs import Stats, explore
from checker.explore.memory import MemoryBound
from checker.explore.trace import path_to
from checker.model import Model


@dataclass(frozen=True)
class Projection:
    """A model's reachable state graph, its states renamed by a one-to-one function into nodes."""

    model: Model
    #: the initial nodes, each once, in the model's order
    initial: tuple[Hashable, ...]
    #: every reachable node -> the nodes its moves lead to (itself left out), in the model's order
    moves: dict[Hashable, tuple[Hashable, ...]]
    #: node -> the state it renames
    states: dict[Hashable, Hashable]
    #: what the exploration saw; `stats.complete` is false when it stopped at a bound
    stats: Stats

    @property
    def move_count(self) -> int:
        return sum(map(len, self.moves.values()))


def project(
    model: Model, node: Callable[[Hashable], Hashable], max_states: int | None = None, memory: MemoryBound | None = None
) -> Projection:
    """`model`'s reachable graph through `node`; explored breadth-first up to `max_states` states and the
    memory bound (then `stats` says it stopped, and the projection holds what was explored).
    ValueError if `node` gives two of the model's states one node: the comparison would not be exact."""
    result = explore(model, check_deadlock=False, keep_graph=True, max_states=max_states, memory=memory)
    graph = result.graph or {}
    states: dict[Hashable, Hashable] = {}
    nodes: dict[Hashable, Hashable] = {}
    for state in graph:
        named = nodes[state] = node(state)
        if states.setdefault(named, state) != state:
            raise ValueError(f"spec '{model.name}': two states are one node: {state!r} and {states[named]!r}")
    moves = {}
    for state, successors in graph.items():
        here = nodes[state]
        # a successor beyond a bound was not expanded: it is named here
        named = (nodes[s] if s in nodes else node(s) for s in successors)
        moves[here] = tuple(dict.fromkeys(n for n in named if n != here))
    return Projection(model, tuple(dict.fromkeys(nodes[s] for s in result.initial)), moves, states, result.stats)


@dataclass(frozen=True)
class Difference:
    """A shortest sequence of nodes from an initial node that one projection's moves follow, the other's not."""

    #: the nodes, from an initial one; all but the last move are both projections'
    path: tuple[Hashable, ...]
    #: which projection allows it: 0 the first, 1 the second
    allows: int
    #: whether the other projection reaches the last node at all (by other moves)
    reached: bool


def shortest_difference(first: Projection, second: Projection) -> Difference | None:
    """A shortest difference of two whole projections (see the module's docstring); None when they have the
    same initial nodes and the same moves, hence the same reachable nodes."""
    both = (first, second)
    for side, (mine, theirs) in enumerate((both, both[::-1])):
        for start in mine.initial:
            if start not in theirs.initial:
                return Difference((start,), side, start in theirs.moves)
    parents: dict[Hashable, Hashable | None] = dict.fromkeys(first.initial)
    frontier = list(first.initial)
    while frontier:
        following = []
        for here in frontier:
            for side, (mine, theirs) in enumerate((both, both[::-1])):
                others = set(theirs.moves[here])
                for there in mine.moves[here]:
                    if there not in others:
                        return Difference(tuple(path_to(parents, here)) + (there,), side, there in theirs.moves)
            for there in first.moves[here]:  # here, both have the same moves
                if there not in parents:
                    parents[there] = here
                    following.append(there)
        frontier = following
    return None
