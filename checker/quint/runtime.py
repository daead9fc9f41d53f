"""Quint's builtin operators on the Python values of `checker.quint.value`.

The evaluator (`checker.quint.evaluator`) compiles each Quint expression to
Python code that calls these functions. Values are immutable and hashable,
so that they can be parts of states: maps are `QMap`, records `QRecord`,
lists `QList` (a tuple), sets `frozenset`. Integers are Python's, unbounded
as Quint's. `Nat` and `Int` are infinite sets: membership works, enumerating
them is an error. Whenever Quint's simulator would stop with an error (a key
not in a map, `head` of an empty list, division by zero), `QuintError` says so.
"""

from __future__ import annotations

from functools import reduce
from itertools import combinations, product
from typing import Any, Callable, Iterable

from checker.model import SpecError
from checker.quint.value import QList, Record, Variant, flat


class QuintError(SpecError):
    """Evaluating the spec failed; the message says what and where."""


class _Hashable(dict):
    """A dict that is never changed once built, hashed by its items (the hash is computed once)."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash = hash(frozenset(self.items()))
            return self._hash


class QMap(_Hashable):
    """A Quint map: an immutable, hashable dict."""

    __slots__ = ()


class QRecord(_Hashable, Record):
    """A Quint record: an immutable, hashable `Record`."""

    __slots__ = ()


class Infinite:
    """`Nat` or `Int`: membership works, enumeration is refused."""

    def __init__(self, name: str, lowest: int | None):
        self.name, self.lowest = name, lowest

    def __contains__(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and (self.lowest is None or value >= self.lowest)

    def __iter__(self):
        raise QuintError(f"{self.name} is infinite: it cannot be enumerated (use a finite set such as 0.to(10))")

    def __len__(self):
        raise QuintError(f"{self.name} is infinite: it has no size")

    def __repr__(self) -> str:
        return self.name


NAT, INT = Infinite("Nat", 0), Infinite("Int", None)
BOOL = frozenset({False, True})


def order(value: Any) -> Any:
    """A total order on Quint values of one type (Python's `<` on sets is inclusion)."""
    if isinstance(value, frozenset):
        return (len(value), sorted(map(order, value)))
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
    if isinstance(values, Infinite):
        iter(values)
    result = sorted(values, key=order)
    if len(_ORDERED) > 4096:
        _ORDERED.clear()
    _ORDERED[id(values)] = (values, result)
    return result


def shuffled(n: int, rng) -> list[int]:
    """0..n-1 in a random order, drawn as Quint's simulator shuffles the disjuncts of `any` (Fisher-Yates)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.randrange(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def rotated(elements: list, rng) -> list:
    """The elements from a random one on, cyclically: the order in which Quint's simulator
    tries the picks of a `nondet` (when a pick disables the rest, the next one)."""
    if not elements:
        return elements
    start = rng.randrange(len(elements))
    return elements[start:] + elements[:start]


# ---- integers ------------------------------------------------------------------


def idiv(a: int, b: int) -> int:
    """Quint's integer division truncates toward zero (as JavaScript's BigInt)."""
    if b == 0:
        raise QuintError("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def imod(a: int, b: int) -> int:
    """The remainder has the sign of the dividend (as JavaScript's BigInt)."""
    if b == 0:
        raise QuintError("division by zero in %")
    return a - b * idiv(a, b)


def ipow(a: int, b: int) -> int:
    if b < 0:
        raise QuintError(f"negative exponent {b} in ^")
    if a == 0 and b == 0:
        raise QuintError("0^0 is undefined")
    return a**b


def to(a: int, b: int) -> frozenset:
    return frozenset(range(a, b + 1))


# ---- sets ----------------------------------------------------------------------


def finite(s: Any) -> Any:
    if isinstance(s, Infinite):
        iter(s)
    return s


def fold(s: Iterable, initial: Any, f: Callable) -> Any:
    return reduce(f, ordered(s), initial)


def powerset(s: frozenset) -> frozenset:
    items = ordered(s)
    return frozenset(frozenset(c) for k in range(len(items) + 1) for c in combinations(items, k))


def flatten(s: frozenset) -> frozenset:
    return frozenset().union(*finite(s))


def get_only_element(s: frozenset) -> Any:
    if len(finite(s)) != 1:
        raise QuintError(f"getOnlyElement on a set of {len(s)} elements: {flat(s)}")
    return next(iter(s))


def tuples(*sets: frozenset) -> frozenset:
    return frozenset(product(*map(finite, sets)))


def all_lists_up_to(s: frozenset, n: int) -> frozenset:
    items = ordered(s)
    return frozenset(QList(p) for k in range(n + 1) for p in product(items, repeat=k))


# ---- maps ----------------------------------------------------------------------


def get(m: dict, key: Any) -> Any:
    try:
        return m[key]
    except KeyError:
        raise QuintError(f"key {flat(key)} is not in the map (its keys: {flat(frozenset(m))})") from None


def map_by(s: frozenset, f: Callable) -> QMap:
    return QMap((x, f(x)) for x in finite(s))


def set_to_map(s: frozenset) -> QMap:
    return QMap(finite(s))


def set_of_maps(domain: frozenset, values: frozenset) -> frozenset:
    keys = ordered(domain)
    return frozenset(QMap(zip(keys, choice)) for choice in product(ordered(values), repeat=len(keys)))


def map_set(m: dict, key: Any, value: Any) -> QMap:
    """`m.set(k, v)`: k must already be a key (use `put` to add one)."""
    if key not in m:
        raise QuintError(f"set: key {flat(key)} is not in the map (use put to add a key)")
    new = QMap(m)
    new[key] = value
    return new


def set_by(m: dict, key: Any, f: Callable) -> QMap:
    return map_set(m, key, f(get(m, key)))


def put(m: dict, key: Any, value: Any) -> QMap:
    new = QMap(m)
    new[key] = value
    return new


def quint_map(*pairs: tuple) -> QMap:
    return QMap(pairs)


# ---- records and tuples -------------------------------------------------------


def record(*fields: Any) -> QRecord:
    return QRecord(zip(fields[0::2], fields[1::2]))


def with_field(r: dict, name: str, value: Any) -> QRecord:
    new = QRecord(r)
    new[name] = value
    return new


def item(t: tuple, i: int) -> Any:
    if not 1 <= i <= len(t):
        raise QuintError(f"tuple index {i} out of range for {flat(t)}")
    return t[i - 1]


# ---- lists ---------------------------------------------------------------------


def head(xs: tuple) -> Any:
    if not xs:
        raise QuintError("head of an empty list")
    return xs[0]


def tail(xs: tuple) -> QList:
    if not xs:
        raise QuintError("tail of an empty list")
    return QList(xs[1:])


def nth(xs: tuple, i: int) -> Any:
    if not 0 <= i < len(xs):
        raise QuintError(f"index {i} out of bounds for a list of length {len(xs)}")
    return xs[i]


def replace_at(xs: tuple, i: int, value: Any) -> QList:
    nth(xs, i)
    return QList(xs[:i] + (value,) + xs[i + 1 :])


def list_slice(xs: tuple, start: int, end: int) -> QList:
    if not 0 <= start <= end <= len(xs):
        raise QuintError(f"slice({start}, {end}) out of bounds for a list of length {len(xs)}")
    return QList(xs[start:end])


def foldr(xs: tuple, initial: Any, f: Callable) -> Any:
    result = initial
    for x in reversed(xs):
        result = f(x, result)
    return result


# ---- variants ------------------------------------------------------------------


def no_case(value: Variant) -> Any:
    """A `match` without a case for the value's tag (and no `_`)."""
    raise QuintError(f"match: no case for {flat(value)}")


def check(condition: bool) -> bool:
    """`assert(condition)`: false is an error, as in Quint's simulator."""
    if not condition:
        raise QuintError("assertion failed")
    return True
