"""The cfg's SYMMETRY: the group of permutations of model values it generates, and the permutation that makes
a state's representative, the least of its images in TLC's order of values (`values.key`)."""

from __future__ import annotations

import bisect
import math
from typing import Any, Sequence

from checker.tla import runtime, values

#: the most keys of permuted values `Least` remembers, and the most ranks in the rows it remembers
REMEMBERED_KEYS = 1 << 16
REMEMBERED_RANKS = 1 << 22
#: the room between the ranks of keys met one after the other, for the keys met later between them
SPACING = 1 << 64


def generated_group(mappings: list[dict]) -> list[dict]:
    """The permutations that `mappings` (each of the values it names, the others fixed) generate by composition,
    those given first."""
    domain = list(dict.fromkeys(v for m in mappings for v in m))
    index = {v: i for i, v in enumerate(domain)}
    given = [tuple(index[m.get(v, v)] for v in domain) for m in mappings]
    if len(set(given)) == math.factorial(len(domain)):  # every permutation already (Permutations(S))
        return mappings
    group = {tuple(range(len(domain)))}
    generators: list[tuple] = []
    for p in given:
        if p in group:
            continue
        generators.append(p)
        frontier = list(group)
        while frontier:
            found = []
            for g in frontier:
                for h in generators:
                    composed = tuple(g[i] for i in h)
                    if composed not in group:
                        group.add(composed)
                        found.append(composed)
            frontier = found
    first = list(dict.fromkeys(given))
    known = set(first)
    ordered = first + [g for g in group if g not in known]
    return [{v: domain[g[i]] for i, v in enumerate(domain)} for g in ordered]


class Least:
    """Of the `mappings` (a group of permutations), the first that permutes a state to the least of its images
    (an empty mapping where the state is that image itself, as most are):
    variable by variable, the permutations giving the least first variable, then of those the ones giving the
    least second... (most are dropped at the first variables).

    A value's keys under every permutation (its row) are remembered, as values recur from state to state, and
    each key as its rank: a number in the keys' order, so that keys compare as numbers, not as the nested
    tuples they are. A set or a function is keyed through its elements' (its pairs') rows, each permutation's
    sorted, and the permutations giving the least smallest element are found first, in one pass over the rows,
    before the few of them left are sorted in full."""

    def __init__(self, mappings: Sequence[dict]):
        self.mappings = mappings
        #: the index of the permutation that moves nothing, if given
        self.identity = next((i for i, m in enumerate(mappings) if all(k is v for k, v in m.items())), None)
        self.forget()

    def forget(self) -> None:
        #: a value (as `runtime.memo_key` keys it) -> the ranks of its keys under each mapping (None if all equal)
        self.rows: dict = {}
        #: the keys met, in order, and each one's rank: numbers in the same order, spaced for the keys met later
        self.keys: list = []
        self.ranks: dict = {}
        #: how many times the ranks were numbered again (which forgets the rows)
        self.renumbered = 0

    def __call__(self, state: tuple) -> dict:
        if len(self.ranks) >= REMEMBERED_KEYS or len(self.rows) * len(self.mappings) >= REMEMBERED_RANKS:
            self.forget()
        candidates = range(len(self.mappings))
        for value in state:
            candidates = self.least(value, candidates)
            if len(candidates) == 1:
                break
        if self.identity in candidates:  # the state is its own least image (as most are)
            return {}
        return self.mappings[candidates[0]]

    def row(self, value: Any, memo: Any = ()) -> tuple | None:
        """The rank of `values.key` of `value` permuted by each mapping, in their order; None when every mapping
        gives the same key (the value names no model value they move). `memo` is the key it is remembered by,
        when the caller knows one (see `least`)."""
        if memo == ():
            memo = runtime.memo_key((value,))  # TRUE told apart from 1; None for a lazy set, costly to hash
        found = self.rows.get(memo, ())
        if found == ():
            keys = [values.permuted_key(value, m) for m in self.mappings]
            if keys.count(keys[0]) == len(keys):
                found = None
            else:
                for key in sorted({key for key in keys if key not in self.ranks}):
                    self.insert(key)
                found = tuple([self.ranks[key] for key in keys])
            if memo is not None:
                self.rows[memo] = found
        return found

    def insert(self, key: tuple) -> None:
        """Give a new key a rank between those of the keys around it (all numbered again when there is no room)."""
        keys, ranks = self.keys, self.ranks
        at = bisect.bisect_left(keys, key)
        if 0 < at < len(keys) and ranks[keys[at]] - ranks[keys[at - 1]] < 2:
            for i, known in enumerate(keys):
                ranks[known] = i * SPACING
            self.rows.clear()
            self.renumbered += 1
        if not keys:
            rank = 0
        elif at == 0:
            rank = ranks[keys[0]] - SPACING
        elif at == len(keys):
            rank = ranks[keys[-1]] + SPACING
        else:
            rank = (ranks[keys[at - 1]] + ranks[keys[at]]) // 2
        keys.insert(at, key)
        ranks[key] = rank

    def rows_of(self, value: Any, parts) -> list:
        """The rows of the parts of a set or a function that some mapping moves. A function's pair is remembered
        by itself where the function holds no boolean, and tagged where its values alone are booleans (a pair
        is no key `memo_key` makes: those are tuples of one value), which spares looking for booleans in it."""
        where = runtime.booleans_in(value) if isinstance(value, (values.Rcd, values.Fcn)) else None
        if where == 0:
            rows = [self.row(pair, pair) for pair in parts]
        elif where == 3:
            rows = [self.row(pair, (*pair, None)) for pair in parts]
        else:
            rows = [self.row(part) for part in parts]
        return [row for row in rows if row is not None]

    def least(self, value: Any, candidates: Sequence[int]) -> Sequence[int]:
        """The `candidates` (indices of mappings) that permute `value` to the least value, in their order."""
        if isinstance(value, frozenset):
            parts = value
        elif isinstance(value, (values.Rcd, values.Fcn)):
            parts = value.items()  # a pair's key orders as the function's key orders its pairs
        else:
            row = self.row(value)
            if row is None:
                return candidates
            least = min(row[i] for i in candidates)
            return [i for i in candidates if row[i] == least]
        # the parts every mapping fixes are left out: two sorted lists of as many keys compare as they do without
        # the keys they share
        renumbered = self.renumbered
        rows = self.rows_of(value, parts)
        if self.renumbered != renumbered:  # the rows found before were numbered otherwise
            rows = self.rows_of(value, parts)
        if not rows:
            return candidates
        smallest = list(map(min, zip(*rows)))  # each mapping's least part
        least = min(smallest[i] for i in candidates)
        candidates = [i for i in candidates if smallest[i] == least]
        if len(candidates) == 1 or len(rows) == 1:
            return candidates
        sorted_ = {i: sorted(row[i] for row in rows) for i in candidates}
        least = min(sorted_.values())
        return [i for i in candidates if sorted_[i] == least]
