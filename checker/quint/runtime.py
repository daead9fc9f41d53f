"""Quint's builtin operators on the evaluator's values.

The evaluator (`checker.quint.evaluator`) compiles each Quint expression to
Python code that calls these functions. Values are immutable and hashable,
so that they can be parts of states: maps are `QMap` (a dict), records
`QRecord` (a tuple: its `Fields`, then the values in the order of the field
names, so that hashing and comparing them is Python's own, in C), lists
`QList` (a tuple), sets `frozenset`, tuples `tuple`, variants `Variant`.
Integers are Python's, unbounded as Quint's. `Nat` and `Int` are infinite
sets: membership works, enumerating them is an error; so are sets too large
to build (see `checker.quint.lazy`). Whenever Quint's simulator would stop
with an error (a key not in a map, `head` of an empty list, division by
zero), `QuintError` says so.

These values are the evaluator's own: `to_value` gives the Quint values of
`checker.quint.value` that the rest of ttt-check reads (records as dicts),
`from_value` takes them back. An error message shows a value with `shown`.
"""

from __future__ import annotations

from functools import reduce
from itertools import combinations, permutations, product
from typing import Any, Callable, Iterable, Iterator

from checker.hashed import HASH_BITS, HashedDict, changed
from checker.quint.errors import QuintError, Refused, TooLarge, fault  # noqa: F401 (the evaluator's code reads these names here)
from checker.quint.integers import multiply, power
from checker.quint.lazy import (  # noqa: F401 (the evaluator's code reads these names from this module)
    MAX_BUILT,
    MAX_BUILT_COMPOSITE,
    CrossProduct,
    Infinite,
    Interval,
    Lazy,
    Lists,
    MapSet,
    Powerset,
    advance,
    built,
    size_of,
)
from checker.quint.value import QList, Record, Variant, flat


class QMap(HashedDict):
    """A Quint map: an immutable, hashable dict. `m[key]` is Quint's `m.get(key)`: a missing key is an error."""

    __slots__ = ()

    def __missing__(self, key: Any):
        raise QuintError(f"key {shown(key)} is not in the map (its keys: {shown(frozenset(self))})")


class FrozenRecord(HashedDict, Record):
    """A Quint record as the rest of ttt-check reads it (see `to_value`): an immutable, hashable `Record`."""

    __slots__ = ()


class Fields(dict):
    """The fields of a record type: name -> position of its value in a `QRecord` (1 on, in name order).
    One object per set of names (see `fields`): equal records have the same, compared by identity."""

    __slots__ = ("names",)
    __hash__ = object.__hash__  # type: ignore[assignment]
    __eq__ = object.__eq__  # type: ignore[assignment]

    def __init__(self, names: tuple[str, ...]):
        super().__init__((name, i) for i, name in enumerate(names, start=1))
        self.names = names


_FIELDS: dict[frozenset, Fields] = {}


def fields(names: Iterable[str]) -> Fields:
    """The `Fields` of the record type with these field names."""
    key = frozenset(names)
    found = _FIELDS.get(key)
    if found is None:
        found = _FIELDS[key] = Fields(tuple(sorted(key)))
    return found


class QRecord(tuple):
    """A Quint record: `(Fields, value, ...)`, the values in the order of the field names.
    `QRecord(pairs)` builds one from (name, value) pairs, as `dict` would; `r[r[0][name]]` reads a field."""

    __slots__ = ()

    def __new__(cls, pairs: Iterable[tuple[str, Any]] = ()):
        values = dict(pairs)
        layout = fields(values)
        return tuple.__new__(cls, (layout, *(values[name] for name in layout.names)))

    def items(self) -> Iterable[tuple[str, Any]]:
        """(name, value) of each field, in name order."""
        return zip(self[0].names, self[1:])


NAT, INT = Infinite("Nat", 0), Infinite("Int", None)
BOOL = frozenset({False, True})


def order(value: Any) -> Any:
    """A total order on Quint values of one type (Python's `<` on sets is inclusion)."""
    if isinstance(value, frozenset):
        return (len(value), sorted(map(order, value)))
    if isinstance(value, QRecord):  # as a dict of its fields would be ordered: by the values in name order
        return tuple(map(order, value[1:]))
    if isinstance(value, dict):
        return sorted((order(k), order(v)) for k, v in value.items())
    if isinstance(value, Variant):
        return (value.tag, order(value.value))
    if isinstance(value, tuple):
        return tuple(map(order, value))
    return value


#: set -> its elements in `order`, for the sets a `nondet` met last (most are the same set again and again)
_ORDERED: dict[int, tuple[frozenset, list]] = {}


def ordered(values: Iterable) -> list:
    """The elements of a set in the order the evaluator visits them (see `order`)."""
    known = _ORDERED.get(id(values))
    if known is not None and known[0] is values:
        return known[1]
    if isinstance(values, Lazy):
        iter(values)  # refused, in one line that names the set
    # the elements of a set have one type: when its values sort as Python sorts them, no key is needed
    natural = values and _natural(next(iter(values))) and len(set(map(type, values))) == 1
    result = sorted(values) if natural else sorted(values, key=order)
    global _KEPT
    if len(_ORDERED) > 4096 or _KEPT + len(result) > MAX_KEPT:
        _ORDERED.clear()
        _KEPT = 0
    _ORDERED[id(values)] = (values, result)
    _KEPT += len(result)
    return result


#: the most elements `_ORDERED` keeps in all (a few large sets met in turn would fill the memory)
MAX_KEPT = 1 << 20
_KEPT = 0


def _natural(value: Any) -> bool:
    """Whether values of this one's type sort as `order` sorts them, by Python's own `<`: integers,
    strings and tuples or lists of them (not sets, ordered by inclusion, nor maps, nor variants,
    whose values may differ in type from one tag to another)."""
    kind = type(value)
    if kind is int or kind is str or kind is bool:
        return True
    return (kind is tuple or kind is QList) and all(map(_natural, value))


class Unset:
    """The value of a variable that a step did not assign (Quint's simulator leaves it unset)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other: Any) -> bool:
        return type(other) is Unset and other.name == self.name

    def __hash__(self) -> int:
        return hash(("unset", self.name))

    def __repr__(self) -> str:
        return f"<{self.name} unset>"


class Partial(tuple):
    """A state in which some variables are `Unset`: reading one is an error ("Variable x not set"), as in Quint."""

    __slots__ = ()

    def __getitem__(self, index):
        value = tuple.__getitem__(self, index)
        if type(value) is Unset:
            raise QuintError(f"variable '{value.name}' is not set in this state (no step into it assigned it)")
        return value


#: the state a replay looks for the steps into, as a plain tuple (None: none): the branches of a state's tree
#: that assign a variable another value are cut where they assign it (see `checker.quint.witnesses`)
TARGET: list = [None]

#: where `q::debug` writes its lines (None: nowhere; `ttt-check test` prints them, as `quint test` does)
DEBUG: list = [None]


class Once:
    """A `val` of a let, computed where it is first read, then kept (as Quint computes it: a `val` no
    evaluation reads is never computed, and its error never met)."""

    __slots__ = ("compute", "value")

    def __init__(self, compute: Callable[[], Any]):
        self.compute, self.value = compute, Once

    def __call__(self) -> Any:
        if self.value is Once:
            self.value = self.compute()
        return self.value


def debug(label: str, value: Any) -> Any:
    """`q::debug(label, value)`: value, and the line `> label value` where `DEBUG` says."""
    if DEBUG[0] is not None:
        DEBUG[0](f"> {label} {shown(value)}")
    return value


class Choice:
    """A choice of a state's step (see `walk`): among the disjuncts of an `any` (`shuffled`), or among the
    elements of a `nondet`, tried from a random one on, cyclically. `branch(i)` computes branch i, once.
    A `nondet`'s choice knows its `elements` and its `name` (for a replay to try the trace's picks first)."""

    __slots__ = ("size", "branch", "shuffled", "branches", "elements", "name")

    def __init__(self, size: int, branch: Callable[[int], Any], shuffled: bool, elements: list | None = None,
                 name: str = ""):  # fmt: skip
        self.size, self.branch, self.shuffled = size, branch, shuffled
        self.elements, self.name = elements, name
        #: each branch once computed: a `Choice`, an `Exit`, or None where it fails (`_UNKNOWN` before)
        self.branches = [_UNKNOWN] * size

    def get(self, i: int) -> Any:
        """Branch i, computed now if it was not yet."""
        branch = self.branches[i]
        if branch is _UNKNOWN:
            branch = self.branches[i] = self.branch(i)
        return branch

    def end(self, i: int, rng) -> Any:
        """The `Exit` at the end of this choice's scope that branch i reaches (see `walk`), or None."""
        branch = self.branches[i]
        if branch is _UNKNOWN:
            branch = self.get(i)
        return branch if branch is None or type(branch) is Exit else walk(branch, rng)


class Exit:
    """Where a choice's branch reaches the end of its scope: `then` is what follows the choice."""

    __slots__ = ("then",)

    def __init__(self, then: Any):
        self.then = then


_UNKNOWN = object()


class Draw:
    """A `nondet` over a set kept as its definition (see `checker.quint.lazy`: too large to enumerate, or a
    `tuples`, `setOfMaps`, `powerset` or `to` of 100 elements or more that a draw need not build), in a state's
    tree: each walk draws one element (`pick`) and computes its branch anew, never kept. When the branch
    fails, Quint's simulator tries the next elements only if each part of the set (see `Lazy.bounds`) has
    fewer than 100 (it counts the parts of `tuples(1.to(10), 1.to(20))` apart), else the step fails."""

    __slots__ = ("set", "branch", "name")

    def __init__(self, s: Lazy, branch: Callable[[Any], Any], name: str):
        self.set, self.branch, self.name = s, branch, name

    def end(self, rng) -> Any:
        """The `Exit` that the branch of an element drawn reaches (or of the next ones, see `drawn`), or None."""
        for element in drawn(self.set, rng):
            branch = self.branch(element)
            end = branch if branch is None or type(branch) is Exit else walk(branch, rng)
            if end is not None:
                return end
        return None


def drawn(s: Lazy, rng) -> Iterator:
    """The elements a `nondet` tries from a set kept as its definition, as Quint's simulator tries them: one
    drawn (`pick`), then, when each of its bounds is below `RETRY_BELOW`, the next ones in turn (see `Draw`)."""
    if s.finite and not s.cardinality():
        return
    first = pick(s, rng)
    yield first
    bounds = s.bounds()
    if not all(b is not None and b < RETRY_BELOW for b in bounds):
        return
    start = positions_of(s, first)
    positions = list(start)
    while True:
        advance(positions, bounds)
        if positions == start:
            return
        yield element_at(s, positions)


class Drawn:
    """The elements of a `nondet`'s set too large to enumerate, as a tree's code reads them: its branch
    function is given the element drawn itself, which `drawn[element]` returns (see `choose`)."""

    __slots__ = ("set",)

    def __init__(self, s: Lazy):
        self.set = s

    def __getitem__(self, element: Any) -> Any:
        return element


def drawable(s: Any) -> list | Drawn:
    """The elements a `nondet` of a state's tree chooses from: `ordered`, or `Drawn` for a set kept as its definition."""
    return Drawn(s) if isinstance(s, Lazy) else ordered(s)


def choose(elements: list | Drawn, branch: Callable, name: str) -> Choice | Draw:
    """The node of the `nondet` `name` in a state's tree, over the elements `drawable` gave."""
    if type(elements) is Drawn:
        return Draw(elements.set, branch, name)
    return Choice(len(elements), branch, False, elements, name)


def kept_interval(low: int, high: int) -> Any:
    """`low.to(high)` as a `nondet` of a state's tree draws from it (see `kept`)."""
    return kept(Interval(low, high)) if high >= low else frozenset()


def kept(s: Any) -> Any:
    """A set a `nondet` draws from in a state's tree, made by `tuples`, `setOfMaps`, `powerset` or `to` (kept as
    its definition: see `Draw`): built when it has fewer than `RETRY_BELOW` elements, as a search builds it."""
    if isinstance(s, Lazy) and s.finite and s.cardinality() < RETRY_BELOW:
        return frozenset(elements_of(s, RETRY_BELOW))
    return s


#: Quint's simulator tries the other elements of a `nondet` whose body is false only in sets smaller than
#: this (`QUINT_RETRY_NONDET_SMALLER_THAN`; it counts each part of a set of tuples or maps apart)
RETRY_BELOW = 100

#: every order of the disjuncts of a small `any` (of most of them): one draw picks its whole shuffle
ORDERS = {n: list(permutations(range(n))) for n in range(2, 6)}


def drawn_order(n: int, rng) -> Iterator[int]:
    """0 to n - 1 in a uniformly random order, each drawn once the one before it has been tried."""
    untried = list(range(n))
    while untried:
        yield untried.pop(rng.randrange(len(untried))) if len(untried) > 1 else untried.pop()


def walk(node: Any, rng) -> Any:
    """One step drawn from a state's tree of choices, as Quint's simulator draws it: each `Choice` takes
    the first of its branches, in a random order, that reaches the end of the choice's scope; then what
    follows the choice, with no going back to it. A step is a `(Label, state)` pair; None: none was found.

    Quint tries the disjuncts of an `any` in the order of a random shuffle: that is, each next one drawn
    uniformly among those not tried yet (for an `any` of 2 to 5 disjuncts, one of their orders drawn
    at once: the same likelihoods, in one draw). The elements of a `nondet` are tried from a uniformly drawn
    one on, then the next ones (so an element after one that fails is likelier), in a set of fewer than
    `RETRY_BELOW`; in a larger set, the one drawn alone; in a set too large to enumerate, one drawn
    (`Draw`). A branch computed before is not computed again, but it is drawn as if it were: the draws
    depend on the seed alone, never on what earlier samples computed, so a sample's seed replays it
    (`run --seed`).
    """
    while True:
        kind = type(node)
        if kind is Draw:
            end = node.end(rng)
            if end is None:
                return None
            node = end.then
            continue
        if kind is not Choice:
            return node
        if node.shuffled:
            orders = ORDERS.get(node.size)  # for most, the whole shuffle in one draw
            for i in orders[rng.randrange(len(orders))] if orders is not None else drawn_order(node.size, rng):
                end = node.end(i, rng)
                if end is not None:
                    break
            else:
                return None
        else:
            size = node.size
            if not size:
                return None
            i = start = rng.randrange(size)
            while True:  # from `start` on, cyclically (in a large set, the drawn element alone)
                end = node.end(i, rng)
                if end is not None:
                    break
                i = i + 1 if i + 1 < size else 0
                if i == start or size >= RETRY_BELOW:
                    return None
        node = end.then


#: Quint's simulator draws an element of `Int` from [-2^255, 2^255) (and of `Nat`, its absolute value)
INFINITE_DRAW = 1 << 255


def pick(s: Any, rng) -> Any:
    """One element of a set (built or kept as its definition), drawn as Quint's simulator draws it: a
    uniform position in the set (in each of its parts, for tuples, maps and subsets)."""
    if not isinstance(s, Lazy):
        elements = ordered(s)
        if not elements:
            raise QuintError("cannot pick an element of an empty set")
        return elements[rng.randrange(len(elements))]
    if isinstance(s, Infinite):
        drawn = rng.randrange(2 * INFINITE_DRAW) - INFINITE_DRAW
        return drawn if s.lowest is None else abs(drawn)
    if isinstance(s, Interval):
        return s.low + rng.randrange(s.cardinality())
    if isinstance(s, MapSet):
        return QMap((key, pick(s.range, rng)) for key in ordered(s.domain))
    if isinstance(s, Powerset):
        return frozenset(x for x in ordered(s.base) if rng.randrange(2))
    if isinstance(s, CrossProduct):
        return tuple(pick(part, rng) for part in s.sets)
    if isinstance(s, Lists) and s.longest is not None:
        elements, weights = ordered(s.base), [len(s.base) ** k for k in range(s.longest + 1)]
        draw, length = rng.randrange(sum(weights)), 0
        while draw >= weights[length]:
            draw, length = draw - weights[length], length + 1
        return QList(elements[rng.randrange(len(elements))] for _ in range(length))
    raise Refused(f"{s} cannot be sampled without enumerating it; bound it, e.g. 0.to(10)")


def element_at(s: Lazy, positions: list) -> Any:
    """The element of a set kept as its definition at `positions`, one per bound (see `Lazy.bounds`): as `pick`
    takes them, its parts' elements in `ordered` order."""
    if isinstance(s, Interval):
        return s.low + positions[0]
    if isinstance(s, Powerset):
        index = positions[0]
        return frozenset(x for j, x in enumerate(ordered(s.base)) if index >> j & 1)
    if isinstance(s, MapSet):
        return QMap((key, nth_element(s.range, i)) for key, i in zip(ordered(s.domain), positions))
    if isinstance(s, CrossProduct):
        return tuple(nth_element(part, i) for part, i in zip(s.sets, positions))
    raise Refused(f"{s} cannot be sampled without enumerating it; bound it, e.g. 0.to(10)")


def positions_of(s: Lazy, element: Any) -> list:
    """The positions of an element of a set kept as its definition (the inverse of `element_at`)."""
    if isinstance(s, Interval):
        return [element - s.low]
    if isinstance(s, Powerset):
        return [sum(1 << j for j, x in enumerate(ordered(s.base)) if x in element)]
    if isinstance(s, MapSet):
        return [_position(s.range, element[key]) for key in ordered(s.domain)]
    if isinstance(s, CrossProduct):
        return [_position(part, x) for part, x in zip(s.sets, element)]
    raise Refused(f"{s} cannot be sampled without enumerating it; bound it, e.g. 0.to(10)")


def elements_of(s: Lazy, limit: int) -> list | None:
    """Every element of a set kept as its definition, in the order of `element_at`, when it is finite and has at
    most `limit` of them; else None."""
    n = s.cardinality() if s.finite else None
    if n is None or n > limit or not isinstance(s, (Interval, Powerset, MapSet, CrossProduct)):
        return None
    bounds, found = s.bounds(), []
    positions = [0] * len(bounds)
    for _ in range(n):
        found.append(element_at(s, positions))
        advance(positions, bounds)
    return found


def nth_element(s: Any, i: int) -> Any:
    """The element at position i of a part of a set (built, in `ordered` order, or kept as its definition)."""
    if not isinstance(s, Lazy):
        return ordered(s)[i]
    return element_at(s, [i]) if len(s.bounds()) == 1 else elements_of(s, i + 1)[i]


def _position(s: Any, element: Any) -> int:
    if isinstance(s, Interval):
        return element - s.low
    return (elements_of(s, MAX_BUILT) if isinstance(s, Lazy) else ordered(s)).index(element)


# ---- integers ------------------------------------------------------------------


def idiv(a: int, b: int, at: int | None = None) -> int:
    """Quint's integer division truncates toward zero (as JavaScript's BigInt)."""
    if b == 0:
        raise fault("division by zero", at)
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def imod(a: int, b: int, at: int | None = None) -> int:
    """The remainder has the sign of the dividend (as JavaScript's BigInt)."""
    if b == 0:
        raise fault("division by zero in %", at)
    return a - b * idiv(a, b, at)


ipow, imul = power, multiply


def to(a: int, b: int) -> frozenset | Interval:
    if b - a >= MAX_BUILT:
        return Interval(a, b)
    return frozenset(range(a, b + 1))


# ---- sets ----------------------------------------------------------------------


def finite(s: Any) -> Any:
    """`s`, which is about to be enumerated: refused for a set kept as its definition (see `checker.quint.lazy`)."""
    if isinstance(s, Lazy):
        iter(s)
    return s


def size(s: Any) -> int:
    """`S.size()`, also of a set kept as its definition (`0.to(2^256 - 1).size()` is 2^256)."""
    if isinstance(s, Lazy):
        n = s.cardinality()
        if n is None:
            raise QuintError(f"{s} is infinite: it has no size")
        return n
    return len(s)


def is_finite(s: Any) -> bool:
    """`S.isFinite()`: false for Nat, Int and the sets made from them that are infinite."""
    return not isinstance(s, Lazy) or s.finite


def choose_some(s: Any, at: int | None = None) -> Any:
    """`S.chooseSome()`: one element of S, always the same for the same set (Apalache's and TLA+'s CHOOSE):
    the first in the order ttt-check prints sets."""
    elements = ordered(s)
    if not elements:
        raise fault("chooseSome of an empty set", at)
    return elements[0]


def fold(s: Iterable, initial: Any, f: Callable) -> Any:
    return reduce(f, ordered(s), initial)


def fold_union(elements: Iterable, initial: Any, each: Callable) -> Any:
    """`S.fold(initial, (acc, x) => acc.union(each(x)))` (or a `foldl` over a list): one union of all."""
    parts = [initial, *map(each, elements)]
    try:
        return frozenset().union(*parts)
    except TooLarge:  # a set kept as its definition: united as one (see `checker.quint.lazy`)
        return reduce(lambda a, b: a | b, parts)


def fold_union_items(elements: Iterable, initial: Any, each: Callable | None) -> Any:
    """`S.fold(initial, (acc, x) => acc.union(Set(x)))`, or `Set(a, b)` of x for `each(x)` = (a, b)."""
    items = elements if each is None else (item for element in elements for item in each(element))
    added = frozenset(items)
    return initial | added if isinstance(initial, Lazy) else initial.union(added)


def fold_append(elements: Iterable, initial: QList, each: Callable | None) -> QList:
    """`l.foldl(initial, (acc, x) => acc.append(each(x)))` (or a `fold` over a set, in the order it visits it;
    x itself without `each`)."""
    return QList(initial + tuple(elements if each is None else map(each, elements)))


def powerset(s: frozenset) -> frozenset | Powerset:
    if isinstance(s, Lazy) or len(s) > MAX_BUILT_COMPOSITE.bit_length() - 1:
        return Powerset(s)
    items = ordered(s)
    return frozenset(frozenset(c) for k in range(len(items) + 1) for c in combinations(items, k))


def flatten(s: frozenset) -> frozenset:
    return frozenset().union(*finite(s))


def get_only_element(s: frozenset, at: int | None = None) -> Any:
    if len(finite(s)) != 1:
        raise fault(f"getOnlyElement on a set of {len(s)} elements: {shown(s)}", at)
    return next(iter(s))


def tuples(*sets: frozenset) -> frozenset | CrossProduct:
    if not all(sets):
        return frozenset()
    total = 1
    for n in map(size_of, sets):
        total = None if total is None or n is None else total * n
    return built(total, lambda: frozenset(product(*sets)), lambda: CrossProduct(sets))


def all_lists_up_to(s: frozenset, n: int) -> frozenset | Lists:
    if not s or n <= 0:
        return frozenset({QList()})
    count = size_of(s)
    total = None if count is None else sum(count**k for k in range(n + 1))
    items = lambda: ordered(s)  # noqa: E731
    return built(total, lambda: frozenset(QList(p) for k in range(n + 1) for p in product(items(), repeat=k)),
                 lambda: Lists(s, n))


def all_lists(s: frozenset) -> frozenset | Lists:
    """`allLists(S)`: every list of elements of S, of any length (infinite unless S is empty)."""
    return frozenset({QList()}) if not s else Lists(s, None)


# ---- maps ----------------------------------------------------------------------


def get(m: dict, key: Any, at: int | None = None) -> Any:
    try:
        return m[key]
    except KeyError:
        raise fault(f"key {shown(key)} is not in the map (its keys: {shown(frozenset(m))})", at) from None


def map_by(s: frozenset, f: Callable) -> QMap:
    return QMap((x, f(x)) for x in finite(s))


def set_to_map(s: frozenset) -> QMap:
    return QMap(finite(s))


def set_of_maps(domain: frozenset, values: frozenset) -> frozenset | MapSet:
    if not domain:
        return frozenset({QMap()})
    if not values:
        return frozenset()
    keys, choices = size_of(domain), size_of(values)
    total = None if keys is None or choices is None else choices**keys

    def build() -> frozenset:
        keys = ordered(domain)
        return frozenset(QMap(zip(keys, choice)) for choice in product(ordered(values), repeat=len(keys)))

    return built(total, build, lambda: MapSet(domain, values))


def map_set(m: dict, key: Any, value: Any, at: int | None = None) -> QMap:
    """`m.set(k, v)`: k must already be a key (use `put` to add one)."""
    if key not in m:
        raise fault(f"set: key {shown(key)} is not in the map (use put to add a key)", at)
    new = QMap(m)
    new[key] = value
    try:  # as `changed`, written out: the step's hot spot
        new._hash = (m._hash ^ hash((key, m[key])) ^ hash((key, value))) & HASH_BITS  # type: ignore[attr-defined]
    except AttributeError:
        pass
    return new


def set_by(m: dict, key: Any, f: Callable, at: int | None = None) -> QMap:
    return map_set(m, key, f(get(m, key, at)), at)


def put(m: dict, key: Any, value: Any) -> QMap:
    new = QMap(m)
    new[key] = value
    return changed(m, key, value, new)


def quint_map(*pairs: tuple) -> QMap:
    return QMap(pairs)


# ---- records and tuples -------------------------------------------------------


def with_field(r: QRecord, name: str, value: Any) -> QRecord:
    i = r[0][name]
    return tuple.__new__(QRecord, r[:i] + (value,) + r[i + 1 :])


def item(t: tuple, i: int, at: int | None = None) -> Any:
    if not 1 <= i <= len(t):
        raise fault(f"tuple index {i} out of range for {shown(t)}", at)
    return t[i - 1]


# ---- lists ---------------------------------------------------------------------


def head(xs: tuple, at: int | None = None) -> Any:
    if not xs:
        raise fault("head of an empty list", at)
    return xs[0]


def tail(xs: tuple, at: int | None = None) -> QList:
    if not xs:
        raise fault("tail of an empty list", at)
    return QList(xs[1:])


def nth(xs: tuple, i: int, at: int | None = None) -> Any:
    if not 0 <= i < len(xs):
        raise fault(f"index {i} out of bounds for a list of length {len(xs)}", at)
    return xs[i]


def replace_at(xs: tuple, i: int, value: Any, at: int | None = None) -> QList:
    nth(xs, i, at)
    return QList(xs[:i] + (value,) + xs[i + 1 :])


def list_slice(xs: tuple, start: int, end: int, at: int | None = None) -> QList:
    if not 0 <= start <= end <= len(xs):
        raise fault(f"slice({start}, {end}) out of bounds for a list of length {len(xs)}", at)
    return QList(xs[start:end])


def list_range(start: int, end: int) -> QList:
    """`range(start, end)`: start, start + 1, ... up to end, excluded; counting down when end < start
    (`range(5, 1)` is [5, 4, 3, 2]), as Quint's simulator makes it (with Immutable.js's Range)."""
    return QList(range(start, end) if start <= end else range(start, end, -1))


def foldr(xs: tuple, initial: Any, f: Callable) -> Any:
    result = initial
    for x in reversed(xs):
        result = f(x, result)
    return result


# ---- variants ------------------------------------------------------------------


def no_case(value: Variant, at: int | None = None) -> Any:
    """A `match` without a case for the value's tag (and no `_`)."""
    raise fault(f"match: no case for {shown(value)}", at)


def not_set(name: str, at: int | None = None) -> Any:
    """A variable that no action assigns, read (Quint: "Variable x not set")."""
    raise fault(f"variable '{name}' is not set: no action of the state machine assigns it", at)


def check(condition: bool, at: int | None = None) -> bool:
    """`assert(condition)`: false is an error, as in Quint's simulator."""
    if not condition:
        raise fault("assertion failed", at)
    return True


# ---- the evaluator's values as the rest of ttt-check reads them -------------


def to_value(value: Any) -> Any:
    """The Quint value (`checker.quint.value`) an evaluator's value stands for: records as
    `FrozenRecord`s, inside any other value too; the value itself when it holds no record."""
    kind = type(value)
    if kind is int or kind is str or kind is bool:
        return value
    if kind is QRecord:
        return FrozenRecord((name, to_value(v)) for name, v in value.items())
    if kind is QMap:
        items = [(to_value(k), to_value(v)) for k, v in value.items()]
        same = all(a is k and b is v for (a, b), (k, v) in zip(items, value.items()))
        return value if same else QMap(items)
    if kind is Variant:
        inner = to_value(value.value)
        return value if inner is value.value else Variant(value.tag, inner)
    if kind is frozenset or kind is tuple or kind is QList or isinstance(value, frozenset):
        converted = [to_value(v) for v in value]
        unchanged = all(a is b for a, b in zip(converted, value))
        return value if unchanged else (frozenset if isinstance(value, frozenset) else kind)(converted)
    return value


def from_value(value: Any) -> Any:
    """The evaluator's value for a Quint value (read from ITF, say): the inverse of `to_value`."""
    if isinstance(value, Record):
        return QRecord((k, from_value(v)) for k, v in value.items())
    if isinstance(value, dict):
        return QMap((from_value(k), from_value(v)) for k, v in value.items())
    if isinstance(value, Variant):
        return Variant(value.tag, from_value(value.value))
    if isinstance(value, frozenset):
        return frozenset(map(from_value, value))
    if isinstance(value, tuple):
        return type(value)(map(from_value, value))
    return value


def shown(value: Any) -> str:
    """An evaluator's value on one line, as Quint writes it (for error messages)."""
    return flat(to_value(value))
