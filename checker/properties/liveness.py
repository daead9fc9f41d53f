"""Checking temporal properties over the explored state graph, as TLC does.

Semantics (TLA+'s). A behaviour is infinite: it starts in an initial state
and either takes steps forever or, from some point on, stutters (repeats its
state) forever; a state with no successor repeats forever. A step from a
state to itself (the specs' "game over: nothing changes") is stuttering too.

  * `--fairness none`, TLA+'s default: a behaviour may stutter forever in
    any state, even one where a step could still change the state.
  * `--fairness weak`, weak fairness on the next-state action: a behaviour
    may stay forever only in a state no step changes (its only successor is
    itself, or it has none). Cycles of state-changing steps are fair.

A property fails when some fair behaviour breaks it. Such a behaviour can
always be shown as a lasso: a path from an initial state, then a part that
repeats forever, either a cycle of steps or one state stuttering. Each
operator comes down to: a reachable *trigger* state, from which a fair
suffix stays inside a *region* of states forever:

  * always(P): a state where P fails, then any fair suffix;
  * eventually(P): an initial state, and a fair suffix where P never holds;
  * always(eventually(P)): any state, then a fair suffix where P never holds;
  * eventually(always(P)): a state where P fails that the behaviour can
    repeat forever (stuttering, or on a cycle of steps through it);
  * leadsTo(P, Q): a state where P holds and Q does not, then a fair suffix
    where Q never holds;
  * P alone (initially): an initial state where P fails, then any fair suffix.

A fair suffix inside a region ends in a *fair end* of the region: a state
the behaviour may stay in (see the fairness modes above), or a cycle of
state-changing steps inside the region (a strongly connected component of
more than one state). networkx is imported only here, when a temporal
property is checked, to keep invariant-only runs quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from checker.explore.bfs import Result
from checker.explore.trace import Trace, trace_through
from checker.model import Model
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_EVENTUALLY,
    EVENTUALLY,
    EVENTUALLY_ALWAYS,
    INITIALLY,
    LEADS_TO,
    TemporalProperty,
)
from checker.report import format_trace

WEAK, NONE = "weak", "none"
#: each fairness mode, as verdicts say it
UNDER = {WEAK: "under weak fairness", NONE: "without fairness"}

State = Hashable


def everywhere(state: State) -> bool:
    """The region or trigger that is every state."""
    return True


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one temporal property under one fairness mode."""

    property: TemporalProperty
    fairness: str
    #: a lasso breaking the property, or None when it holds
    counterexample: Trace | None = None
    #: the index of the lasso's trigger state (see the module doc)
    trigger: int = 0
    #: for a counterexample that stutters where a step could change the state
    #: (only possible without fairness): whether weak fairness makes the property hold
    holds_under_weak: bool | None = None

    @property
    def holds(self) -> bool:
        return self.counterexample is None

    @property
    def under(self) -> str:
        """The fairness mode, as verdicts say it."""
        return UNDER[self.fairness]

    def line(self) -> str:
        """One line, `[ok]` or `[violation]`, as for invariants."""
        name = self.property.name
        if self.holds:
            return f"[ok] temporal {name} holds {self.under}"
        trace = self.counterexample
        return f"[violation] temporal {name} is violated {self.under}: {len(trace) - 1} steps, then {ending(trace)}"

    def what_breaks(self) -> str:
        """What the counterexample shows, in the formula's own terms."""
        formula, k = self.property.formula, self.trigger
        p, q = formula.predicates[0], formula.predicates[-1]
        return {
            ALWAYS: f"{p} fails in state {k}",
            EVENTUALLY: f"{p} never holds",
            ALWAYS_EVENTUALLY: f"from state {k} on, {p} never holds again",
            EVENTUALLY_ALWAYS: f"{p} fails in state {k}, again and again forever",
            LEADS_TO: f"{p} holds in state {k}, and {q} never holds from then on",
            INITIALLY: f"{p} fails in the initial state",
        }[formula.operator]

    def explain(self, model: Model, view: str) -> str:
        """The counterexample, what it shows, and a warning when it relies on unfair stuttering."""
        prop, trace = self.property, self.counterexample
        steps = len(trace) - 1
        path = f"{steps} step{'s' * (steps != 1)} from an initial state, then " if steps else "the initial "
        text = (
            f"Temporal property {prop.name} = {prop.formula} is violated {self.under}.\n"
            f"A behaviour where {self.what_breaks()}: {path}{ending(trace)}:\n\n" + format_trace(model, trace, view)
        )
        if self.holds_under_weak is not None:
            still = "holds" if self.holds_under_weak else "is still violated"
            text += (
                f"\n\nWarning: this behaviour stutters forever in state {steps}, where a step could still "
                f"change the state.\nThat is allowed without fairness, so a fairness condition may be missing: "
                f"add fairness with --fairness weak\n(under weak fairness, {prop.name} {still})."
            )
        return text


def ending(trace: Trace) -> str:
    """How a lasso repeats, in words."""
    last = len(trace) - 1
    if trace.loop == last:
        return f"state {last} repeats forever"
    return f"states {trace.loop}..{last} repeat forever"


def distances(layers) -> dict:
    """State -> its distance, from networkx's breadth-first layers."""
    return {state: depth for depth, layer in enumerate(layers) for state in layer}


class StateGraph:
    """The explored state graph, as the networkx graph of its state-changing steps."""

    def __init__(self, result: Result):
        import networkx as nx

        if result.graph is None:
            raise ValueError("liveness needs the state graph: explore with keep_graph=True")
        self.nx = nx
        self.steps = nx.DiGraph()
        self.steps.add_nodes_from(result.graph)
        self.steps.add_edges_from((s, t) for s, targets in result.graph.items() for t in targets if t != s)
        self.initial = result.initial
        #: exploration order, to break ties the same way on every run
        self.order = {s: i for i, s in enumerate(result.graph)}
        self.from_initial = distances(nx.bfs_layers(self.steps, self.initial))

    def may_stay(self, state: State, fairness: str) -> bool:
        """Whether a fair behaviour may repeat `state` forever."""
        return fairness == NONE or self.steps.out_degree(state) == 0

    def lasso(
        self,
        fairness: str,
        trigger: Callable[[State], bool],
        region: Callable[[State], bool],
        trigger_repeats: bool = False,
    ) -> tuple[list, int, int] | None:
        """A shortest behaviour that reaches a trigger state, then stays in the region forever.

        Returns (states, trigger index, loop index) or None. With
        `trigger_repeats`, the trigger itself must be in the repeating part.
        """
        nx = self.nx
        inside = self.restricted(region)
        ends = self.fair_ends(inside, fairness)
        if not ends:
            return None
        backwards = inside.reverse(copy=False)
        to_end = distances(nx.bfs_layers(backwards, ends))
        candidates = [
            s for s in self.from_initial if trigger(s) and (s in ends if trigger_repeats else s in to_end)
        ]
        if not candidates:
            return None
        start = min(candidates, key=lambda s: (self.from_initial[s] + to_end[s], self.order[s]))
        prefix = nx.multi_source_dijkstra(self.steps, dict.fromkeys(self.initial), target=start)[1]
        suffix = nx.multi_source_dijkstra(backwards, ends, target=start)[1][::-1]
        end = suffix[-1]
        states = prefix + suffix[1:]
        loop = len(states) - 1
        if ends[end] is not None:
            states += self.cycle_through(end, inside.subgraph(ends[end]))
            # when the path entered the cycle earlier, close the loop there
            while loop > 0 and states[loop - 1] == states[-1]:
                states.pop()
                loop -= 1
        return states, len(prefix) - 1, loop

    def restricted(self, region: Callable[[State], bool]):
        """The steps between states of `region` (built directly: networkx's subgraph views are slow)."""
        if region is everywhere:
            return self.steps
        inside = self.nx.DiGraph()
        inside.add_nodes_from(s for s in self.steps if region(s))
        inside.add_edges_from((s, t) for s, t in self.steps.edges if s in inside and t in inside)
        return inside

    def fair_ends(self, inside, fairness: str) -> dict:
        """State -> None if a fair behaviour may stay there, or the cycle component it can go round."""
        cycles = {}
        for component in self.nx.strongly_connected_components(inside):
            if len(component) > 1:
                cycles.update(dict.fromkeys(component, frozenset(component)))
        # in exploration order (not a set's), so that runs are repeatable
        return {
            s: None if self.may_stay(s, fairness) else cycles[s]
            for s in inside
            if self.may_stay(s, fairness) or s in cycles
        }

    def cycle_through(self, state: State, component) -> list:
        """The states after `state` on a shortest cycle of steps back to it, within `component`."""
        distance = self.nx.single_source_shortest_path_length(component.reverse(copy=False), state)
        first = min(component.successors(state), key=lambda t: (distance[t], self.order[t]))
        return self.nx.shortest_path(component, first, state)[:-1]

    def find(self, prop: TemporalProperty, fairness: str) -> tuple[list, int, int] | None:
        """A lasso breaking `prop` under `fairness`, or None."""
        operator, predicates = prop.formula.operator, prop.formula.predicates
        p = predicates[0].holds
        if operator == ALWAYS:
            return self.lasso(fairness, trigger=lambda s: not p(s), region=everywhere)
        if operator == EVENTUALLY:
            initial = set(self.initial)
            return self.lasso(fairness, trigger=initial.__contains__, region=lambda s: not p(s))
        if operator == INITIALLY:
            initial = set(self.initial)
            return self.lasso(fairness, trigger=lambda s: s in initial and not p(s), region=everywhere)
        if operator == ALWAYS_EVENTUALLY:
            return self.lasso(fairness, trigger=everywhere, region=lambda s: not p(s))
        if operator == EVENTUALLY_ALWAYS:
            return self.lasso(fairness, trigger=lambda s: not p(s), region=everywhere, trigger_repeats=True)
        if operator == LEADS_TO:
            q = predicates[1].holds
            return self.lasso(fairness, trigger=lambda s: p(s) and not q(s), region=lambda s: not q(s))
        raise ValueError(f"unknown temporal operator {operator!r}")


def check_temporal(
    model: Model, result: Result, prop: TemporalProperty, fairness: str, graph: StateGraph | None = None
) -> Verdict:
    """Decide `prop` on the graph of `result` (explored with keep_graph=True)."""
    graph = graph or StateGraph(result)
    found = graph.find(prop, fairness)
    if found is None:
        return Verdict(prop, fairness)
    states, trigger, loop = found
    trace = trace_through(model, states, loop)
    last = states[-1]
    unfair = loop == len(states) - 1 and not graph.may_stay(last, WEAK)
    holds_under_weak = graph.find(prop, WEAK) is None if unfair else None
    return Verdict(prop, fairness, trace, trigger, holds_under_weak)


def check_properties(model: Model, result: Result, props: Sequence[TemporalProperty], fairness: str) -> list[Verdict]:
    """Decide each of `props` on one networkx graph built from `result`."""
    graph = StateGraph(result)
    return [check_temporal(model, result, prop, prop.fairness or fairness, graph) for prop in props]
