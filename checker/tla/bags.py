"""The standard module Bags and the Community Module BagsExt, written in Python: a bag is a function from
its elements to their (positive) numbers of copies.

Each function computes one operator as TLC does (FoldBag as TLC's Java code does: op(acc, e) once for
each copy of each element, the elements in TLC's order; the others as their TLA+ definitions, quoted in
each docstring), with TLC's errors; every function takes its place `loc` last.
"""

from __future__ import annotations

import itertools
import math
from typing import Callable

from checker.tla import runtime as _rt
from checker.tla.community import bounded
from checker.tla.community import elements_of, pairs_of, wrong_argument
from checker.tla.errors import TlaError
from checker.tla.lazy import RecursiveFunction
from checker.tla.values import function as _function
from checker.tla.values import is_function as _is_function
from checker.tla.values import items as _items


# ---- Bags (standard) and BagsExt ------------------------------------------------------------------------------


def _bag(b, op: str, position: int, loc) -> list:
    """The (element, copies) pairs of bag `b`, each count a positive integer (as TLC's Bags checks)."""
    found = pairs_of(b, op, position, loc)
    for element, copies in found:
        if type(copies) is not int:
            raise wrong_argument(op, position, "a bag (a function to positive integers)", b, loc)
    return found


def is_a_bag(b, loc):
    """`IsABag(B) == B \\in [DOMAIN B -> {n \\in Nat : n > 0}]`."""
    if type(b) is RecursiveFunction:
        b = b.value(loc)
    if not _is_function(b):
        raise TlaError(f"Attempted to compute the DOMAIN of the {_rt.described(b)}, which is not a function", loc)
    return all(type(v) is int and v > 0 for _, v in _items(b))


def bag_to_set(b, loc):
    """`BagToSet(B) == DOMAIN B`."""
    return _rt.dom(b, loc)


def set_to_bag(s, loc):
    """`SetToBag(S) == [e \\in S |-> 1]`."""
    return _function({x: 1 for x in _rt.each(s, loc)})


def bag_in(e, b, loc):
    """`BagIn(e,B) == e \\in BagToSet(B)`."""
    return _rt.member(e, _rt.dom(b, loc), loc)


def empty_bag(loc):
    """`EmptyBag == SetToBag({})`."""
    return ()


def bag_plus(a, b, loc):
    """`B1 (+) B2 == [e \\in (DOMAIN B1) \\cup (DOMAIN B2) |-> (IF e \\in DOMAIN B1 THEN B1[e] ELSE 0) + (IF e \\in
    DOMAIN B2 THEN B2[e] ELSE 0) ]`."""
    counts = dict(_bag(a, "(+)", 0, loc))
    for element, copies in _bag(b, "(+)", 1, loc):
        counts[element] = counts.get(element, 0) + copies
    return _function(counts)


def bag_minus(a, b, loc):
    """`B1 (-) B2 == LET B == [e \\in DOMAIN B1 |-> IF e \\in DOMAIN B2 THEN B1[e] - B2[e] ELSE B1[e]] IN [e \\in {d
    \\in DOMAIN B : B[d] > 0} |-> B[e]]`."""
    taken = dict(_bag(b, "(-)", 1, loc))
    counts = {}
    for element, copies in _bag(a, "(-)", 0, loc):
        left = copies - taken.get(element, 0)
        if left > 0:
            counts[element] = left
    return _function(counts)


def bag_union(bags, loc):
    """`BagUnion(S) == [e \\in UNION {BagToSet(B) : B \\in S} |-> Sum( [B \\in S |-> IF BagIn(e, B) THEN B[e] ELSE 0] ) ]`."""
    counts: dict = {}
    for b in elements_of(bags, loc):
        for element, copies in _bag(b, "BagUnion", 0, loc):
            counts[element] = counts.get(element, 0) + copies
    return _function(counts)


def sub_bag_of(a, b, loc):
    """`B1 \\sqsubseteq B2 == /\\ (DOMAIN B1) \\subseteq (DOMAIN B2) /\\ \\A e \\in DOMAIN B1 : B1[e] \\leq B2[e]`."""
    larger = dict(_bag(b, "\\sqsubseteq", 1, loc))
    return all(element in larger and _rt.le(copies, larger[element], loc) for element, copies in
               _bag(a, "\\sqsubseteq", 0, loc))


def sub_bags(b, loc):
    """`SubBag(B)`: every bag SB with DOMAIN SB \\subseteq DOMAIN B and SB[e] \\leq B[e] (the TLA+ book's definition)."""
    found = _bag(b, "SubBag", 0, loc)
    bounded(math.prod(c + 1 for _, c in found), "SubBag", loc)
    made = set()
    for counts in itertools.product(*(range(c + 1) for _, c in found)):
        made.add(_function({e: n for (e, _), n in zip(found, counts) if n > 0}))
    return frozenset(made)


def bag_of_all(f: Callable, b, loc):
    """`BagOfAll(F(_), B) == [e \\in {F(d) : d \\in BagToSet(B)} |-> Sum( [d \\in BagToSet(B) |-> IF F(d) = e THEN B[d]
    ELSE 0] ) ]`."""
    counts: dict = {}
    for element, copies in _bag(b, "BagOfAll", 1, loc):
        image = f(element)
        counts[image] = counts.get(image, 0) + copies
    return _function(counts)


def bag_cardinality(b, loc):
    """`BagCardinality(B) == Sum(B)`."""
    return sum(copies for _, copies in _bag(b, "BagCardinality", 0, loc))


def copies_in(e, b, loc):
    """`CopiesIn(e, B) == IF BagIn(e, B) THEN B[e] ELSE 0`."""
    return _rt.apply(b, e, loc) if bag_in(e, b, loc) else 0


def bag_add(b, x, loc):
    """`BagAdd(B, x) == IF x \\in DOMAIN B THEN [e \\in DOMAIN B |-> IF e=x THEN B[e]+1 ELSE B[e]] ELSE [e \\in DOMAIN
    B \\union {x} |-> IF e=x THEN 1 ELSE B[e]]`."""
    counts = dict(pairs_of(b, "BagAdd", 0, loc))
    counts[x] = _rt.add(counts[x], 1, loc) if x in counts else 1
    return _function(counts)


def bag_remove(b, x, loc):
    """`BagRemove(B,x) == IF x \\in DOMAIN B THEN IF B[x] = 1 THEN [e \\in DOMAIN B \\ {x} |-> B[e]] ELSE [e \\in
    DOMAIN B |-> IF e=x THEN B[e]-1 ELSE B[e]] ELSE B`."""
    counts = dict(pairs_of(b, "BagRemove", 0, loc))
    if x not in counts:
        return _function(counts)
    if _rt.eq(counts[x], 1, loc):
        del counts[x]
    else:
        counts[x] = _rt.sub(counts[x], 1, loc)
    return _function(counts)


def bag_remove_all(b, x, loc):
    """`BagRemoveAll(B,x) == [e \\in DOMAIN B \\ {x} |-> B[e]]`."""
    return _function({e: n for e, n in pairs_of(b, "BagRemoveAll", 0, loc) if e != x})


def map_then_fold_bag(op: Callable, base, f: Callable, choose: Callable, b, loc):
    """`MapThenFoldBag(op(_,_), base, f(_), choose(_), B) == LET handle(x) == LET pow[n \\in Nat \\ {0}] == op(IF n=1
    THEN base ELSE pow[n-1], f(x)) IN pow[B[x]] IN MapThenFoldSet(op, base, handle, LAMBDA S : CHOOSE x \\in S :
    TRUE, DOMAIN B)`."""
    counts = dict(_bag(b, "MapThenFoldBag", 4, loc))
    if any(n <= 0 for n in counts.values()):
        raise wrong_argument("MapThenFoldBag", 4, "a bag (a function to positive integers)", b, loc)

    def handle(x):
        acc = base
        for _ in range(counts[x]):
            acc = op(acc, f(x))
        return acc

    acc = base
    for x in reversed(elements_of(frozenset(counts), loc)):
        acc = op(handle(x), acc)
    return acc


def fold_bag(op: Callable, base, b, loc):
    """`FoldBag(op(_,_), base, B) == MapThenFoldBag(op, base, LAMBDA x: x, LAMBDA S : CHOOSE x \\in S : TRUE, B)`, as
    TLC computes it: op(acc, e), once for each copy of each element e, in TLC's order."""
    acc = base
    for element, copies in pairs_of(b, "FoldBag", 2, loc):
        if type(copies) is not int or copies <= 0:
            raise wrong_argument("FoldBag", 2, "a bag (a function to positive integers)", b, loc)
        for _ in range(copies):
            acc = op(acc, element)
    return acc


def sum_bag(b, loc):
    """`SumBag(B) == FoldBag(LAMBDA x,y : x+y, 0, B)`."""
    return fold_bag(lambda x, y: _rt.add(x, y, loc), 0, b, loc)


def product_bag(b, loc):
    """`ProductBag(B) == FoldBag(LAMBDA x,y : x*y, 1, B)`."""
    return fold_bag(lambda x, y: _rt.mul(x, y, loc), 1, b, loc)
