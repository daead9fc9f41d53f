"""Fairness of single actions (WF, SF), [][A]_v and fairness as a property, on small graphs worked out
by hand: verdicts, lassos and the report's words.

States are letters and each step is named by its action, as a spec's disjuncts name them. The graphs:

  WAITING   a process waits (w0) and may enter (w0 -Enter-> in) only while a lock is free; another
            process takes and frees the lock (w0 -Lock-> w1 -Free-> w0) forever. Enter is enabled
            again and again, never continuously: weak fairness of it does not make the process enter,
            strong fairness does.
  DETOUR    from a, the shortest cycle is a -> b -> a, but A is enabled in a and b (its steps leave
            for x) and not in c1, c2: a fair loop under WF(A) must go round a -> c1 -> c2 -> a.
  TAKE      a -> b -> a, or a -Go-> c -> d -> a: under SF(Go), the loop must take the Go step.
"""

from __future__ import annotations

import pytest

from checker.explore.bfs import explore
from checker.model import Label, Model
from checker.properties.liveness import action_fairness, check_properties
from checker.properties.temporal import (
    ActionPredicate,
    Fair,
    Fairness,
    Formula,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    fair,
)

WAITING = {"w0": [("Lock", "w1"), ("Enter", "in")], "w1": [("Free", "w0")], "in": []}
DETOUR = {
    "a": [("Step", "b"), ("Step", "c1"), ("A", "x")],
    "b": [("Step", "a"), ("A", "x")],
    "c1": [("Step", "c2")],
    "c2": [("Step", "a")],
    "x": [],
}
TAKE = {"a": [("Step", "b"), ("Go", "c")], "b": [("Step", "a")], "c": [("Step", "d")], "d": [("Step", "a")]}


class Toy(Model):
    """A graph of named states and named steps, starting in the first state listed."""

    name = "toy"
    source = "(a test graph)"

    def __init__(self, edges: dict):
        self.edges = edges
        self.views = {"name": lambda state, previous=None: state}

    def init_states(self):
        return [next(iter(self.edges))]

    def next_steps(self, state):
        for action, target in self.edges[state]:
            yield Label((action,)), target


def at(names: str) -> StatePredicate:
    return StatePredicate(f"at({names})", lambda state: state in names.split())


def spec(model: Model, *conditions: str) -> Fairness:
    """Fairness written `WF_vars(Next)`, `SF_vars(Enter)`, ...: of the whole relation, or of an action."""
    fairs = []
    for written in conditions:
        strong, action = written.startswith("SF"), written[len("WF_vars(") : -1]
        fairs.append(Fair(strong, written) if action == "Next" else action_fairness(model, action, strong, written))
    return Fairness(tuple(fairs), "WF_vars(Next)")


def check(edges: dict, formula: Formula, *conditions: str):
    model = Toy(edges)
    result = explore(model, keep_graph=True, check_deadlock=False)
    [verdict] = check_properties(model, result, [TemporalProperty("P", formula)], spec(model, *conditions))
    return model, verdict


def lasso(verdict) -> tuple | None:
    trace = verdict.counterexample
    return None if trace is None else (" ".join(trace.states), trace.loop)


# ---- the example: fails under WF, holds under SF ----------------------------------------------------


@pytest.mark.parametrize(
    "conditions, expected",
    [
        # the lock goes round forever, Enter enabled in w0 only: WF of the whole relation or of Enter allows it
        (["WF_vars(Next)"], ("w0 w1", 0)),
        (["WF_vars(Next)", "WF_vars(Enter)"], ("w0 w1", 0)),
        # strong fairness: Enter is enabled again and again, so it is taken
        (["WF_vars(Next)", "SF_vars(Enter)"], None),
        # SF alone: the behaviour may still stop in w1 (where Enter is disabled)
        (["SF_vars(Enter)"], ("w0 w1", 1)),
        # no fairness: it may stop at once
        ([], ("w0", 0)),
    ],
)
def test_the_process_enters_only_under_strong_fairness(conditions, expected):
    model, verdict = check(WAITING, eventually(at("in")), *conditions)
    assert lasso(verdict) == expected


def test_the_report_says_the_conditions_as_written():
    model, verdict = check(WAITING, eventually(at("in")), "WF_vars(Next)", "WF_vars(Enter)")
    assert verdict.line() == (
        "[violation] temporal P is violated under WF_vars(Next) /\\ WF_vars(Enter): 1 steps, then states 0..1 "
        "repeat forever"
    )
    assert verdict.explain(model, "name").startswith(
        "Temporal property P = eventually(at(in)) is violated under WF_vars(Next) /\\ WF_vars(Enter).\n"
        "A behaviour where at(in) never holds: 1 step from an initial state, then states 0..1 repeat forever:"
    )
    _, holds = check(WAITING, eventually(at("in")), "WF_vars(Next)", "SF_vars(Enter)")
    assert holds.line() == "[ok] temporal P holds under WF_vars(Next) /\\ SF_vars(Enter)"
    _, none = check(WAITING, eventually(at("in")))
    assert none.line().startswith("[violation] temporal P is violated without fairness:")


def test_the_warning_names_the_action_no_condition_covers():
    """Under SF_vars(Enter) alone the behaviour stops in w1, where Free could still move it."""
    model, verdict = check(WAITING, eventually(at("in")), "SF_vars(Enter)")
    assert verdict.holds_under_weak is True
    assert verdict.explain(model, "name").endswith(
        "[State 2]  Stuttering: state 1 repeats forever\n\n"
        "Warning: this behaviour stutters forever in state 1, where a step could still change the state (Free).\n"
        "That is allowed under SF_vars(Enter), so a fairness condition may be missing: add WF_vars(Next)\n"
        "(under SF_vars(Enter) /\\ WF_vars(Next), P holds)."
    )


def test_without_any_condition_the_warning_proposes_the_spec_s_words():
    model, verdict = check(WAITING, eventually(at("in")))
    assert verdict.holds_under_weak is False
    assert verdict.explain(model, "name").endswith(
        "Warning: this behaviour stutters forever in state 0, where a step could still change the state.\n"
        "That is allowed without fairness, so a fairness condition may be missing: add WF_vars(Next)\n"
        "(under WF_vars(Next), P is still violated)."
    )


# ---- the loop printed is fair itself ------------------------------------------------------------------


def test_a_weakly_fair_loop_visits_a_state_where_the_action_is_disabled():
    model, verdict = check(DETOUR, eventually(at("x")), "WF_vars(Next)", "WF_vars(A)")
    assert lasso(verdict) == ("a c1 c2", 0)
    # weak fairness of the whole relation alone: the shortest cycle
    assert lasso(check(DETOUR, eventually(at("x")), "WF_vars(Next)")[1]) == ("a b", 0)
    # strong fairness of A: no fair behaviour stays away from x
    assert check(DETOUR, eventually(at("x")), "WF_vars(Next)", "SF_vars(A)")[1].holds


def test_a_strongly_fair_loop_takes_the_action():
    # b is in the repeating part: from there, the loop goes round a -> b, then takes Go once
    _, verdict = check(TAKE, always(at("a c d")), "WF_vars(Next)", "SF_vars(Go)")
    assert lasso(verdict) == ("a b a c d", 0)
    # weak fairness of the whole relation alone: the shortest cycle
    assert lasso(check(TAKE, always(at("a c d")), "WF_vars(Next)")[1]) == ("a b", 0)
    # going round a -> c -> d forever is fair, and never visits b
    _, verdict = check(TAKE, always(eventually(at("b"))), "WF_vars(Next)", "SF_vars(Go)")
    assert lasso(verdict) == ("a c d", 0)
    # every fair behaviour takes Go again and again, so visits d
    assert check(TAKE, always(eventually(at("d"))), "WF_vars(Next)", "SF_vars(Go)")[1].holds


# ---- [][A]_v, and fairness as a property -----------------------------------------------------------------


def test_an_action_property_shows_the_path_to_the_step_it_does_not_allow():
    only_lock = ActionPredicate("[Lock \\/ Free]_vars", lambda s, t: t in ("w0", "w1"))
    model, verdict = check(WAITING, always(only_lock), "WF_vars(Next)")
    assert lasso(verdict) == ("w0 in", None)
    assert verdict.trigger == 1
    assert verdict.line() == (
        "[violation] temporal P is violated under WF_vars(Next): 1 steps, the last not allowed by [Lock \\/ Free]_vars"
    )
    text = verdict.explain(model, "name")
    assert text.startswith(
        "Temporal property P = always([Lock \\/ Free]_vars) is violated under WF_vars(Next).\n"
        "A behaviour where the step from state 0 to state 1 is not allowed by [Lock \\/ Free]_vars: "
        "1 step from an initial state:\n\n"
    )
    assert text.endswith("[State 1]  Enter\nin")
    assert check(WAITING, always(ActionPredicate("[Next]_vars", lambda s, t: True)))[1].holds


@pytest.mark.parametrize(
    "conditions, weak, strong",
    [
        # the refined spec states SF of Enter: both hold
        (["WF_vars(Next)", "SF_vars(Enter)"], None, None),
        # under WF of the whole relation, the lock may go round forever: Enter is not continuously enabled,
        # so WF_vars(Enter) holds; SF_vars(Enter) fails
        (["WF_vars(Next)"], None, ("w0 w1", 0)),
        # with no fairness, the behaviour stops in w0, Enter enabled forever
        ([], ("w0", 0), ("w0", 0)),
    ],
)
def test_fairness_as_a_property(conditions, weak, strong):
    model = Toy(WAITING)
    for is_strong, expected in ((False, weak), (True, strong)):
        enter = action_fairness(model, "Enter", is_strong, f"{'SF' if is_strong else 'WF'}_vars(Enter)")
        _, verdict = check(WAITING, fair(enter), *conditions)
        assert lasso(verdict) == expected
        if expected is not None:
            assert verdict.trigger == 0
            again = "is enabled again and again" if is_strong else "stays enabled"
            assert verdict.what_breaks() == f"{enter.name} fails: from state 0 on, its action {again} and is never taken"


def test_a_formula_is_shown_as_its_spec_writes_it():
    model, verdict = check(WAITING, Formula("eventually", (at("in"),), written="<>InCS"), "WF_vars(Next)")
    assert verdict.explain(model, "name").startswith("Temporal property P = <>InCS is violated under WF_vars(Next).")
