"""Checking temporal properties over the explored state graph, as TLC does.

Interface, for the front ends (Quint, TLA+), which hand over callables over their states:

    result = explore(model, keep_graph=True)          # checker.explore.bfs
    verdicts = check_properties(model, result, props, fairness)   # one Verdict per property

  * props: `TemporalProperty(name, formula)`, a formula of `checker.properties.temporal`:
    `initially(P)`, `always(P)`, `eventually(P)`, `always(eventually(P))`, `eventually(always(P))`,
    `leadsTo(P, Q)` of `StatePredicate(name, holds(s))`; `always(ActionPredicate(name, holds(s, t)))`
    for `[][A]_v` (holds: the step is an A step or leaves v unchanged); `fair(Fair(...))` for `WF_v(A)`
    or `SF_v(A)` as a property. `Formula(operator, predicates, written="<>P")` prints as written.
  * fairness: "weak" or "none" (`--fairness`), or the spec's: `Fairness(conditions, whole, how=None)`,
    `whole` the spec's words for weak fairness of the whole next-state relation (`WF_vars(Next)`),
    which the warning proposes when a counterexample stutters where a step could change the state. A
    condition is `Fair(strong, name, enabled(s), step(s, t))`; `Fair(False, "WF_vars(Next)")` without
    callables is the whole relation, read off the graph; `action_fairness(model, "MoveX", strong,
    "WF_vars(MoveX)")` is that of the steps the model labels MoveX (a disjunct of Next).
  * a `Verdict`: `.holds`, `.counterexample` (a `Trace`: a lasso, or for `[][A]_v` a path ending in
    the step that breaks it), `.line()` and `.explain(model, view)`, the report's words.

Semantics (TLA+'s). A behaviour is infinite: it starts in an initial state and either takes steps
forever or, from some point on, stutters (repeats its state) forever; every state may stutter, and a
state with no successor repeats forever. A step from a state to itself is stuttering too. Its infinite
part stays in a strongly connected set C of states (one state counts, with its stutter loop), and is
fair when, for each condition: WF_v(A): some state of C disables A or some step inside C is an A step;
SF_v(A): no state of C enables A or some step inside C is an A step.

  * `--fairness none`, TLA+'s default: no condition; a behaviour may stutter forever anywhere.
  * `--fairness weak`: one condition, weak fairness of the whole next-state relation (v all the
    variables): a behaviour may stay forever only where no step changes the state.

A property fails when some fair behaviour breaks it, and such a behaviour can always be shown as a
lasso: a path from an initial state, then a part that repeats forever (a cycle of steps, or one state
stuttering). Each operator comes down to a reachable *trigger* state, from which a fair suffix stays
inside a *region* of states forever:

  * always(P): a state where P fails, then any fair suffix;
  * eventually(P): an initial state, and a fair suffix where P never holds;
  * always(eventually(P)): any state, then a fair suffix where P never holds;
  * eventually(always(P)): a state where P fails that a fair suffix repeats forever;
  * leadsTo(P, Q): a state where P holds and Q does not, then a fair suffix where Q never holds;
  * P alone (initially): an initial state where P fails, then any fair suffix;
  * WF_v(A): a fair suffix whose states all enable A and whose steps never take it;
  * SF_v(A): a state enabling A that a fair suffix never taking A repeats forever;
  * always(A), `[][A]_v`: a step A does not allow, from which a fair suffix goes on (TLC shows the
    path up to that step).

The fair sets of a region are found by the standard refinement for Streett conditions: its strongly
connected components, less those failing a WF (each of their states enables A, none of their steps
takes A),
and, for those failing an SF, the components of what is left without the states enabling A, again
until nothing changes. The lasso is shortest up to the fair set it enters; its loop goes from there
through a witness of each condition (a step taking A, or a state disabling it), so that the loop
printed is fair itself. networkx is imported only here, when a temporal property is checked, to
keep invariant-only runs quick.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Hashable, Sequence

from checker.explore.bfs import Result, without_cycle_collector
from checker.explore.trace import Trace, concretise_lasso, least_step, least_trace, trace_through
from checker.model import Model
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_ACTION,
    ALWAYS_EVENTUALLY,
    EVENTUALLY,
    EVENTUALLY_ALWAYS,
    FAIR,
    INITIALLY,
    LEADS_TO,
    LEADS_TO_ALWAYS,
    ActionPredicate,
    Fair,
    Fairness,
    StatePredicate,
    TemporalProperty,
)
from checker.report import format_trace

WEAK, NONE = "weak", "none"
#: each fairness mode of --fairness, as the conditions it stands for
MODES = {
    WEAK: Fairness((Fair(False, "weak fairness"),), "weak fairness", "fairness with --fairness weak"),
    NONE: Fairness((), "weak fairness", "fairness with --fairness weak"),
}

State = Hashable


def resolve(fairness: str | Fairness) -> Fairness:
    """The conditions a mode of --fairness stands for, or the spec's own."""
    return MODES[fairness] if isinstance(fairness, str) else fairness


def everywhere(state: State) -> bool:
    """The region or trigger that is every state."""
    return True


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one temporal property under one fairness."""

    property: TemporalProperty
    #: a mode of --fairness ("weak", "none") or the spec's conditions
    fairness: str | Fairness
    #: a lasso breaking the property (for `[][A]_v`, a path ending in the step that breaks it), or None
    counterexample: Trace | None = None
    #: the index of the counterexample's trigger state (see the module doc)
    trigger: int = 0
    #: for a counterexample that stutters forever where a step could change the state (a fairness
    #: condition may be missing): whether weak fairness of the whole next-state relation makes it hold
    holds_under_weak: bool | None = None

    @property
    def holds(self) -> bool:
        return self.counterexample is None

    @property
    def under(self) -> str:
        """The fairness, as verdicts say it."""
        return resolve(self.fairness).under

    def line(self) -> str:
        """One line, `[ok]` or `[violation]`, as for invariants."""
        name = self.property.name
        if self.holds:
            return f"[ok] temporal {name} holds {self.under}"
        trace = self.counterexample
        steps = len(trace) - 1
        if trace.loop is None:  # [][A]_v: a path to the step A does not allow
            return f"[violation] temporal {name} is violated {self.under}: {steps} steps, the last not allowed by " \
                   f"{self.property.formula.predicates[0]}"
        return f"[violation] temporal {name} is violated {self.under}: {steps} steps, then {ending(trace)}"

    def what_breaks(self) -> str:
        """What the counterexample shows, in the formula's own terms."""
        formula, k = self.property.formula, self.trigger
        p, q = formula.predicates[0], formula.predicates[-1]
        if formula.operator == FAIR:
            again = "is enabled again and again" if p.strong else "stays enabled"
            return f"{p} fails: from state {k} on, its action {again} and is never taken"
        return {
            ALWAYS: f"{p} fails in state {k}",
            EVENTUALLY: f"{p} never holds",
            ALWAYS_EVENTUALLY: f"from state {k} on, {p} never holds again",
            EVENTUALLY_ALWAYS: f"{p} fails in state {k}, again and again forever",
            LEADS_TO: f"{p} holds in state {k}, and {q} never holds from then on",
            LEADS_TO_ALWAYS: f"{p} holds in state {k}, and {q} fails again and again from then on",
            INITIALLY: f"{p} fails in the initial state",
            ALWAYS_ACTION: f"the step from state {k - 1} to state {k} is not allowed by {p}",
        }[formula.operator]

    def explain(self, model: Model, view: str) -> str:
        """The counterexample, what it shows, and a warning when it relies on unfair stuttering."""
        prop, trace = self.property, self.counterexample
        steps = len(trace) - 1
        path = f"{steps} step{'s' * (steps != 1)} from an initial state"
        if trace.loop is not None:
            path = f"{path}, then {ending(trace)}" if steps else f"the initial {ending(trace)}"
        text = (
            f"Temporal property {prop.name} = {prop.formula} is violated {self.under}.\n"
            f"A behaviour where {self.what_breaks()}: {path}:\n\n" + format_trace(model, trace, view)
        )
        if self.holds_under_weak is not None:
            text += "\n\n" + self.warning(model)
        return text

    def warning(self, model: Model) -> str:
        """Why the counterexample may show a missing fairness condition: it stutters where a step could
        change the state (naming, under the spec's conditions, the actions none of them covers)."""
        fairness, trace = resolve(self.fairness), self.counterexample
        steps, last = len(trace) - 1, trace.states[-1]
        actions = dict.fromkeys(label.path[0] for label, t in model.next_steps(last) if t != last and label.path)
        which = f" ({' or '.join(actions)})" if fairness.conditions and actions else ""
        still = "holds" if self.holds_under_weak else "is still violated"
        return (
            f"Warning: this behaviour stutters forever in state {steps}, where a step could still change the "
            f"state{which}.\nThat is allowed {fairness.under}, so a fairness condition may be missing: add "
            f"{fairness.how or fairness.whole}\n({fairness.with_whole().under}, {self.property.name} {still})."
        )


def ending(trace: Trace) -> str:
    """How a lasso repeats, in words."""
    last = len(trace) - 1
    if trace.loop == last:
        return f"state {last} repeats forever"
    return f"states {trace.loop}..{last} repeat forever"


#: the data of every step of the graphs below: none (networkx keeps a dict per edge, which nothing here writes)
NO_DATA: dict = {}


def digraph(nx, nodes, successors) -> object:
    """The networkx graph of `nodes` and the steps `successors(s)` lists from each (of those nodes), filled in
    directly: networkx's add_edges_from hashes each end of a step eight times, and a state's hash is its
    values' (a Python call per function), which made building the graph most of a liveness check."""
    graph = nx.DiGraph()
    node, succ, pred = graph._node, graph._succ, graph._pred
    for s in nodes:
        node[s], succ[s], pred[s] = {}, {}, {}
    for s, out in succ.items():
        for t in successors(s):
            out[t] = pred[t][s] = NO_DATA
    return graph


def distances(layers) -> dict:
    """State -> its distance, from networkx's breadth-first layers."""
    return {state: depth for depth, layer in enumerate(layers) for state in layer}


@dataclass
class FairSets:
    """What a graph's fairness conditions leave: `cycles`, the steps behaviours may take forever
    (`StateGraph.settled`), and `ends`, each state where a fair behaviour can stay forever -> its fair set
    (`StateGraph.fair_ends`); the distances to the ends, once asked."""

    inside: object
    cycles: object
    ends: dict

    @cached_property
    def to_end(self) -> dict:
        """State -> its distance to the nearest end, inside."""
        import networkx as nx

        return distances(nx.bfs_layers(self.inside.reverse(copy=False), self.ends)) if self.ends else {}

    @cached_property
    def at_end(self) -> dict:
        """The ends alone, each at distance 0."""
        return dict.fromkeys(self.ends, 0)


class StateGraph:
    """The explored state graph of `model`, as the networkx graph of its state-changing steps.

    Of several shortest lassos, the one chosen is the same whatever order the model lists its states
    and steps in (the rule of `checker.explore.trace`, as for invariants): it reaches the state where
    the property breaks (its trigger) as early as it can; the path there is the least shortest one
    (`checker.explore.trace.least_trace`); each step after it is the least (`least_step`) that brings
    it closer to where it repeats; ties between states elsewhere go to the least (`Model.sort_key`)."""

    def __init__(self, result: Result, model: Model):
        import networkx as nx

        if result.graph is None:
            raise ValueError("liveness needs the state graph: explore with keep_graph=True")
        self.nx = nx
        self.model = model
        graph = result.graph  # its steps lead to the very states it holds: `is not` tells a step that changes it
        self.steps = digraph(nx, graph, lambda s: [t for t in graph[s] if t is not s])
        self.initial = result.initial
        #: state -> `model.sort_key`, computed where a tie asks for it
        self.keys: dict = {}
        self.from_initial = distances(nx.bfs_layers(self.steps, self.initial))
        #: what the conditions' callables answered, asked once per state or step
        self.known_enabled: dict[Fair, dict] = {}
        self.known_takes: dict[Fair, dict] = {}
        #: what the fairness the graph is asked under settles into (`Fairness.settles`)
        self.settles: tuple = ()
        #: under symmetry, the function from a state to the one kept for its class (the graph's states are those)
        self.canonical = result.canonical
        #: under symmetry, a state -> the class of each of its successors -> those successors (see `real`)
        self.known_real: dict = {}
        #: under symmetry, the states with a step into their own class, which may be a real step to another state
        self.loops = [s for s, targets in result.graph.items() if s in targets] if result.canonical else []
        #: (the whole graph, conditions, settles) -> its `FairSets`, for the last asked
        self.whole: dict = {}

    def real(self, source: State, target: State) -> list:
        """The real successors of `source` that a step of the graph into `target` stands for: `target` itself,
        but under symmetry each successor whose class `target` represents."""
        if self.canonical is None:
            return [target]
        classes = self.known_real.get(source)
        if classes is None:  # its successors by class, in the model's order
            classes = self.known_real[source] = {}
            for _, t in self.model.next_steps(source):
                classes.setdefault(self.canonical(t), []).append(t)
        return classes.get(target) or [target]

    def allows(self, allowed: Callable[[State, State], bool]) -> Callable[[State, State], bool]:
        """`allowed` of the graph's steps: of every real step a step stands for."""
        if self.canonical is None:
            return allowed
        return lambda s, t: all(allowed(s, u) for u in self.real(s, t) if u != s)

    def key(self, state: State) -> tuple:
        """Where `state` comes in the order ties are broken by (`Model.sort_key`)."""
        if state not in self.keys:
            self.keys[state] = self.model.sort_key(state)
        return self.keys[state]

    def path_to(self, targets: Sequence[State]) -> list:
        """The least shortest path from an initial state to one of `targets` (all at one distance)."""
        layers = [set(targets)]
        for depth in reversed(range(self.from_initial[targets[0]])):
            pred = self.steps._pred
            layers.append({p for t in layers[-1] for p in pred[t] if self.from_initial[p] == depth})
        if self.canonical is None:
            return list(least_trace(self.model, [layer.__contains__ for layer in reversed(layers)]).states)
        # under symmetry, the least path of real states, each then the state kept for its class
        real = least_trace(self.model, [layer.__contains__ for layer in reversed(layers)], self.canonical)
        return [self.canonical(state) for state in real.states]

    def walk(self, start: State, inside, to_end: dict) -> list:
        """From `start`, the least step (`least_step`) inside that comes one closer to an end, until one (under
        symmetry, the least real step, each state then the one kept for its class)."""
        kept = self.canonical or (lambda state: state)  # under symmetry, the graph holds each class's state
        path = [start]
        while to_end[path[-1]] > 0:
            here, succ = path[-1], inside._succ[path[-1]]
            _, step = least_step(self.model, here, lambda t: kept(t) in succ and to_end.get(kept(t)) == to_end[here] - 1)
            path.append(kept(step))
        return path

    def enabled(self, condition: Fair, state: State) -> bool:
        """ENABLED <<A>>_v in `state`."""
        if condition.enabled is None:
            return bool(self.steps._succ[state])  # the whole next-state relation: a step changes the state
        known = self.known_enabled.setdefault(condition, {})
        found = known.get(state)
        if found is None:
            found = known[state] = bool(condition.enabled(state))
        return found

    def takes(self, condition: Fair, source: State, target: State) -> bool:
        """Whether the step from `source` to `target` (another state) is an <<A>>_v step."""
        if condition.step is None:
            return True
        known = self.known_takes.setdefault(condition, {})
        step = source, target
        found = known.get(step)
        if found is None:
            found = known[step] = any(condition.step(source, u) for u in self.real(source, target))
        return found

    def lasso(
        self,
        conditions: tuple[Fair, ...],
        trigger: Callable[[State], bool],
        region: Callable[[State], bool],
        trigger_repeats: bool = False,
        allowed: Callable[[State, State], bool] | None = None,
        then: Callable[[State], bool] | None = None,
    ) -> tuple[list, int, int] | None:
        """A shortest behaviour that reaches a trigger state, then stays in the region forever, fairly.

        Returns (states, trigger index, loop index) or None. With `trigger_repeats`, the trigger itself
        must be in the repeating part; with `then`, a state where it holds must be, after the trigger; with
        `allowed`, the part in the region takes only steps it allows.
        """
        inside = self.restricted(region, allowed)
        fair = self.fair_graph(inside, conditions)
        if then is not None:  # the fair ends where `then` holds
            fair = FairSets(inside, fair.cycles, {s: component for s, component in fair.ends.items() if then(s)})
        if not fair.ends:
            return None
        to_end = fair.at_end if trigger_repeats else fair.to_end  # a trigger that repeats is an end itself
        candidates = [s for s in self.from_initial if trigger(s) and s in to_end]
        if not candidates:
            return None
        # the shortest lassos, then the earliest trigger
        cost = min((self.from_initial[s] + to_end[s], self.from_initial[s]) for s in candidates)
        prefix = self.path_to([s for s in candidates if (self.from_initial[s] + to_end[s], self.from_initial[s]) == cost])
        suffix = self.walk(prefix[-1], inside, to_end)
        end = suffix[-1]
        states = prefix + suffix[1:]
        loop = len(states) - 1
        cycle = self.fair_cycle(end, fair.ends[end], fair.cycles, conditions)
        if cycle:
            states += cycle
            # when the path entered the cycle earlier, close the loop there (the same loop, turned)
            while loop > 0 and states[loop - 1] == states[-1]:
                states.pop()
                loop -= 1
        return states, len(prefix) - 1, loop

    def fair_graph(self, inside, conditions: tuple[Fair, ...]) -> "FairSets":
        """The fair sets of `inside` under `conditions`; of the whole graph, remembered: a spec's properties ask
        them of it again and again, under the same conditions."""
        if inside is not self.steps:
            cycles = self.settled(inside)
            return FairSets(inside, cycles, self.fair_ends(cycles, conditions))
        key = (inside, conditions, self.settles)
        if key not in self.whole:
            cycles = self.settled(inside)
            self.whole = {key: FairSets(inside, cycles, self.fair_ends(cycles, conditions))}
        return self.whole[key]

    def restricted(self, region: Callable[[State], bool], allowed: Callable[[State, State], bool] | None = None):
        """The steps between states of `region` that `allowed` allows (built directly: networkx's subgraph
        views are slow)."""
        if region is everywhere and allowed is None:
            return self.steps
        succ = self.steps._succ
        kept = {s: None for s in self.steps if region(s)}
        return digraph(self.nx, kept, lambda s: [t for t in succ[s] if t in kept and (allowed is None or allowed(s, t))])

    def settled(self, inside):
        """The steps of `inside` that the behaviours may take forever: those every `Settles` of the fairness
        allows (all of them when there is none)."""
        if not self.settles:
            return inside
        def allows(s, t) -> bool:  # under SYMMETRY or VIEW, of one real step the step stands for
            return any(all(settle.step(s, u) for settle in self.settles) for u in self.real(s, t) if u != s)

        succ = inside._succ
        return digraph(self.nx, inside, lambda s: [t for t in succ[s] if s == t or allows(s, t)])

    def fair_ends(self, inside, conditions: tuple[Fair, ...]) -> dict:
        """State -> the fair set it lies in: the states where a fair behaviour can stay inside forever
        (None for all of them when there is no condition: each may stutter forever)."""
        if not conditions:
            return dict.fromkeys(inside)
        member, work = {}, []
        for component in self.nx.strongly_connected_components(inside):
            if len(component) > 1:
                work.append(component)
            else:  # one state, no step inside: fair where no condition's action is enabled
                (s,) = component
                if not any(self.enabled(condition, s) for condition in conditions):
                    member[s] = component
        while work:
            component = work.pop()
            unfair = self.unfair_part(inside, component, conditions)
            if not unfair:
                member.update(dict.fromkeys(component, component))
            elif len(unfair) < len(component):
                work += self.nx.strongly_connected_components(inside.subgraph(component - unfair))
        # in exploration order (not a set's), so that runs are repeatable
        return {s: member[s] for s in inside if s in member}

    def unfair_part(self, inside, component: set, conditions: tuple[Fair, ...]) -> set:
        """The states of a strongly connected `component` a fair behaviour cannot visit forever: none if a
        behaviour going round all of it is fair; all when it fails a WF (every state enables A and no step
        inside takes it); else those enabling an SF's action that no step inside takes."""
        succ = inside._succ
        drop = set()
        for condition in conditions:
            if len(component) > 1 and any(
                self.takes(condition, s, t) for s in component for t in succ[s] if t in component
            ):
                continue
            enabling = {s for s in component if self.enabled(condition, s)}
            if not condition.strong and len(enabling) == len(component):
                return component
            if condition.strong:
                drop |= enabling
        return drop

    def fair_cycle(self, entry: State, component, inside, conditions: tuple[Fair, ...]) -> list:
        """The states after `entry` on a short cycle back to it, within its fair `component`, whose states
        and steps meet every condition; empty when stuttering in `entry` meets them.

        While the cycle closed so far misses conditions, it goes on to the nearest witness of one of them
        (a step taking the action; for a WF, a state disabling it): of each one's nearest, the one after
        which the fewest conditions are missed, then the shortest. A witness met stays met (a step taken,
        a state visited), so each condition adds at most one.
        """
        if not conditions or len(component) == 1:
            return []
        nx = self.nx
        graph = inside.subgraph(component)
        reverse = graph.reverse(copy=False)
        back = nx.single_source_shortest_path_length(reverse, entry)

        def route(source: State, target: State) -> list:
            """The least shortest path from `source` to `target` in the component."""
            return self.walk(source, graph, nx.single_source_shortest_path_length(reverse, target))

        def closing(walk: list) -> list:
            return walk + route(walk[-1], entry)[1:]

        walk = [entry]
        for _ in range(len(conditions) + 1):
            missed = [c for c in conditions if not self.met(c, closing(walk))]
            if not missed:
                return closing(walk)[1:-1]
            ahead = nx.single_source_shortest_path_length(graph, walk[-1])
            options = []
            for i, condition in enumerate(missed):
                source, target = self.nearest_witness(condition, graph, ahead, back)
                longer = walk + route(walk[-1], source)[1:] + ([target] if target is not None else [])
                closed = closing(longer)
                options.append((sum(not self.met(c, closed) for c in conditions), len(closed), i, longer))
            walk = min(options)[-1]
        raise AssertionError(f"no fair cycle through {entry!r} in a component found fair")

    def nearest_witness(self, condition: Fair, graph, ahead: dict, back: dict) -> tuple:
        """(s, t): the step taking the action, or (s, None): for a WF, the state disabling it, on the
        shortest detour from where the walk is (`ahead`: distances from there) back to the entry (`back`)."""
        key = self.key
        witnesses = [
            (ahead[s] + 1 + back[t], ahead[s], key(s), key(t), s, t)
            for s, t in graph.edges
            if self.takes(condition, s, t)
        ]
        if not condition.strong:
            witnesses += [(ahead[s] + back[s], ahead[s], key(s), (), s, None) for s in graph if not self.enabled(condition, s)]
        return min(witnesses)[-2:]

    def met(self, condition: Fair, closed: list) -> bool:
        """Whether a behaviour going round the closed walk `closed` (first state = last) meets `condition`."""
        if any(self.takes(condition, s, t) for s, t in zip(closed, closed[1:])):
            return True
        enabled = [self.enabled(condition, s) for s in closed]
        return not any(enabled) if condition.strong else not all(enabled)

    def offending_step(self, conditions: tuple[Fair, ...], allowed: Callable[[State, State], bool]):
        """A shortest path from an initial state whose last step `allowed` does not allow, after which a
        fair behaviour goes on: (states, trigger index, None), or None."""
        to_end = self.fair_graph(self.steps, conditions).to_end
        allows = self.allows(allowed)
        edges = [*self.steps.edges, *((s, s) for s in self.loops)]  # under symmetry, a real step into its class
        sources = [s for s, t in edges if t in to_end and s in self.from_initial and not allows(s, t)]
        if not sources:
            return None
        depth = min(self.from_initial[s] for s in sources)
        prefix = self.path_to(list(dict.fromkeys(s for s in sources if self.from_initial[s] == depth)))
        source = prefix[-1]
        kept = self.canonical or (lambda state: state)
        _, target = least_step(self.model, source, lambda t: t != source and kept(t) in to_end and not allowed(source, t))
        return prefix + [kept(target)], len(prefix), None

    def find(self, prop: TemporalProperty, conditions: tuple[Fair, ...]) -> tuple[list, int, int | None] | None:
        """A counterexample to `prop` under `conditions`: (states, trigger index, loop index), or None; for a
        formula of the behaviours from some initial states alone (`Formula.initial`), or of those that stay
        where a state predicate holds (`Formula.assuming`), among those."""
        start, assuming = prop.formula.initial, prop.formula.assuming
        if start is None and assuming is None:
            return self._find(prop, conditions)
        every, reach, steps = self.initial, self.from_initial, self.steps
        if assuming is not None:  # the behaviours that stay where it holds: the graph of those states alone
            self.steps = self.steps.subgraph([s for s in self.steps if assuming.holds(s)]).copy()
        self.initial = tuple(s for s in every if (start is None or start.holds(s)) and s in self.steps)
        self.from_initial = distances(self.nx.bfs_layers(self.steps, self.initial)) if self.initial else {}
        try:
            return self._find(prop, conditions) if self.initial else None
        finally:
            self.initial, self.from_initial, self.steps = every, reach, steps

    def _find(self, prop: TemporalProperty, conditions: tuple[Fair, ...]) -> tuple[list, int, int | None] | None:
        operator, predicates = prop.formula.operator, prop.formula.predicates
        p = predicates[0].holds if isinstance(predicates[0], StatePredicate) else None
        if operator == ALWAYS:
            return self.lasso(conditions, trigger=lambda s: not p(s), region=everywhere)
        if operator == EVENTUALLY:
            initial = set(self.initial)
            return self.lasso(conditions, trigger=initial.__contains__, region=lambda s: not p(s))
        if operator == INITIALLY:
            initial = set(self.initial)
            return self.lasso(conditions, trigger=lambda s: s in initial and not p(s), region=everywhere)
        if operator == ALWAYS_EVENTUALLY and isinstance(predicates[0], ActionPredicate):
            # []<><<A>>_v: a fair suffix whose steps are never A steps (stuttering never is one)
            step = predicates[0].holds
            return self.lasso(conditions, trigger=everywhere, region=everywhere, allowed=self.allows(
                lambda s, t: not step(s, t)))
        if operator == ALWAYS_EVENTUALLY:
            return self.lasso(conditions, trigger=everywhere, region=lambda s: not p(s))
        if operator == EVENTUALLY_ALWAYS:
            return self.lasso(conditions, trigger=lambda s: not p(s), region=everywhere, trigger_repeats=True)
        if operator == LEADS_TO_ALWAYS:  # P ~> []Q: after a P state, a fair cycle through a state where Q fails
            q = predicates[1].holds
            return self.lasso(conditions, trigger=p, region=everywhere, then=lambda s: not q(s))
        if operator == LEADS_TO:
            q = predicates[1].holds
            return self.lasso(conditions, trigger=lambda s: p(s) and not q(s), region=lambda s: not q(s))
        if operator == ALWAYS_ACTION:
            return self.offending_step(conditions, predicates[0].holds)
        if operator == FAIR:
            action = predicates[0]

            def enables(s):
                return self.enabled(action, s)

            def not_taken(s, t):
                return not self.takes(action, s, t)

            # WF: the suffix stays where A is enabled; SF: it comes back again and again to such a state
            region = everywhere if action.strong else enables
            return self.lasso(conditions, enables, region, trigger_repeats=True, allowed=not_taken)
        raise ValueError(f"unknown temporal operator {operator!r}")


def action_fairness(model: Model, action: str, strong: bool, name: str) -> Fair:
    """`WF_v(A)` (or `SF_v(A)`, `strong`) of a model's action A, its steps those labelled A
    (`Label.path[0]`), v all the variables: for a disjunct of the next-state relation, its fairness."""

    targets: dict = {}

    def steps(state: State) -> frozenset:
        """The states `action` leads to from `state` (the model asked once per state)."""
        if state not in targets:
            targets[state] = frozenset(t for label, t in model.next_steps(state) if label.path[:1] == (action,) and t != state)
        return targets[state]

    return Fair(strong, name, lambda s: bool(steps(s)), lambda s, t: t in steps(s))


@without_cycle_collector
def check_temporal(
    model: Model, result: Result, prop: TemporalProperty, fairness: str | Fairness, graph: StateGraph | None = None
) -> Verdict:
    """Decide `prop` on the graph of `result` (explored with keep_graph=True), under its own fairness if it
    states one, else `fairness`."""
    graph = graph or StateGraph(result, model)
    fairness = prop.fairness or fairness
    conditions = resolve(fairness)
    graph.settles = conditions.settles
    found = graph.find(prop, conditions.conditions)
    if found is None:
        return Verdict(prop, fairness)
    states, trigger, loop = found
    if result.canonical is not None:  # states kept for their class (a TLA+ SYMMETRY): the behaviour in real states
        if loop is None:  # [][A]_v: the real path, then a real step into the last class that A does not allow
            *path, last = states
            states = list(least_trace(model, [(lambda s, r=r: s == r) for r in path], result.canonical).states)
            allowed = prop.formula.predicates[0].holds
            steps = [t for _, t in model.next_steps(states[-1]) if result.canonical(t) == last and t != states[-1]]
            states.append(next((t for t in steps if not allowed(states[-1], t)), steps[0] if steps else last))
        else:
            states, loop = concretise_lasso(model, result.canonical, states, loop)
    trace = trace_through(model, states, loop)
    last = states[-1]
    stalls = loop == len(states) - 1 and bool(graph.steps._succ[last])
    holds_under_weak = graph.find(prop, conditions.with_whole().conditions) is None if stalls else None
    return Verdict(prop, fairness, trace, trigger, holds_under_weak)


@without_cycle_collector
def check_properties(
    model: Model, result: Result, props: Sequence[TemporalProperty], fairness: str | Fairness
) -> list[Verdict]:
    """Decide each of `props` on one networkx graph built from `result`."""
    graph = StateGraph(result, model)
    if len(props) > 1:
        props = evaluated_together(props, list(graph.steps))
    return [check_temporal(model, result, prop, fairness, graph) for prop in props]


def evaluated_together(props: Sequence[TemporalProperty], states: list) -> list[TemporalProperty]:
    """`props`, their state predicates computed at every state of `states` beforehand, state by state.

    A spec's definition remembers its value for the state it was last asked at, so that the properties
    of one state, asked one after the other (`\\A r \\in Readers : <>[]P(r)`, one property per reader),
    share what their predicates compute; asked property by property over all states, each computes it
    again. The values are kept as one byte per state; a state of no index is asked as before. Only the
    properties whose predicates are asked at every state anyway are taken (not `initially(P)`, nor a
    formula of some states alone: `c => F`, `[]c => F`), so no predicate is asked where it was not."""
    index = {state: i for i, state in enumerate(states)}
    made: dict[int, StatePredicate] = {}
    everywhere = [prop.formula for prop in props if prop.formula.operator != INITIALLY
                  and prop.formula.initial is None and prop.formula.assuming is None]  # fmt: skip
    predicates = [p for formula in everywhere for p in formula.predicates if isinstance(p, StatePredicate)]
    predicates = list({id(p): p for p in predicates}.values())
    if not predicates:
        return list(props)
    values = [bytearray(len(states)) for _ in predicates]
    for i, state in enumerate(states):
        for holds, p in zip(values, predicates):
            holds[i] = bool(p.holds(state))
    for holds, p in zip(values, predicates):
        made[id(p)] = StatePredicate(p.name, lambda s, holds=holds, p=p: (
            bool(holds[i]) if (i := index.get(s)) is not None else p.holds(s)))

    return [replace(prop, formula=replace(prop.formula, predicates=tuple(made.get(id(p), p)
                                                                         for p in prop.formula.predicates)))
            for prop in props]  # fmt: skip
