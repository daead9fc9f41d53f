"""Temporal operators on small graphs, with verdicts and lassos worked out by hand.

States are letters, `a` is initial, and a graph maps each state to the
letters of its successors. Four graphs:

  CYCLE             a -> b -> c -> a        a cycle of real steps: fair
  SELF_LOOP         a -> b, b -> b          b's only step leaves it unchanged
  TERMINAL          a -> b, b has none      b repeats forever all the same
  FAIR_AND_UNFAIR   a -> a, a -> b,         staying in a is unfair (a -> b is possible),
                    b -> c, c -> b, c -> d  going round b <-> c is fair; d is terminal

A lasso is written as its states and the index the last one steps back to:
("abc", 1) is a, b, c, b, c, ...; ("ab", 1) is a, b, b, b, ... (stuttering).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lassos import assert_counterexample

from checker.explore.bfs import explore
from checker.model import Label, Model
from checker.properties.liveness import StateGraph, check_temporal
from checker.properties.temporal import (
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    leadsTo,
)

CYCLE = {"a": "b", "b": "c", "c": "a"}
SELF_LOOP = {"a": "b", "b": "b"}
TERMINAL = {"a": "b", "b": ""}
FAIR_AND_UNFAIR = {"a": "ab", "b": "c", "c": "bd", "d": ""}


class Toy(Model):
    """A graph of one-letter states, starting in `a`."""

    name = "toy"
    source = "(a test graph)"

    def __init__(self, edges: dict[str, str]):
        self.edges = edges
        self.views = {"letter": lambda state, previous=None: str(state)}

    def init_states(self):
        return ["a"]

    def next_steps(self, state):
        for target in self.edges[state]:
            yield Label(("Go",), (("to", target),)), target


def at(letters: str) -> StatePredicate:
    return StatePredicate(f"at({letters})", lambda state: state in letters)


#: (graph, formula, lasso under weak fairness, lasso without fairness, whether
#: the latter stutters where a step could change the state); None: it holds
CASES = [
    # a cycle is fair: every fair behaviour goes round it forever
    (CYCLE, eventually(at("b")), None, ("a", 0), True),
    # c is on the cycle, but not on a cycle avoiding c: the region matters
    (CYCLE, eventually(at("c")), None, ("a", 0), True),
    (CYCLE, always(at("ab")), ("abc", 0), ("abc", 2), True),
    (CYCLE, always(eventually(at("a"))), None, ("ab", 1), True),
    (CYCLE, eventually(always(at("a"))), ("abc", 0), ("ab", 1), True),
    (CYCLE, leadsTo(at("b"), at("a")), None, ("ab", 1), True),
    # b may stay forever: its only step leaves it unchanged
    (SELF_LOOP, eventually(at("a")), None, None, False),
    (SELF_LOOP, eventually(at("b")), None, ("a", 0), True),
    (SELF_LOOP, always(at("a")), ("ab", 1), ("ab", 1), False),
    (SELF_LOOP, always(eventually(at("a"))), ("ab", 1), ("ab", 1), False),
    (SELF_LOOP, eventually(always(at("b"))), None, ("a", 0), True),
    (SELF_LOOP, leadsTo(at("a"), at("b")), None, ("a", 0), True),
    # staying in a is unfair; going round b <-> c is fair
    (FAIR_AND_UNFAIR, eventually(at("d")), ("abc", 1), ("a", 0), True),
    (FAIR_AND_UNFAIR, eventually(at("b")), None, ("a", 0), True),
    (FAIR_AND_UNFAIR, always(at("abc")), ("abcd", 3), ("abcd", 3), False),
    (FAIR_AND_UNFAIR, always(eventually(at("d"))), ("abc", 1), ("a", 0), True),
    (FAIR_AND_UNFAIR, eventually(always(at("bc"))), ("abcd", 3), ("a", 0), True),
    (FAIR_AND_UNFAIR, leadsTo(at("c"), at("d")), ("abc", 1), ("abc", 2), True),
]
# a state with no successor repeats forever, like one whose only step is to itself
CASES += [(TERMINAL, *case[1:]) for case in CASES if case[0] is SELF_LOOP]


def check(edges, formula, fairness):
    model = Toy(edges)
    result = explore(model, keep_graph=True, check_deadlock=False)
    return model, check_temporal(model, result, TemporalProperty("P", formula), fairness)


def lasso_of(verdict):
    trace = verdict.counterexample
    return None if trace is None else ("".join(trace.states), trace.loop)


@pytest.mark.parametrize("edges, formula, weak, none, warns", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_verdict_and_lasso(edges, formula, weak, none, warns):
    for fairness, expected in (("weak", weak), ("none", none)):
        model, verdict = check(edges, formula, fairness)
        assert lasso_of(verdict) == expected, fairness
        if expected is not None:
            assert_counterexample(model, formula, verdict.counterexample, fairness)
    # without fairness, a lasso stuttering where a step could change the state gets a warning
    assert verdict.holds_under_weak == (weak is None if warns else None)


def test_weak_fairness_admits_fewer_behaviours():
    """Whatever holds without fairness holds with it (the cases above agree)."""
    assert all(weak is None for _, _, weak, none, _ in CASES if none is None)


def test_formulas_print_as_in_quint():
    assert str(eventually(at("b"))) == "eventually(at(b))"
    assert str(always(eventually(at("b")))) == "always(eventually(at(b)))"
    assert str(eventually(always(at("b")))) == "eventually(always(at(b)))"
    assert str(leadsTo(at("a"), at("b"))) == "leadsTo(at(a), at(b))"


@pytest.mark.parametrize("build", [lambda: always(always(at("a"))), lambda: eventually(eventually(at("a")))])
def test_other_nestings_are_refused(build):
    with pytest.raises(ValueError, match="not supported"):
        build()


def test_report_of_a_fair_cycle():
    model, verdict = check(FAIR_AND_UNFAIR, eventually(at("d")), "weak")
    assert verdict.line() == (
        "[violation] temporal P is violated under weak fairness: 2 steps, then states 1..2 repeat forever"
    )
    text = verdict.explain(model, "letter")
    assert text.startswith(
        "Temporal property P = eventually(at(d)) is violated under weak fairness.\n"
        "A behaviour where at(d) never holds: 2 steps from an initial state, then states 1..2 repeat forever:"
    )
    assert "[State 2]  Go  to=c\nc" in text
    assert text.endswith("Back to state 1: the behaviour repeats states 1..2 forever")
    assert "Warning" not in text


def test_report_of_unfair_stuttering():
    model, verdict = check(FAIR_AND_UNFAIR, eventually(at("b")), "none")
    assert verdict.line() == (
        "[violation] temporal P is violated without fairness: 0 steps, then state 0 repeats forever"
    )
    text = verdict.explain(model, "letter")
    assert "[State 1]  Stuttering: state 0 repeats forever" in text
    assert "Warning: this behaviour stutters forever in state 0, where a step could still change the state." in text
    assert text.endswith("--fairness weak\n(under weak fairness, P holds).")


def test_leads_to_names_its_trigger_state():
    model, verdict = check(FAIR_AND_UNFAIR, leadsTo(at("c"), at("d")), "weak")
    assert verdict.trigger == 2
    assert "A behaviour where at(c) holds in state 2, and at(d) never holds from then on" in verdict.explain(model, "letter")


def test_holds_line():
    _, verdict = check(CYCLE, always(eventually(at("a"))), "weak")
    assert verdict.line() == "[ok] temporal P holds under weak fairness"


def test_the_graph_must_be_kept():
    with pytest.raises(ValueError, match="keep_graph"):
        StateGraph(explore(Toy(CYCLE)), Toy(CYCLE))


def test_several_properties_ask_each_predicate_once_per_state_state_by_state():
    """With several properties, their predicates are asked at every state beforehand, state by state (so a
    spec's definition that remembers its value for the last state is computed once per state), each once;
    the verdicts are those decided property by property. `initially(P)` is asked at initial states only."""
    from checker.properties.liveness import check_properties
    from checker.properties.temporal import initially

    asked = []

    def asking(letters):
        return StatePredicate(f"at({letters})", lambda state: asked.append((letters, state)) or state in letters)

    model = Toy(FAIR_AND_UNFAIR)
    result = explore(model, keep_graph=True, check_deadlock=False)
    props = [TemporalProperty("a", eventually(asking("d"))), TemporalProperty("b", leadsTo(asking("c"), asking("d"))),
             TemporalProperty("c", initially(asking("b")))]  # fmt: skip
    verdicts = check_properties(model, result, props, "weak")
    states = list(StateGraph(result, model).steps)
    assert [(letters, state) for letters, state in asked if letters != "b"] == [
        (letters, state) for state in states for letters in ("d", "c", "d")]  # fmt: skip
    assert {state for letters, state in asked if letters == "b"} == {"a"}
    one_by_one = [check_temporal(model, result, prop, "weak") for prop in props]
    assert [v.holds for v in verdicts] == [v.holds for v in one_by_one] == [False, False, False]
    assert [v.counterexample.states for v in verdicts[:2]] == [v.counterexample.states for v in one_by_one[:2]]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from("abcdef"), st.text("abcdef", max_size=4), min_size=1), st.sets(st.sampled_from("abcdef")))
def test_the_graphs_of_steps_are_networkxs_own(edges, region):
    """The graph of steps, and that of a region, filled in directly, are the graphs networkx builds from the
    same nodes and steps: their states, each one's successors and predecessors, in the same order."""
    import networkx as nx

    edges = {**{t: "" for t in "a" + "".join(edges.values())}, **edges}
    model = Toy(edges)
    result = explore(model, keep_graph=True, check_deadlock=False)
    graph = StateGraph(result, model)
    plain = nx.DiGraph()
    plain.add_nodes_from(result.graph)
    plain.add_edges_from((s, t) for s, targets in result.graph.items() for t in targets if t != s)
    inside = nx.DiGraph()
    inside.add_nodes_from(s for s in plain if s in region)
    inside.add_edges_from((s, t) for s, t in plain.edges if s in region and t in region)
    for made, wanted in ((graph.steps, plain), (graph.restricted(region.__contains__), inside)):
        assert list(made) == list(wanted)
        assert [list(made.successors(s)) for s in made] == [list(wanted.successors(s)) for s in wanted]
        assert [list(made.predecessors(s)) for s in made] == [list(wanted.predecessors(s)) for s in wanted]
