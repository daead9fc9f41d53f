"""`checker.explore.compare` on its own: toy models whose games are enumerated here, path by path.

The oracle writes out every game of each model (every sequence of states from an initial one,
each step to a different state, renamed through the node function) up to a length past which two
graphs of so few states cannot first differ, and takes a shortest game of one that is not the
other's; the search must find one as short, a game of the one it names and not of the other.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.explore.compare import Difference, project, shortest_difference
from checker.model import Label, Model

STATES = 5


class Graph(Model):
    """A model given by its initial states and its edges: state -> successors (a step to itself stutters)."""

    name = "graph"

    def __init__(self, initial, edges, write=lambda state: state):
        self.initial, self.edges, self.write = [write(s) for s in initial], edges, write
        self.read = {write(s): s for s in range(STATES)}

    def init_states(self):
        return self.initial

    def next_steps(self, state):
        for successor in self.edges.get(self.read[state], ()):
            yield Label(("step",)), self.write(successor)


def games(model: Graph, node, longest: int) -> set[tuple]:
    """Every game of `model` of at most `longest` moves, as the nodes it goes through."""
    found = set()
    paths = [[s] for s in dict.fromkeys(model.init_states())]
    while paths:
        path = paths.pop()
        found.add(tuple(map(node, path)))
        if len(path) <= longest:
            paths += [path + [after] for _, after in model.next_steps(path[-1]) if after != path[-1]]
    return found


graphs = st.tuples(
    st.sets(st.integers(0, STATES - 1), min_size=1, max_size=2),
    st.dictionaries(st.integers(0, STATES - 1), st.lists(st.integers(0, STATES - 1), max_size=3), max_size=STATES),
)


def written(state: int) -> str:
    """The second model holds its states as words: its node function reads them back."""
    return "state " + str(state)


@settings(max_examples=300, deadline=None)
@given(graphs, graphs)
def test_the_shortest_difference_is_a_shortest_game_of_one_not_the_other(a, b):
    first, second = Graph(*a), Graph(*b, write=written)
    name_first, name_second = (lambda s: ("node", s)), (lambda s: ("node", int(s.split()[1])))
    longest = STATES + 1  # the moves both have join at most STATES nodes: a first difference is within STATES + 1 moves
    mine, theirs = games(first, name_first, longest), games(second, name_second, longest)
    found = shortest_difference(project(first, name_first), project(second, name_second))
    if mine == theirs:
        assert found is None
        return
    shortest = min(map(len, mine ^ theirs))
    assert isinstance(found, Difference) and len(found.path) == shortest
    games_of = (mine, theirs)
    assert found.path in games_of[found.allows] and found.path not in games_of[1 - found.allows]
    other = (second, first)[found.allows]
    node = (name_second, name_first)[found.allows]
    reached = {n for game in games_of[1 - found.allows] for n in game}
    assert found.reached == (found.path[-1] in reached)
    assert node(other.init_states()[0]) in reached


def test_a_projection_leaves_out_the_steps_that_keep_the_node_and_counts_the_moves():
    model = Graph([0], {0: [0, 1, 1], 1: [2, 1], 2: [2]})
    projected = project(model, lambda s: -s)
    assert projected.initial == (0,)
    assert projected.moves == {0: (-1,), -1: (-2,), -2: ()}
    assert projected.move_count == 2 and projected.states == {0: 0, -1: 1, -2: 2}


def test_a_node_function_that_merges_two_states_is_refused():
    with pytest.raises(ValueError, match="two states are one node"):
        project(Graph([0], {0: [1, 2]}), lambda s: s > 0)


def test_a_difference_of_initial_nodes_is_a_game_of_no_move():
    found = shortest_difference(project(Graph([0, 1], {}), str), project(Graph([1], {1: [0]}), str))
    assert found == Difference(("0",), 0, True)


def test_a_projection_stopped_at_a_bound_says_so():
    projected = project(Graph([0], {0: [1], 1: [2], 2: [3], 3: [4]}), str, max_states=2)
    assert not projected.stats.complete
