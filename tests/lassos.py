"""Checks on a lasso counterexample that do not trust the liveness checker.

A lasso `Trace(states, labels, loop)` stands for the infinite behaviour
`states[0] .. states[-1]`, then `states[loop] .. states[-1]` again and again.
These helpers replay it through the model and evaluate the formula on that
behaviour directly, by the definitions of the operators.
"""

from __future__ import annotations

from checker.explore.trace import Trace
from checker.model import Model
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_EVENTUALLY,
    EVENTUALLY,
    EVENTUALLY_ALWAYS,
    LEADS_TO,
    Formula,
)


def successors(model: Model, state) -> set:
    return {target for _, target in model.next_steps(state)}


def assert_behaviour(model: Model, trace: Trace, fairness: str) -> None:
    """The lasso is a behaviour of `model`, and a fair one under `fairness`."""
    states, last = trace.states, len(trace.states) - 1
    assert states[0] in list(model.init_states())
    for i, (source, target) in enumerate(zip(states, states[1:])):
        assert target in successors(model, source), f"step {i} -> {i + 1} is not a transition"
    assert trace.loop is not None and 0 <= trace.loop <= last
    if trace.loop < last:
        assert states[trace.loop] in successors(model, states[-1]), "the loop does not close"
        assert len(set(states[trace.loop :])) > 1, "a loop must change the state"
    elif fairness == "weak":
        # staying forever is fair only where no step changes the state
        assert successors(model, states[-1]) <= {states[-1]}, "unfair stuttering"
    assert trace.labels[0] is None and all(label is not None for label in trace.labels[1:])


def holds_on(formula: Formula, trace: Trace) -> bool:
    """Whether the infinite behaviour the lasso stands for satisfies `formula`."""
    states, loop = trace.states, trace.loop
    p = formula.predicates[0].holds
    forever = states[loop:]
    if formula.operator == ALWAYS:
        return all(map(p, states))
    if formula.operator == EVENTUALLY:
        return any(map(p, states))
    if formula.operator == ALWAYS_EVENTUALLY:
        return any(map(p, forever))
    if formula.operator == EVENTUALLY_ALWAYS:
        return all(map(p, forever))
    assert formula.operator == LEADS_TO
    q = formula.predicates[1].holds
    return all(any(map(q, states[i:] + forever)) for i, state in enumerate(states) if p(state))


def assert_counterexample(model: Model, formula: Formula, trace: Trace, fairness: str) -> None:
    """The lasso is a fair behaviour of `model` that breaks `formula`."""
    assert_behaviour(model, trace, fairness)
    assert not holds_on(formula, trace)
