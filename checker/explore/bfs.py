"""Breadth-first exhaustive exploration with invariant and deadlock checking.

States are visited level by level, so the first level holding a violating
state is at the smallest depth. The levels are kept, and the counterexample
printed is the one `checker.explore.trace` chooses among the shortest: the
same whatever order the model lists its steps in, as the packed engine's.

Under symmetry (a model's `canonical`), one representative per class of
symmetric states is kept; the trace is of real states all the same. Models
offering a packed encoding may be explored by `checker.explore.packed` instead.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from functools import wraps
from typing import Callable, Hashable, Sequence

from checker.explore.memory import BoundReached, MemoryBound
from checker.explore.trace import Trace, alive, deadlocked, least_trace, path_to, trace_through
from checker.model import Invariant, Model, SpecError


@dataclass
class Stats:
    """What an exploration saw."""

    #: states reached, counted once each
    distinct: int = 0
    #: states produced: initial states plus one per (label, successor) step
    generated: int = 0
    #: distinct edges source -> target of the state graph
    transitions: int = 0
    #: number of new states at each depth; `len(per_depth) - 1` is the depth
    per_depth: list[int] = field(default_factory=list)
    #: states that no step leaves (every successor is the state itself)
    final: int = 0
    #: states without any successor
    deadlocks: int = 0
    seconds: float = 0.0
    #: why the search stopped before exploring every state ("" when it did not)
    stopped: str = ""
    #: the memory bound, when it stopped the search: what it was, in words (see `checker.explore.memory`)
    memory: str = ""

    @property
    def depth(self) -> int:
        return len(self.per_depth) - 1

    @property
    def complete(self) -> bool:
        return not self.stopped

    @property
    def cut_short(self) -> bool:
        """Stopped before every property was decided (--max-states, the memory bound, Ctrl-C): 'holds' is unproven."""
        return self.stopped in (MAX_STATES, MEMORY, INTERRUPTED)


#: `on_level` is also called each time this many more states are found, for a live progress line
PROGRESS_EVERY = 1 << 14

#: reasons `Stats.stopped` gives
DECIDED, MAX_STATES, MEMORY, INTERRUPTED = "decided", "max-states", "memory", "interrupted"


@dataclass
class Result:
    """The outcome of `explore`."""

    stats: Stats
    #: invariant name -> shortest trace to a state violating it
    violations: dict[str, Trace]
    #: shortest trace to a deadlock (when checked and found)
    deadlock: Trace | None
    #: state -> its distinct successors (only when `keep_graph`)
    graph: dict[Hashable, tuple] | None
    #: the initial states (only when `keep_graph`)
    initial: tuple = ()
    #: the packed engine's codes at each depth (`checker.explore.packed`)
    levels: list | None = None
    #: whether every step that changes the state goes to the next depth (checked when asked):
    #: then the graph has no cycles but self-loops (see `checker.properties.layered`)
    layered: bool | None = None
    #: with symmetry, the function from a state to the one kept for its class: the graph's states are those
    canonical: Callable[[Hashable], Hashable] | None = None

    def whole(self) -> Result:
        """This result, for a caller that needs every state; BoundReached if the memory bound stopped it."""
        if self.stats.stopped == MEMORY:
            raise BoundReached(
                f"the search stopped at {self.stats.memory} after {self.stats.distinct:,} states, before it "
                f"explored every state; --max-memory SIZE raises the bound"
            )
        return self


def stop_at_memory_bound(stats: Stats, bound: MemoryBound, failed: bool = False) -> None:
    """Record in `stats` that `bound` stopped the search (or, `failed`, an allocation below it)."""
    stats.stopped, stats.memory = MEMORY, bound.describe(failed)


def without_cycle_collector(search: Callable) -> Callable:
    """`search` with Python's cycle collector paused while it runs: a search allocates millions of states
    that form no cycles (a check of temporal properties, graphs of them), which the collector would otherwise
    scan again and again as they pile up (a fifth of the time of a large search, a third of a liveness check).
    Memory is still freed as it is let go; cycles are collected after."""

    @wraps(search)
    def paused(*args, **kwargs):
        enabled = gc.isenabled()
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return paused


@without_cycle_collector
def explore(
    model: Model,
    invariants: Sequence[Invariant] = (),
    check_deadlock: bool = True,
    keep_graph: bool = False,
    on_level: Callable[[int, int], None] | None = None,
    keep_going: bool = False,
    symmetry: bool = False,
    max_states: int | None = None,
    on_expand: Callable[[Hashable, list], None] | None = None,
    interruptible: bool = False,
    memory: MemoryBound | None = None,
) -> Result:
    """Explore every reachable state of `model` breadth-first.

    Stops early once every invariant is violated (with none, once a deadlock is found; with the model's
    `first_violation_stops`, once any is violated or a deadlock found),
    unless `keep_graph` asks for the whole state graph (for liveness) or
    `keep_going` asks for every state anyway (TLC's -continue). Stops, with
    the statistics so far, after `max_states` states or on Ctrl-C.
    With `symmetry`, explores one representative per class (`model.canonical`).
    `on_level(depth, distinct)` is called before each level is expanded, and now and then while it is;
    `on_expand(state, steps)` with the list of its (label, successor) steps (successors as kept: with
    `symmetry`, representatives), and then every state is explored. With `interruptible`, Ctrl-C stops
    the search and the result says so (`Stats.stopped`); otherwise it interrupts the caller.
    It also stops, with the statistics so far, once it has grown past its `memory` bound (default: the
    one of `checker.explore.memory`); `Result.whole` refuses such a result to a caller that needs all.
    """
    canonical = representative(model, symmetry)
    memory = memory or MemoryBound()
    started = time.perf_counter()
    stats = Stats()
    #: state -> the state it was first reached from (so that "is it new?" is one look-up)
    parents: dict = {}
    #: the states of each depth, in the order found
    levels: list[list] = []
    graph: dict | None = {} if keep_graph else None
    #: state -> the object kept for it, so that the graph's edges lead to the very states it holds (whose
    #: look-ups then find them by identity, not by comparing values)
    kept: dict = {}
    #: invariant name -> (the depth of its first violation, the invariant), or (None, the state outside the
    #: constraint that violates it)
    found: dict[str, tuple] = {}
    deadlock = None  # the depth of the first deadlock
    pending = list(invariants)

    #: a state outside the model's constraint (TLC's CONSTRAINT) -> the state it was reached from: never
    #: counted nor expanded, though its invariants are checked, as TLC does
    outside: dict = {}
    in_model = model.constraint

    def excluded(state: Hashable, previous: Hashable | None) -> bool:
        """Whether `state` is outside the constraint; if so, check the invariants in it at once."""
        if in_model is None or in_model(state, previous):
            return False
        outside.setdefault(state, previous)
        for invariant in list(pending):
            if not invariant.holds(state):
                found[invariant.name] = None, state
                pending.remove(invariant)
        return True

    #: the constraint asked of new states alone, after the look-up that finds them new: a state seen already is
    #: inside it (the constraint reads states, not steps)
    new_alone = in_model is not None and model.constraint_of_states

    def left_out(state: Hashable, previous: Hashable) -> bool:
        """Whether a state found new (with `new_alone`) is outside the constraint, met there before or now."""
        return new_alone and (state in outside or excluded(state, previous))

    frontier = []
    for state in model.init_states():
        stats.generated += 1
        state = canonical(state)
        if state not in parents and not excluded(state, None):
            parents[state] = None
            frontier.append(state)
    initial = tuple(frontier)
    if graph is not None:
        kept.update((state, state) for state in initial)

    report_at = PROGRESS_EVERY
    expanding = None  # the state being checked or expanded: where an error of the spec is met
    try:
        while frontier:
            depth = len(levels)
            levels.append(frontier)
            stats.per_depth.append(len(frontier))
            if on_level:
                on_level(depth, len(parents))
            for invariant in list(pending):
                for state in frontier:
                    expanding = state
                    if not invariant.holds(state):
                        found[invariant.name] = depth, invariant
                        pending.remove(invariant)
                        break
            # every invariant violated, or (none named) a deadlock found: the rest cannot change the verdict; or
            # any of them, where the model's tool stops at the first
            decided = (not pending and (bool(invariants) or deadlock is not None or not check_deadlock)
                       or model.first_violation_stops and (bool(found) or deadlock is not None))
            if decided and (invariants or check_deadlock) and not keep_graph and not keep_going and not on_expand:
                stats.stopped = DECIDED
                break
            successors_of = model.next_steps
            # without labels to watch nor symmetry, the model's successors alone (faster when it has them)
            targets_of = model.next_states if on_expand is None and not symmetry else None
            next_frontier = []
            for state in frontier:
                expanding = state
                if targets_of is not None:
                    targets = targets_of(state)
                    stats.generated += len(targets)
                    successors = dict.fromkeys(targets)  # a dict keeps the model's order, so runs are repeatable
                    changes = len(successors) > 1 or (len(successors) == 1 and state not in successors)
                    generated = bool(successors)
                else:
                    successors = {}
                    changes = False
                    steps = successors_of(state)
                    if on_expand is not None:
                        steps = list(steps)
                        on_expand(state, [(label, canonical(successor)) for label, successor in steps])
                    for _, successor in steps:
                        stats.generated += 1
                        changes = changes or successor != state
                        successors[canonical(successor)] = None
                    generated = bool(successors)
                if in_model is not None and not new_alone:  # those outside taken out (a new dict would hash each)
                    for t in [t for t in successors if excluded(t, state)]:
                        del successors[t]
                stats.transitions += len(successors)
                if not generated:
                    stats.deadlocks += 1
                    if deadlock is None and check_deadlock:
                        deadlock = depth
                if not changes:
                    stats.final += 1
                if graph is None:
                    for successor in successors:
                        # one lookup: the successor is new when the parent kept for it is this state
                        if parents.setdefault(successor, state) is state:
                            if left_out(successor, state):
                                del parents[successor]  # outside the constraint
                                stats.transitions -= 1
                                continue
                            next_frontier.append(successor)
                else:
                    targets = []
                    for successor in successors:
                        # one lookup: the successor is new when it was added (the model may give a known state
                        # itself as a successor)
                        known = len(kept)
                        target = kept.setdefault(successor, successor)
                        if len(kept) > known:
                            if left_out(successor, state):
                                del kept[successor]  # outside the constraint
                                stats.transitions -= 1
                                continue
                            parents[successor] = state
                            next_frontier.append(successor)
                        targets.append(target)
                    graph[state] = tuple(targets)
                if on_level and len(parents) >= report_at:
                    report_at = len(parents) + PROGRESS_EVERY
                    on_level(len(stats.per_depth) - 1, len(parents))
                if max_states is not None and len(parents) > max_states:
                    stats.stopped = MAX_STATES
                    break
                if memory.exceeded(len(parents)):
                    stop_at_memory_bound(stats, memory)
                    break
            if stats.stopped:
                break
            frontier = next_frontier
    except KeyboardInterrupt:
        if not interruptible:
            raise
        stats.stopped = INTERRUPTED
    except MemoryError:  # an allocation larger than the bound foresaw: still the figures so far
        frontier = next_frontier = []
        stop_at_memory_bound(stats, memory, failed=True)
    except SpecError as error:  # the spec fails in a state: the behaviour that reaches it goes with the error
        if expanding is not None and getattr(error, "behaviour", None) is None:
            error.behaviour = real_path(model, canonical, symmetry, path_to(parents, expanding))
        raise

    stats.distinct = len(parents)
    stats.seconds = time.perf_counter() - started

    def trace(depth: int, is_target: Callable[[Hashable], bool]) -> Trace:
        if not model.least_traces:  # the path the search found to the level's least target, as TLC prints
            target = min((state for state in levels[depth] if is_target(state)), key=model.sort_key)
            return real_path(model, canonical, symmetry, path_to(parents, target))
        on_path = alive(model, levels[: depth + 1], is_target, canonical)
        return least_trace(model, [states.__contains__ for states in on_path], canonical)

    def violation(depth: int | None, what) -> Trace:
        if depth is not None:
            return trace(depth, violates(what))
        previous = outside[what]  # a state outside the constraint: the path to the state it was reached from
        path = (path_to(parents, previous) if previous is not None else []) + [what]
        return real_path(model, canonical, symmetry, path)

    return Result(
        stats=stats,
        violations={name: violation(depth, what) for name, (depth, what) in found.items()},
        deadlock=trace(deadlock, lambda state: deadlocked(model, state)) if deadlock is not None else None,
        graph=graph,
        initial=initial if keep_graph else (),
        canonical=canonical if symmetry else None,
    )


def real_path(model: Model, canonical: Callable, symmetry: bool, path: list) -> Trace:
    """The trace of `path`, made of real states under symmetry."""
    if symmetry:
        return least_trace(model, [(lambda s, r=r: s == r) for r in path], canonical)
    return trace_through(model, path)


def violates(invariant: Invariant) -> Callable[[Hashable], bool]:
    """Whether a state violates `invariant`."""
    return lambda state: not invariant.holds(state)


def representative(model: Model, symmetry: bool) -> Callable:
    """The function mapping a state to the one the search keeps for it."""
    if not symmetry:
        return lambda state: state
    if model.canonical is None:
        raise ValueError(f"spec '{model.name}' declares no symmetry: --symmetry cannot be used with it")
    return model.canonical

