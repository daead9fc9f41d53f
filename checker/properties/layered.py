"""Temporal properties in linear time on a layered state graph, without networkx.

When every step that changes the state goes from one BFS level to the next
(as in a game where each move adds a stone; self-loops aside), the graph
has no cycle but self-loops, and the levels are a topological order. The
packed engine notices this while exploring (`Result.levels`). Then every
lasso of `checker.properties.liveness` ends by staying in one state forever,
and the shortest way to do so is found by one backward pass over the levels:

    to_end[s] = 0                              if s is in the region and a fair end
              = 1 + min(to_end[t] for t a successor of s)   if s is in the region
              = unreachable                    otherwise

A fair end is a state where no fairness condition's action is enabled (the
only cycles are stutter loops, which take no action); under weak fairness, a
state with no step that changes it. A property fails when a trigger state has
`to_end < unreachable`; the shortest counterexample minimises depth(s) +
to_end[s], exactly the length `StateGraph.lasso` minimises. One byte per code
keeps `to_end` (the codes are at most `Packed.space`), and levels are stepped
again in batches, so memory stays that of the exploration. A condition or
predicate the model does not vectorise is asked state by state.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from checker.explore.bfs import Result
from checker.explore.packed import CHUNK, Packed, member, on_shortest_paths
from checker.explore.trace import least_step, least_trace, trace_through
from checker.model import Model
from checker.properties.liveness import Verdict, resolve
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_ACTION,
    ALWAYS_EVENTUALLY,
    EVENTUALLY,
    EVENTUALLY_ALWAYS,
    FAIR,
    INITIALLY,
    LEADS_TO,
    Fair,
    Fairness,
    StatePredicate,
    TemporalProperty,
)

#: `to_end` of a state outside the region, or that cannot reach a fair end inside it
UNREACHABLE = 255


def everywhere(codes: np.ndarray, depth: int = 0) -> np.ndarray:
    """The region or trigger that is every state."""
    return np.ones(codes.size, bool)


class Layers:
    """The levels of a layered exploration, and the predicates over them as arrays."""

    def __init__(self, model: Model, packed: Packed, levels: list[np.ndarray]):
        self.model, self.packed, self.levels = model, packed, levels
        #: callable -> what it answered of each code (-1: not asked yet), one byte per code
        self.known: dict[Callable, np.ndarray] = {}
        #: zeros, one per code, for `on_shortest_paths` to mark codes in (made when first needed)
        self.scratch: np.ndarray | None = None

    def holds(self, predicate: StatePredicate, codes: np.ndarray) -> np.ndarray:
        """`predicate` on each code: vectorised when the model offers it, else state by state."""
        vectorised = self.packed.predicates.get(predicate.name)
        if vectorised is not None:
            return vectorised(codes)
        return self.each(predicate.holds, codes)

    def each(self, holds: Callable, codes: np.ndarray) -> np.ndarray:
        """`holds` of each code's state, asked once per state."""
        known = self.known.get(holds)
        if known is None:
            known = self.known[holds] = np.full(self.packed.space, -1, dtype=np.int8)
        new = codes[known[codes] < 0]
        decode = self.packed.decode
        known[new] = np.fromiter((holds(decode(int(c))) for c in new), dtype=bool, count=new.size)
        return known[codes] == 1

    def enabled(self, condition: Fair, codes: np.ndarray, moves: np.ndarray | None = None) -> np.ndarray:
        """ENABLED <<A>>_v in each state; `moves`, the batch's, when already expanded."""
        if condition.enabled is not None:
            return self.each(condition.enabled, codes)
        return self.packed.expand(codes, False).moves if moves is None else moves

    def may_stay(self, codes: np.ndarray, moves: np.ndarray, conditions: tuple[Fair, ...]) -> np.ndarray:
        """Whether a fair behaviour may stay forever in each state: no condition's action is enabled there."""
        stay = np.ones(codes.size, bool)
        for condition in conditions:
            stay &= ~self.enabled(condition, codes, moves)
        return stay

    def batches(self, depth: int):
        level = self.levels[depth]
        for start in range(0, level.size, CHUNK):
            yield level[start : start + CHUNK]

    def to_end(self, region: Callable[[np.ndarray], np.ndarray], conditions: tuple[Fair, ...]) -> np.ndarray:
        """Code -> steps to a fair end without leaving the region (UNREACHABLE if none), by levels backwards."""
        to_end = np.full(self.packed.space, UNREACHABLE, dtype=np.uint8)
        for depth in reversed(range(len(self.levels))):
            for batch in self.batches(depth):
                steps = self.packed.expand(batch, False)
                best = np.full(batch.size, UNREACHABLE, dtype=np.int16)
                for sources, targets in steps.groups:
                    best[sources] = np.minimum(best[sources], to_end[targets].astype(np.int16) + 1)
                fair_end = self.may_stay(batch, steps.moves, conditions)
                distance = np.where(fair_end, 0, np.minimum(best, UNREACHABLE))
                to_end[batch] = np.where(region(batch), distance, UNREACHABLE)
        return to_end

    def path_to(self, depth: int, targets: np.ndarray) -> list:
        """The least shortest path (`checker.explore.trace.least_trace`) to one of `targets` (codes at `depth`)."""
        if self.scratch is None:
            self.scratch = np.zeros(self.packed.space, dtype=np.uint8)
        on_path = on_shortest_paths(self.packed, self.levels[:depth], targets, False, self.scratch)
        return list(least_trace(self.model, [member(self.packed, codes) for codes in on_path]).states)

    def lasso(self, trigger, region, conditions: tuple[Fair, ...], trigger_repeats: bool = False):
        """(states of a shortest lasso, trigger index) reaching a trigger, then staying in the region; or
        None. Chosen as `checker.properties.liveness.StateGraph` chooses: the earliest trigger, the least
        path to it, then the least step closer to a fair end, each time."""
        to_end = self.to_end(region, conditions)
        best = None
        for depth in range(len(self.levels)):
            level = self.levels[depth]
            cost = to_end[level].astype(np.int64) + depth
            wanted = trigger(level, depth) & (to_end[level] == 0 if trigger_repeats else to_end[level] < UNREACHABLE)
            if wanted.any():
                least = int(cost[wanted].min())
                if best is None or least < best[0]:
                    best = (least, depth, level[wanted & (cost == least)])
        if best is None:
            return None
        _, depth, targets = best
        states = self.path_to(depth, targets)
        encode = self.packed.encode
        while to_end[encode(states[-1])] > 0:
            closer = int(to_end[encode(states[-1])]) - 1
            states.append(least_step(self.model, states[-1], lambda t: int(to_end[encode(t)]) == closer)[1])
        return states, depth

    def offending_step(self, conditions: tuple[Fair, ...], allowed: Callable) -> tuple[list, int] | None:
        """(states of a shortest path whose last step `allowed` does not allow, after which a fair behaviour
        goes on; the index of its last state), or None: the least path to the earliest such step's source,
        then the least such step."""
        to_end = self.to_end(everywhere, conditions)
        decode, encode = self.packed.decode, self.packed.encode
        for depth in range(len(self.levels)):
            sources = [
                source
                for batch in self.batches(depth)
                for froms, targets in self.packed.expand(batch, False).groups
                for source, target in zip(batch[froms].tolist(), targets.tolist())
                if to_end[target] < UNREACHABLE and not allowed(decode(source), decode(target))
            ]
            if sources:
                states = self.path_to(depth, np.array(sources, dtype=self.packed.dtype))
                source = states[-1]

                def offends(t):
                    return t != source and to_end[encode(t)] < UNREACHABLE and not allowed(source, t)

                return states + [least_step(self.model, source, offends)[1]], depth + 1
        return None

    def find(self, prop: TemporalProperty, conditions: tuple[Fair, ...]):
        """A counterexample to `prop` under `conditions` (states, trigger index), or None."""
        operator, predicates = prop.formula.operator, prop.formula.predicates
        p = predicates[0]

        def not_p(codes, depth=0):
            return ~self.holds(p, codes)

        if operator == ALWAYS:
            return self.lasso(not_p, everywhere, conditions)
        if operator == EVENTUALLY:
            return self.lasso(lambda codes, depth: everywhere(codes) & (depth == 0), not_p, conditions)
        if operator == INITIALLY:
            return self.lasso(lambda codes, depth: not_p(codes) & (depth == 0), everywhere, conditions)
        if operator == ALWAYS_EVENTUALLY:
            return self.lasso(everywhere, not_p, conditions)
        if operator == EVENTUALLY_ALWAYS:
            return self.lasso(not_p, everywhere, conditions, trigger_repeats=True)
        if operator == LEADS_TO:
            q = predicates[1]

            def not_q(codes, depth=0):
                return ~self.holds(q, codes)

            return self.lasso(lambda codes, depth: self.holds(p, codes) & not_q(codes), not_q, conditions)
        if operator == ALWAYS_ACTION:
            return self.offending_step(conditions, p.holds)
        if operator == FAIR:
            # a fair suffix stays in one state (the only cycles are stutter loops): one that enables A
            return self.lasso(lambda codes, depth: self.enabled(p, codes), everywhere, conditions, trigger_repeats=True)
        raise ValueError(f"unknown temporal operator {operator!r}")

    def moves(self, code: int) -> bool:
        """Whether a step changes this state."""
        return bool(self.packed.expand(np.array([code], dtype=self.packed.dtype), False).moves[0])

    def check(self, prop: TemporalProperty, fairness: str | Fairness) -> Verdict:
        fairness = prop.fairness or fairness
        conditions = resolve(fairness)
        found = self.find(prop, conditions.conditions)
        if found is None:
            return Verdict(prop, fairness)
        states, trigger = found
        lasso = prop.formula.operator != ALWAYS_ACTION
        trace = trace_through(self.model, states, len(states) - 1 if lasso else None)
        stalls = lasso and self.moves(self.packed.encode(states[-1]))
        holds_under_weak = self.find(prop, conditions.with_whole().conditions) is None if stalls else None
        return Verdict(prop, fairness, trace, trigger, holds_under_weak)


def check_layered(
    model: Model,
    result: Result,
    props: Sequence[TemporalProperty],
    fairness: str | Fairness,
    packed: Packed | None = None,
) -> list[Verdict]:
    """Decide each of `props` on the levels of a layered packed exploration (`result.layered`)."""
    if not result.layered:
        raise ValueError("the state graph is not layered: check temporal properties with networkx")
    layers = Layers(model, packed or model.packed, result.levels)
    return [layers.check(prop, fairness) for prop in props]
