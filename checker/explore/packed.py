"""The fast engine: breadth-first search over states packed as integers, in numpy batches.

A model may offer a `Packed` view of itself (`Model.packed`): every state as
an integer below `space`, and its steps computed for a whole array of states
at once. The search then keeps

  * a seen-set as a numpy byte array indexed by code, holding the depth
    each code was first seen at (one byte per code: 43 MB for the 3^16
    boards of 4x4, where a dict of states took GBs),
  * one array of codes per depth instead of a dict of parent links,
  * counts, not lists, of self-loops (the stutter steps of finished games),

and checks each invariant on a whole level at once when the model gives it as
a vectorised predicate (otherwise state by state through the ordinary model).
A counterexample is chosen by the rule of `checker.explore.trace`: the levels
are stepped again, backwards, to keep the codes on a shortest path to a
violating state (`on_shortest_paths`), through which the ordinary model walks
forwards (`least_trace`), so it is the very trace `checker.explore.bfs` prints.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Hashable, Mapping, Protocol, Sequence

import numpy as np

from checker.explore.bfs import (
    DECIDED,
    INTERRUPTED,
    MAX_STATES,
    Result,
    Stats,
    representative,
    stop_at_memory_bound,
)
from checker.explore.memory import BoundReached, MemoryBound, size_text
from checker.explore.trace import least_trace
from checker.model import Invariant, Model

#: states expanded per batch: bounds the memory of the temporary arrays
CHUNK = 1 << 18


@dataclass
class Expansion:
    """The steps of a batch of states `codes[0..m)`."""

    #: (which states of the batch step, as a bool mask; their successor codes, in batch order),
    #: one pair per group of steps; codes may be any integer dtype (int64, numpy's index type,
    #: makes the seen-set look-ups fastest)
    groups: list[tuple[np.ndarray, np.ndarray]]
    #: True when no successor repeats within a group and no (source, successor) pair repeats
    #: across groups; False (under symmetry, say) makes the search remove repeats itself
    distinct: bool
    #: labelled steps taken, one per nondeterministic choice (the `generated` statistic)
    steps: int
    #: per source: it has a step to itself (not part of `groups`)
    loops: np.ndarray
    #: per source: it has a step that changes the state
    moves: np.ndarray


class Packed(Protocol):
    """What a model offers to be explored by `explore_packed`."""

    #: every code is in range(space)
    space: int
    #: numpy dtype of the codes
    dtype: np.dtype
    #: invariant name -> vectorised predicate over an array of codes (may miss some)
    invariants: Mapping[str, Callable[[np.ndarray], np.ndarray]]
    #: name of a temporal property's state predicate -> vectorised predicate (may miss some)
    predicates: Mapping[str, Callable[[np.ndarray], np.ndarray]]

    def encode(self, state: Hashable) -> int: ...

    def decode(self, code: int) -> Hashable: ...

    def canonical(self, codes: np.ndarray) -> np.ndarray:
        """The codes of the representatives of `codes`' classes (see `Model.canonical`)."""
        ...

    def expand(self, codes: np.ndarray, symmetry: bool) -> Expansion:
        """The steps of `codes`; with `symmetry`, successors are given as representatives."""
        ...


def explore_packed(
    model: Model,
    invariants: Sequence[Invariant] = (),
    check_deadlock: bool = True,
    on_level: Callable[[int, int], None] | None = None,
    keep_going: bool = False,
    symmetry: bool = False,
    max_states: int | None = None,
    packed: Packed | None = None,
    check_layers: bool = False,
    interruptible: bool = False,
    memory: MemoryBound | None = None,
) -> Result:
    """`checker.explore.bfs.explore` (without `keep_graph`) on `packed` (default `model.spec.packed`).

    With `check_layers`, explores every state and says whether the graph is
    layered (`Result.layered`), for `checker.properties.layered`.
    """
    packed = packed or model.packed
    canonical = representative(model, symmetry)
    memory = memory or MemoryBound()
    started = time.perf_counter()
    stats = Stats()
    if memory.would_exceed(packed.space):
        raise BoundReached(
            f"the packed engine needs {size_text(packed.space)} for its table of the states seen, more than "
            f"{memory.describe()} leaves; --max-memory SIZE raises the bound"
        )
    # 0 for a code not seen yet, else 1 + the depth it was first seen at (at most 255)
    seen = np.zeros(packed.space, dtype=np.uint8)
    layered = True
    initial = [packed.encode(canonical(s)) for s in model.init_states()]
    stats.generated = len(initial)
    level = distinct(np.array(initial, dtype=packed.dtype))
    seen[level] = 1
    levels: list[np.ndarray] = []
    #: invariant name -> (the depth of its first violation, the invariant)
    found: dict[str, tuple[int, Invariant]] = {}
    deadlock = None  # the depth of the first deadlock
    pending = list(invariants)
    try:
        while level.size:
            depth = len(levels)
            levels.append(level)
            stats.per_depth.append(level.size)
            stats.distinct += level.size
            if on_level:
                on_level(depth, stats.distinct)
            for invariant in list(pending):
                if not holds(model, packed, invariant, level).all():
                    found[invariant.name] = depth, invariant
                    pending.remove(invariant)
            # every invariant violated, or (none named) a deadlock found: the rest cannot change the verdict
            decided = not pending and (bool(invariants) or deadlock is not None or not check_deadlock)
            if decided and (invariants or check_deadlock) and not keep_going and not check_layers:
                stats.stopped = DECIDED
                break
            parts = []
            for start in range(0, level.size, CHUNK):
                batch = level[start : start + CHUNK]
                steps = packed.expand(batch, symmetry)
                stats.generated += steps.steps
                stats.final += int(np.count_nonzero(~steps.moves))
                stuck = np.flatnonzero(~steps.moves & ~steps.loops)
                stats.deadlocks += stuck.size
                if stuck.size and deadlock is None and check_deadlock:
                    deadlock = depth
                stats.transitions += transitions(steps, batch, packed.space)
                mark = min(depth + 2, 255)
                layered = layered and mark < 255
                for _, targets in steps.groups:
                    marks = seen[targets]
                    fresh = targets[marks == 0]
                    if check_layers and layered:
                        layered = bool(np.all((marks == 0) | (marks == mark)))
                    if not steps.distinct:
                        fresh = distinct(fresh)
                    seen[fresh] = mark
                    parts.append(fresh.astype(packed.dtype))
                found_here = sum(map(len, parts))
                if max_states is not None and stats.distinct + found_here > max_states:
                    stats.stopped = MAX_STATES
                elif memory.exceeded(stats.distinct + found_here):
                    stop_at_memory_bound(stats, memory)
                if stats.stopped:
                    stats.distinct += found_here  # found, though not expanded
                    break
            if stats.stopped:
                break
            level = np.concatenate(parts) if parts else np.empty(0, packed.dtype)
    except KeyboardInterrupt:
        if not interruptible:
            raise
        stats.stopped = INTERRUPTED
    except MemoryError:  # an allocation larger than the bound foresaw: still the figures so far
        parts = []
        stop_at_memory_bound(stats, memory, failed=True)
    stats.seconds = time.perf_counter() - started

    seen.fill(0)  # from here on, the scratch of `on_shortest_paths`

    def trace(depth: int, targets: np.ndarray):
        on_path = on_shortest_paths(packed, levels[:depth], targets, symmetry, seen)
        return least_trace(model, [member(packed, codes) for codes in on_path], canonical)

    return Result(
        stats=stats,
        violations={
            name: trace(depth, levels[depth][~holds(model, packed, invariant, levels[depth])])
            for name, (depth, invariant) in found.items()
        },
        deadlock=trace(deadlock, stuck_codes(packed, levels[deadlock], symmetry)) if deadlock is not None else None,
        graph=None,
        levels=levels,
        layered=layered and stats.complete if check_layers else None,
    )


def holds(model: Model, packed: Packed, invariant: Invariant, codes: np.ndarray) -> np.ndarray:
    """Whether `invariant` holds in each state: vectorised if the model says how, else one by one."""
    vectorised = packed.invariants.get(invariant.name)
    if vectorised is not None:
        return vectorised(codes)
    return np.fromiter((invariant.holds(packed.decode(int(c))) for c in codes), dtype=bool, count=codes.size)


def transitions(steps: Expansion, batch: np.ndarray, space: int) -> int:
    """Distinct edges source -> successor leaving `batch`."""
    loops = int(np.count_nonzero(steps.loops))
    if steps.distinct:
        return sum(targets.size for _, targets in steps.groups) + loops
    keys = [np.flatnonzero(sources) * space + targets for sources, targets in steps.groups]
    keys.append(np.flatnonzero(steps.loops).astype(np.int64) * space + batch[steps.loops])
    return distinct(np.concatenate(keys)).size


def distinct(codes: np.ndarray) -> np.ndarray:
    """The distinct values of `codes`, sorted (by sorting: numpy's hash-based `unique` is far slower here)."""
    codes = np.sort(codes)
    return codes[np.concatenate(([True], codes[1:] != codes[:-1]))] if codes.size else codes


def stuck_codes(packed: Packed, level: np.ndarray, symmetry: bool) -> np.ndarray:
    """The codes of `level` that no step leaves (deadlocks)."""
    parts = []
    for start in range(0, level.size, CHUNK):
        batch = level[start : start + CHUNK]
        steps = packed.expand(batch, symmetry)
        parts.append(batch[~steps.moves & ~steps.loops])
    return np.concatenate(parts)


def on_shortest_paths(
    packed: Packed, levels: list[np.ndarray], targets: np.ndarray, symmetry: bool, scratch: np.ndarray
) -> list[np.ndarray]:
    """For each of `levels` and then for `targets` (codes of the level after them), the codes on a shortest
    path to a target, sorted: the targets, and in each level before, the codes with a step into the next
    one's (see `checker.explore.trace.alive`). `scratch`: zeros, one per code, to mark the next level's
    codes in (left zeros)."""
    found = [distinct(targets)]
    for level in reversed(levels):
        after, parts = found[-1], []
        scratch[after] = 1
        for start in range(0, level.size, CHUNK):
            batch = level[start : start + CHUNK]
            into = np.zeros(batch.size, bool)
            for sources, successors in packed.expand(batch, symmetry).groups:
                into[np.flatnonzero(sources)[scratch[successors] == 1]] = True
            parts.append(batch[into])
        scratch[after] = 0
        found.append(distinct(np.concatenate(parts)))
    return found[::-1]


def member(packed: Packed, codes: np.ndarray) -> Callable[[Hashable], bool]:
    """Whether a state's code is among `codes` (sorted, not empty)."""

    def holds(state: Hashable) -> bool:
        code = packed.encode(state)
        return int(codes[min(int(np.searchsorted(codes, code)), codes.size - 1)]) == code

    return holds
