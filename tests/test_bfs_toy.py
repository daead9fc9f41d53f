"""`checker.explore.bfs` on its own, on toy models whose figures are counted by hand."""

import os
import re

import console
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.explore.bfs import explore
from checker.model import Invariant, Label, Model


class Graph(Model):
    """A model given by its edges: state -> [(action name, successor), ...]."""

    name = "graph"

    def __init__(self, initial, edges):
        self.initial = list(initial)
        self.edges = edges

    def init_states(self):
        return self.initial

    def next_steps(self, state):
        for action, successor in self.edges.get(state, []):
            yield Label((action,)), successor


#: any graph over the states 0..7 with steps labelled `a` or `b` (for Graph(initial, edges))
labelled_edges = st.dictionaries(
    st.integers(0, 7), st.lists(st.tuples(st.sampled_from("ab"), st.integers(0, 7)), max_size=4), max_size=8
)


def counter(n):
    """A counter mod n: 0 -> 1 -> ... -> n-1 -> 0."""
    return Graph([0], {i: [("inc", (i + 1) % n)] for i in range(n)})


#: a -> b, a -> c, b -> d, c -> d; d has no step
DIAMOND = Graph(["a"], {"a": [("ab", "b"), ("ac", "c")], "b": [("bd", "d")], "c": [("cd", "d")]})


def below(k):
    return Invariant(f"below{k}", lambda s: s < k)


def not_d():
    return Invariant("notD", lambda s: s != "d")


def test_counter_statistics():
    stats = explore(counter(5), keep_graph=True).stats
    assert (stats.distinct, stats.generated, stats.transitions) == (5, 6, 5)
    assert stats.per_depth == [1, 1, 1, 1, 1] and stats.depth == 4
    assert (stats.final, stats.deadlocks) == (0, 0)


def test_a_self_loop_is_final_but_not_a_deadlock():
    stats = explore(counter(1), keep_graph=True).stats
    assert (stats.distinct, stats.generated, stats.transitions, stats.final, stats.deadlocks) == (1, 2, 1, 1, 0)


def test_counter_counterexample():
    result = explore(counter(5), [below(3)])
    trace = result.violations["below3"]
    assert trace.states == (0, 1, 2, 3)
    assert [str(label) if label else None for label in trace.labels] == [None, "inc", "inc", "inc"]
    assert result.deadlock is None


def test_diamond_statistics():
    result = explore(DIAMOND, keep_graph=True)
    stats = result.stats
    assert (stats.distinct, stats.generated, stats.transitions) == (4, 5, 4)
    assert stats.per_depth == [1, 2, 1]
    assert (stats.final, stats.deadlocks) == (1, 1)  # d
    assert result.graph == {"a": ("b", "c"), "b": ("d",), "c": ("d",), "d": ()}
    assert result.initial == ("a",)


def test_diamond_deadlock_trace_goes_through_the_first_branch():
    result = explore(DIAMOND)
    assert result.deadlock.states == ("a", "b", "d")
    assert [str(label) for label in result.deadlock.labels[1:]] == ["ab", "bd"]


def test_deadlock_check_off():
    result = explore(DIAMOND, [not_d()], check_deadlock=False)
    assert result.deadlock is None
    assert result.violations["notD"].states == ("a", "b", "d")


def test_an_invariant_broken_in_an_initial_state():
    result = explore(counter(3), [below(0)])
    trace = result.violations["below0"]
    assert trace.states == (0,) and trace.labels == (None,)


def test_several_initial_states_and_a_repeated_one():
    model = Graph(["p", "q", "p"], {"p": [("go", "r")], "q": [("go", "r")], "r": [("stay", "r")]})
    result = explore(model, keep_graph=True)
    stats = result.stats
    assert result.initial == ("p", "q")
    assert (stats.distinct, stats.generated, stats.transitions) == (3, 6, 3)
    assert stats.per_depth == [2, 1]
    assert (stats.final, stats.deadlocks) == (1, 0)  # r only steps to itself
    assert explore(model, [Invariant("notR", lambda s: s != "r")]).violations["notR"].states == ("p", "r")


def test_duplicate_successors_count_once_as_transitions_and_the_first_label_names_the_step():
    model = Graph(["s"], {"s": [("left", "t"), ("right", "t")], "t": [("back", "s")]})
    result = explore(model, [Invariant("notT", lambda s: s != "t")], keep_graph=True)
    stats = result.stats
    assert (stats.distinct, stats.generated, stats.transitions) == (2, 4, 2)
    assert str(result.violations["notT"].labels[1]) == "left"


def test_several_invariants_get_a_verdict_each():
    result = explore(counter(6), [below(2), below(4), below(10)])
    assert {name: len(trace) - 1 for name, trace in result.violations.items()} == {"below2": 2, "below4": 4}
    assert result.stats.complete  # below10 holds: everything was explored


def test_the_search_stops_once_everything_is_decided():
    result = explore(counter(100), [below(3)], check_deadlock=False)
    assert not result.stats.complete
    assert result.stats.per_depth == [1, 1, 1, 1]
    whole = explore(counter(100), [below(3)], check_deadlock=False, keep_graph=True)
    assert whole.stats.complete and whole.stats.distinct == 100


def test_a_violation_stops_the_search_with_the_deadlock_check_on():
    """A counter without end never deadlocks: the violation at step 5 must end the search there (TLC's way)."""
    endless = Graph([0], {i: [("inc", i + 1)] for i in range(10**6)})
    result = explore(endless, [below(5)])
    assert len(result.violations["below5"]) - 1 == 5
    assert result.stats.per_depth == [1] * 6 and not result.stats.complete


def test_a_deep_search_writes_its_depth_with_thousands_separators():
    from checker.report import format_stats

    line = format_stats(explore(counter(1500), check_deadlock=False).stats).splitlines()[0]
    assert "1,500 distinct states" in line and "depth 1,499;" in line


def test_on_level_sees_each_depth_before_it_is_expanded():
    seen = []
    explore(DIAMOND, on_level=lambda depth, distinct: seen.append((depth, distinct)))
    assert seen == [(0, 1), (1, 3), (2, 4)]


def test_repeated_runs_give_the_same_trace():
    traces = {explore(DIAMOND, [not_d()]).violations["notD"] for _ in range(3)}
    assert len(traces) == 1


def mask_timing(output: str) -> str:
    return re.sub(r"[\d.]+ s \([\d,]+ states/s\)", "<time>", output)


@pytest.mark.parametrize("args", [["-i", "NotStalemate"], ["--spec", "random", "-i", "XHasNotWon", "--view", "board"]])
def test_the_same_output_whatever_the_hash_seed(args):
    """String hashing differs between processes; the traces must not."""
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = console.run(*args, env=env)
        assert done.returncode == 12
        outputs.append(mask_timing(done.stdout))
    assert outputs[0] == outputs[1] and "<time>" in outputs[0]


@pytest.mark.parametrize("enabled", [True, False])
def test_the_cycle_collector_is_paused_during_the_search_and_left_as_it_was(enabled):
    import gc

    seen = []
    (gc.enable if enabled else gc.disable)()
    try:
        explore(counter(3), on_level=lambda depth, distinct: seen.append(gc.isenabled()))
        assert seen and not any(seen)
        assert gc.isenabled() == enabled
        with pytest.raises(KeyboardInterrupt):
            explore(counter(3), on_level=lambda depth, distinct: (_ for _ in ()).throw(KeyboardInterrupt))
        assert gc.isenabled() == enabled
    finally:
        gc.enable()


def kept_counts(initial, edges, inside):
    """Distinct states, transitions and states per depth of a breadth-first search that keeps the states of
    `inside` alone (TLC's CONSTRAINT), counted apart from `explore`."""
    level = [s for s in dict.fromkeys(initial) if s in inside]
    seen, transitions, per_depth = set(level), 0, []
    while level:
        per_depth.append(len(level))
        following = []
        for s in level:
            kept = [t for t in dict.fromkeys(t for _, t in edges.get(s, [])) if t in inside]
            transitions += len(kept)
            following += [t for t in kept if t not in seen and not seen.add(t)]
        level = following
    return len(seen), transitions, per_depth


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=3), labelled_edges, st.frozensets(st.integers(0, 7)),
       st.booleans(), st.booleans())
def test_a_constraint_keeps_the_states_inside_it_asked_of_every_step_or_of_new_states_alone(
        initial, edges, inside, of_states, keep_graph):
    model = Graph(initial, edges)
    model.constraint = lambda state, previous: state in inside
    model.constraint_of_states = of_states
    result = explore(model, [below(6)], check_deadlock=False, keep_going=True, keep_graph=keep_graph)
    stats = result.stats
    assert (stats.distinct, stats.transitions, stats.per_depth) == kept_counts(initial, edges, inside)
    if keep_graph:  # its steps lead inside alone
        assert inside.issuperset(result.graph) and all(inside.issuperset(ts) for ts in result.graph.values())
        assert sum(map(len, result.graph.values())) == stats.transitions
