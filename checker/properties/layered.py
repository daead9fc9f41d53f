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

A property fails when a trigger state has `to_end < unreachable`; the shortest
counterexample minimises depth(s) + to_end[s], exactly the length
`StateGraph.lasso` minimises. One byte per code keeps `to_end` (the codes are
at most `Packed.space`), and levels are stepped again in batches, so memory
stays that of the exploration.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from checker.explore.bfs import Result
from checker.explore.packed import CHUNK, Packed, path_back
from checker.explore.trace import trace_through
from checker.model import Model
from checker.properties.liveness import NONE, WEAK, Verdict
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_EVENTUALLY,
    EVENTUALLY,
    EVENTUALLY_ALWAYS,
    INITIALLY,
    LEADS_TO,
    StatePredicate,
    TemporalProperty,
)

#: `to_end` of a state outside the region, or that cannot reach a fair end inside it
UNREACHABLE = 255


class Layers:
    """The levels of a layered exploration, and the predicates over them as arrays."""

    def __init__(self, model: Model, packed: Packed, levels: list[np.ndarray]):
        self.model, self.packed, self.levels = model, packed, levels

    def holds(self, predicate: StatePredicate, codes: np.ndarray) -> np.ndarray:
        """`predicate` on each code: vectorised when the model offers it, else state by state."""
        vectorised = self.packed.predicates.get(predicate.name)
        if vectorised is not None:
            return vectorised(codes)
        decode = self.packed.decode
        return np.fromiter((predicate.holds(decode(int(c))) for c in codes), dtype=bool, count=codes.size)

    def batches(self, depth: int):
        level = self.levels[depth]
        for start in range(0, level.size, CHUNK):
            yield level[start : start + CHUNK]

    def to_end(self, region: Callable[[np.ndarray], np.ndarray], fairness: str) -> np.ndarray:
        """Code -> steps to a fair end without leaving the region (UNREACHABLE if none), by levels backwards."""
        to_end = np.full(self.packed.space, UNREACHABLE, dtype=np.uint8)
        for depth in reversed(range(len(self.levels))):
            for batch in self.batches(depth):
                steps = self.packed.expand(batch, False)
                best = np.full(batch.size, UNREACHABLE, dtype=np.int16)
                for sources, targets in steps.groups:
                    best[sources] = np.minimum(best[sources], to_end[targets].astype(np.int16) + 1)
                fair_end = np.ones(batch.size, bool) if fairness == NONE else ~steps.moves
                distance = np.where(fair_end, 0, np.minimum(best, UNREACHABLE))
                to_end[batch] = np.where(region(batch), distance, UNREACHABLE)
        return to_end

    def lasso(self, trigger, region, fairness: str, trigger_repeats: bool = False):
        """(codes of a shortest lasso, trigger index) reaching a trigger, then staying in the region; or None."""
        to_end = self.to_end(region, fairness)
        best = None
        for depth in range(len(self.levels)):
            level = self.levels[depth]
            cost = to_end[level].astype(np.int64) + depth
            wanted = trigger(level, depth) & (to_end[level] == 0 if trigger_repeats else to_end[level] < UNREACHABLE)
            if wanted.any():
                i = int(np.argmin(np.where(wanted, cost, np.iinfo(np.int64).max)))
                if best is None or cost[i] < best[0]:
                    best = (int(cost[i]), depth, int(level[i]))
        if best is None:
            return None
        _, depth, code = best
        codes = path_back(self.packed, self.levels, depth, code, False)
        while to_end[codes[-1]] > 0:
            codes.append(self.next_closer(codes[-1], to_end))
        return codes, depth

    def next_closer(self, code: int, to_end: np.ndarray) -> int:
        """A successor of `code` one step closer to a fair end."""
        for _, targets in self.packed.expand(np.array([code], dtype=self.packed.dtype), False).groups:
            closer = targets[to_end[targets] == to_end[code] - 1]
            if closer.size:
                return int(closer[0])
        raise AssertionError(f"state {code} has no successor closer to a fair end")

    def find(self, prop: TemporalProperty, fairness: str):
        """A lasso breaking `prop` under `fairness` (codes, trigger index), or None."""
        operator, predicates = prop.formula.operator, prop.formula.predicates
        p = predicates[0]

        def everywhere(codes, depth=0):
            return np.ones(codes.size, bool)

        def not_p(codes, depth=0):
            return ~self.holds(p, codes)

        if operator == ALWAYS:
            return self.lasso(not_p, everywhere, fairness)
        if operator == EVENTUALLY:
            return self.lasso(lambda codes, depth: everywhere(codes) & (depth == 0), not_p, fairness)
        if operator == INITIALLY:
            return self.lasso(lambda codes, depth: not_p(codes) & (depth == 0), everywhere, fairness)
        if operator == ALWAYS_EVENTUALLY:
            return self.lasso(everywhere, not_p, fairness)
        if operator == EVENTUALLY_ALWAYS:
            return self.lasso(not_p, everywhere, fairness, trigger_repeats=True)
        if operator == LEADS_TO:
            q = predicates[1]

            def not_q(codes, depth=0):
                return ~self.holds(q, codes)

            return self.lasso(lambda codes, depth: self.holds(p, codes) & not_q(codes), not_q, fairness)
        raise ValueError(f"unknown temporal operator {operator!r}")

    def may_stay(self, code: int) -> bool:
        """Whether weak fairness lets a behaviour stay in this state forever (no step changes it)."""
        return not self.packed.expand(np.array([code], dtype=self.packed.dtype), False).moves[0]

    def check(self, prop: TemporalProperty, fairness: str) -> Verdict:
        found = self.find(prop, fairness)
        if found is None:
            return Verdict(prop, fairness)
        codes, trigger = found
        states = [self.packed.decode(c) for c in codes]
        trace = trace_through(self.model, states, len(states) - 1)
        unfair = fairness == NONE and not self.may_stay(codes[-1])
        holds_under_weak = self.find(prop, WEAK) is None if unfair else None
        return Verdict(prop, fairness, trace, trigger, holds_under_weak)


def check_layered(
    model: Model, result: Result, props: Sequence[TemporalProperty], fairness: str, packed: Packed | None = None
) -> list[Verdict]:
    """Decide each of `props` on the levels of a layered packed exploration (`result.layered`)."""
    if not result.layered:
        raise ValueError("the state graph is not layered: check temporal properties with networkx")
    layers = Layers(model, packed or model.packed, result.levels)
    return [layers.check(prop, fairness) for prop in props]
