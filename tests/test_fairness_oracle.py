"""The liveness checker against a brute-force oracle (`tests/liveness_oracle.py`) on random graphs.

Graphs of up to 4 states with random steps, each labelled with actions (A, B, C, or both A and B),
some states with a step to themselves (stuttering); random fairness: --fairness weak or none, or up to
three WF or SF conditions on A, on B or on the whole next-state relation, their `enabled` true to the
steps or, half the time, any set of states (which exercises every case of the refinement); random
predicates. Every shape of property is checked, and:

  * the verdict is the oracle's, which tries every lasso up to a bound that suffices;
  * every counterexample replays: an initial state, then steps of the graph; a lasso's loop closes,
    is fair and breaks the property by the definitions, and what the verdict says of its trigger
    state is true; a path for `[][A]_v` ends in a step A does not allow;
  * the warning's "with weak fairness of the whole relation" verdict is the oracle's too.
"""

from __future__ import annotations

from dataclasses import dataclass

import liveness_oracle as oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.explore.bfs import explore
from checker.model import Label, Model
from checker.properties.liveness import check_properties
from checker.properties.temporal import (
    ActionPredicate,
    Fair,
    Fairness,
    Settles,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    fair,
    initially,
    leadsTo,
    leadsToAlways,
)

class Graph(Model):
    """States 0..n-1; a step per edge and action labelling it; `stays`: states with a step to themselves."""

    name = "graph"
    source = "(a random graph)"

    def __init__(self, initial, labels: dict, stays):
        self.initial, self.labels, self.stays = initial, labels, stays
        self.views = {"number": lambda state, previous=None: str(state)}

    def init_states(self):
        return sorted(self.initial)

    def next_steps(self, state):
        for (source, target), actions in sorted(self.labels.items()):
            if source == state:
                for action in sorted(actions):
                    yield Label((action,)), target
        if state in self.stays:
            yield Label(("Stay",)), state


@dataclass(frozen=True)
class Condition:
    """WF or SF of an action (A, B, or Next: the whole relation); `enabled` None: where it has a step."""

    strong: bool
    action: str
    enabled: frozenset | None

    def name(self) -> str:
        return f"{'SF' if self.strong else 'WF'}_v({self.action})"


@dataclass(frozen=True)
class Problem:
    n: int
    initial: frozenset
    labels: dict
    stays: frozenset
    #: "weak", "none", or conditions
    fairness: str | tuple
    p: frozenset
    q: frozenset
    allowed: frozenset
    fair_property: Condition
    #: the steps a behaviour takes forever from some state on (`<>[][A]_v`), or None for any
    settles: frozenset | None = None

    @property
    def edges(self) -> set:
        return set(self.labels)

    def steps_of(self, condition: Condition) -> set:
        return {e for e, actions in self.labels.items() if condition.action in actions or condition.action == "Next"}

    def oracle_condition(self, condition: Condition) -> tuple:
        steps = self.steps_of(condition)
        enabled = {s for s, _ in steps} if condition.enabled is None else condition.enabled
        return condition.strong, frozenset(enabled), frozenset(steps)

    def checker_condition(self, condition: Condition) -> Fair:
        if condition.action == "Next" and condition.enabled is None:
            return Fair(condition.strong, condition.name())  # read off the graph
        steps, enabled = self.steps_of(condition), self.oracle_condition(condition)[1]
        return Fair(condition.strong, condition.name(), enabled.__contains__, lambda s, t: (s, t) in steps)

    def oracle_conditions(self, whole: bool = False) -> list:
        fairness = self.fairness
        if fairness == "none":
            fairness = ()
        elif fairness == "weak":
            fairness = (Condition(False, "Next", None),)
        return [self.oracle_condition(c) for c in fairness + ((Condition(False, "Next", None),) if whole else ())]

    def checker_fairness(self):
        if isinstance(self.fairness, str):
            return self.fairness
        settles = () if self.settles is None else (Settles("<>[][S]_v", lambda s, t: (s, t) in self.settles),)
        return Fairness(tuple(map(self.checker_condition, self.fairness)), "WF_v(Next)", settles=settles)

    def settled(self, behaviours: list) -> list:
        """The behaviours that take only `settles`' steps in their repeating part (or stutter there)."""
        if self.settles is None:
            return behaviours
        return [(states, loop) for states, loop in behaviours
                if all(s == t or (s, t) in self.settles for s, t in oracle.repeated(states, loop)[1])]


def conditions(n: int):
    return st.builds(
        Condition,
        st.booleans(),
        st.sampled_from(["A", "B", "Next"]),
        st.one_of(st.none(), st.builds(frozenset, st.sets(st.integers(0, n - 1)))),
    )


@st.composite
def problems(draw) -> Problem:
    n = draw(st.sampled_from([1, 2, 3, 4, 4, 4]))
    pairs = [(s, t) for s in range(n) for t in range(n) if s != t]
    edges = draw(st.lists(st.sampled_from(pairs), min_size=min(n + 1, len(pairs)), max_size=7, unique=True)) if pairs else []
    labels = {e: frozenset(draw(st.sampled_from(["A", "B", "C", "AB"]))) for e in edges}
    kind = draw(st.sampled_from(["weak", "none", "spec", "spec", "spec"]))
    fairness = kind if kind != "spec" else tuple(draw(st.lists(conditions(n), min_size=1, max_size=3)))
    within = st.builds(frozenset, st.sets(st.integers(0, n - 1)))
    return Problem(
        n,
        draw(st.builds(frozenset, st.sets(st.integers(0, n - 1), min_size=1))),
        labels,
        draw(within),
        fairness,
        draw(within),
        draw(within),
        frozenset(draw(st.sets(st.sampled_from(edges)))) if edges else frozenset(),
        draw(conditions(n)),
        frozenset(draw(st.sets(st.sampled_from(edges)))) if edges and kind == "spec" and draw(st.booleans()) else None,
    )


def properties(problem: Problem) -> dict:
    """Oracle formula -> the checker's property, one of each shape."""
    p, q, allowed = problem.p, problem.q, problem.allowed
    P, Q = StatePredicate("P", p.__contains__), StatePredicate("Q", q.__contains__)
    A = ActionPredicate("[A]_v", lambda s, t: (s, t) in allowed)
    prop = problem.fair_property
    return {
        ("initially", p): initially(P),
        ("always", p): always(P),
        ("eventually", p): eventually(P),
        ("always eventually", p): always(eventually(P)),
        ("eventually always", p): eventually(always(P)),
        ("leadsTo", p, q): leadsTo(P, Q),
        ("leadsTo always", p, q): leadsToAlways(P, Q),
        ("always action", allowed): always(A),
        ("fair", *problem.oracle_condition(prop)): fair(problem.checker_condition(prop)),
    }


def assert_says_true(formula: tuple, states: list, loop: int, k: int) -> None:
    """What the verdict says of its trigger state k (`Verdict.what_breaks`) is true of the lasso."""
    operator, *args = formula
    again = states[loop:]
    if operator == "always":
        assert states[k] not in args[0]
    elif operator == "always eventually":
        assert not set(states[k:] + again) & args[0]
    elif operator == "eventually always":
        assert k >= loop and states[k] not in args[0]
    elif operator == "leadsTo":
        p, q = args
        assert states[k] in p and not set(states[k:] + again) & q
    elif operator == "leadsTo always":
        p, q = args
        assert states[k] in p and not set(again) <= q
    elif operator == "fair":
        strong, enabled, steps = args
        assert k >= loop and states[k] in enabled
        assert not set(oracle.repeated(states, loop)[1]) & steps
        assert strong or set(again) <= enabled
    elif operator in ("initially", "eventually"):
        assert k == 0


def check(problem: Problem) -> None:
    model = Graph(problem.initial, problem.labels, problem.stays)
    result = explore(model, keep_graph=True, check_deadlock=False)
    props = properties(problem)
    named = [TemporalProperty(f"{formula[0]}", f) for formula, f in props.items()]
    verdicts = check_properties(model, result, named, problem.checker_fairness())
    conditions = problem.oracle_conditions()
    behaviours = problem.settled(oracle.fair_lassos(problem.n, problem.initial, problem.edges, conditions))
    with_whole = None
    for formula, verdict in zip(props, verdicts):
        assert verdict.holds == oracle.decide(behaviours, formula), formula
        if verdict.holds:
            continue
        trace = verdict.counterexample
        states, loop, k = list(trace.states), trace.loop, verdict.trigger
        assert states[0] in problem.initial
        assert all(step in problem.edges for step in zip(states, states[1:]))
        if formula[0] == "always action":
            assert loop is None and k == len(states) - 1
            assert (states[-2], states[-1]) not in problem.allowed
            assert verdict.holds_under_weak is None
            continue
        last = len(states) - 1
        assert loop is not None and 0 <= k <= last
        if loop < last:
            assert (states[-1], states[loop]) in problem.edges, "the loop does not close"
        assert oracle.fair(states, loop, conditions), "the loop is not fair"
        assert problem.settled([(states, loop)]), "the loop takes a step the fairness does not settle into"
        assert not oracle.holds(formula, states, loop), "the lasso does not break the property"
        assert_says_true(formula, states, loop, k)
        stalls = loop == last and any(source == states[-1] for source, _ in problem.edges)
        if not stalls:
            assert verdict.holds_under_weak is None
        else:
            if with_whole is None:
                with_whole = problem.settled(
                    oracle.fair_lassos(problem.n, problem.initial, problem.edges, problem.oracle_conditions(True)))
            assert verdict.holds_under_weak == oracle.decide(with_whole, formula)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_the_checker_agrees_with_the_brute_force(problem):
    check(problem)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_properties_checked_together_answer_as_each_checked_alone(problem):
    """One graph asked every property, remembering the whole graph's fair sets and their distances between
    them, gives each the verdict and counterexample a graph of its own gives it."""
    model = Graph(problem.initial, problem.labels, problem.stays)
    result = explore(model, keep_graph=True, check_deadlock=False)
    named = [TemporalProperty(f"{formula[0]}", f) for formula, f in properties(problem).items()]
    named += named  # each asked twice of one graph: the second time from what it remembered
    fairness = problem.checker_fairness()
    together = check_properties(model, result, named, fairness)
    alone = [check_properties(model, result, [prop], fairness)[0] for prop in named]
    assert [(v.counterexample, v.trigger, v.holds_under_weak) for v in together] == \
        [(v.counterexample, v.trigger, v.holds_under_weak) for v in alone]


def test_the_brute_force_tries_the_lassos_it_should():
    """On a cycle 0 -> 1 -> 0 with a way out 1 -> 2: the loops through 1 are stuttering, and the cycle."""
    assert sorted(oracle.loops(frozenset({(0, 1), (1, 0), (1, 2)}))[1]) == [[1, 0, 1]]
    found = set(map(lambda lasso: (tuple(lasso[0]), lasso[1]), oracle.lassos(3, {0}, {(0, 1), (1, 0), (1, 2)})))
    assert ((0, 1), 0) in found and ((0, 1, 2), 2) in found and ((0,), 0) in found
    # walks of up to 2n - 1 = 5 steps, then a loop
    assert ((0, 1, 0, 1, 2), 4) in found and ((0, 1, 0, 1, 0, 1, 0), 5) in found
    assert max(loop for _, loop in found) == 5
