"""Sets too large to build, or infinite: `Nat`, `Int`, `0.to(2^256 - 1)`, `setOfMaps(A, B)` of many maps.

The builtins of `checker.quint.runtime` build a `frozenset` when a set has at
most `MAX_BUILT` integers (`a.to(b)`) or `MAX_BUILT_COMPOSITE` maps, sets,
tuples or lists; beyond that (and for `Nat`, `Int`, `allLists`)
they keep the set's definition instead, as Quint's simulator does: membership
(`x.in(S)`, `S.contains(x)`), `size()`, `isFinite()`, subset and equality
tests are answered from it without building anything, and so are union,
intersection and difference with another set. What must visit every element
(`oneOf` in a search, `filter`, `map`, `fold`, `forall`, `exists`...) is
refused with one line that names the set and says to bound it: an
explicit-state checker enumerates every choice, and these are too many.
(`checker.quint.runtime.pick` draws one element as `quint run` does, for `ttt-check run`.)
"""

from __future__ import annotations

from typing import Any, Callable

from checker.quint.errors import QuintError, Refused, TooLarge
from checker.quint.value import QList, flat

#: an interval of more integers than this is kept as its definition, never built nor enumerated
MAX_BUILT = 1 << 20
#: the same for sets of maps, sets, tuples or lists (each element weighs far more than an integer)
MAX_BUILT_COMPOSITE = 1 << 16
#: why a set too large is refused
WHY = "an explicit-state checker visits every element of a set it chooses from or iterates over"


def number(n: int) -> str:
    """An integer as a reader takes it in: `2^256 - 1` rather than its 78 digits."""
    for delta, sign in ((0, ""), (1, " - 1"), (-1, " + 1")):
        m = n + delta
        if m >= 1 << 20 and m & (m - 1) == 0:
            return f"2^{m.bit_length() - 1}{sign}"
    if abs(n) < 10**15:
        return str(n)
    return f"about 2^{n.bit_length() - 1}" if n > 0 else f"-({number(-n)})"


def described(s: Any) -> str:
    """A set as a message names it: its definition, or its elements when they are few."""
    if isinstance(s, Lazy):
        return str(s)
    text = flat(s)
    return text if len(text) <= 48 else f"a set of {len(s):,} elements"


class Lazy:
    """A set kept as its definition (see the module docstring)."""

    __slots__ = ()

    def cardinality(self) -> int | None:
        """The number of elements; None for an infinite set."""
        raise NotImplementedError

    @property
    def finite(self) -> bool:
        return self.cardinality() is not None

    def key(self) -> tuple:
        """What the set is made of: two sets of one kind are equal when their keys are."""
        raise NotImplementedError

    def __contains__(self, value: Any) -> bool:
        raise NotImplementedError

    def bounds(self) -> list:
        """The sizes Quint's simulator draws a position in for an element, one per part of the set (a tuple's
        parts, a map's keys; None where infinite): it retries a `nondet` only when each is below 100."""
        return [self.cardinality()]

    def refusal(self) -> str:
        n = self.cardinality()
        if n is None:
            return f"{self} is infinite: it cannot be enumerated ({WHY}); bound the set, e.g. 0.to(10)"
        return (f"{self} has {number(n)} elements: too many to enumerate (ttt-check enumerates at most 2^20 "
                f"integers or 2^16 maps, sets, tuples or lists); bound the set, e.g. 0.to(10)")

    def __iter__(self):
        raise TooLarge(self.refusal())

    def __len__(self) -> int:
        n = self.cardinality()
        if n is None:
            raise QuintError(f"{self} is infinite: it has no size")
        return n

    def __bool__(self) -> bool:
        return True  # never empty: an empty set is built

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key()))

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Lazy):
            if type(self) is type(other) and self.key() == other.key():
                return True
            if self.canonical and other.canonical:
                return False  # two canonical definitions of non-empty sets that differ
            raise Refused(f"cannot tell whether {self} equals {other} without enumerating them")
        if isinstance(other, frozenset):
            n = self.cardinality()
            return n is not None and n == len(other) and all(x in self for x in other)
        return NotImplemented

    def __ne__(self, other: Any) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    #: whether two sets of this kind are equal exactly when their keys are (the kinds below but the derived ones)
    canonical = True

    def within(self, other: "Lazy") -> bool | None:
        """Whether self ⊆ other, decided from the definitions; None when they do not tell."""
        return True if type(self) is type(other) and self.key() == other.key() else None

    def __le__(self, other: Any) -> bool:
        if isinstance(other, Lazy):
            found = self.within(other)
            if found is None:
                raise Refused(f"cannot tell whether {self} is a subset of {other} without enumerating {self}")
            return found
        if isinstance(other, frozenset):
            n = self.cardinality()
            if n is None or n > len(other):
                return False
            return all(x in other for x in self)
        return NotImplemented

    def __ge__(self, other: Any) -> bool:
        if isinstance(other, frozenset):
            return all(x in self for x in other)
        if isinstance(other, Lazy):
            return other.__le__(self)
        return NotImplemented

    def __or__(self, other: Any) -> Any:
        if isinstance(other, (frozenset, Lazy)):
            return self if isinstance(other, frozenset) and not other else Union(self, other)
        return NotImplemented

    __ror__ = __or__

    def __and__(self, other: Any) -> Any:
        if isinstance(other, frozenset):
            return frozenset(x for x in other if x in self)
        if isinstance(other, Lazy):
            return Intersection(self, other)
        return NotImplemented

    __rand__ = __and__

    def __sub__(self, other: Any) -> Any:
        if isinstance(other, frozenset):
            return Difference(self, other) if other else self
        if isinstance(other, Lazy):
            return Difference(self, other)
        return NotImplemented

    def __rsub__(self, other: Any) -> Any:
        if isinstance(other, frozenset):
            return frozenset(x for x in other if x not in self)
        return NotImplemented


def size_of(s: Any) -> int | None:
    """The number of elements of a set (None: infinite)."""
    return s.cardinality() if isinstance(s, Lazy) else len(s)


def advance(positions: list, bounds: list) -> None:
    """The next positions, as Quint's simulator counts them when it retries a `nondet` (the last fastest)."""
    for i in range(len(positions) - 1, -1, -1):
        if positions[i] < bounds[i] - 1:
            positions[i] += 1
            return
        positions[i] = 0


class Infinite(Lazy):
    """`Nat` or `Int`."""

    __slots__ = ("name", "lowest")

    def __init__(self, name: str, lowest: int | None):
        self.name, self.lowest = name, lowest

    def cardinality(self) -> None:
        return None

    def key(self) -> tuple:
        return (self.name,)

    def __contains__(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and (self.lowest is None or value >= self.lowest)

    def within(self, other: Lazy) -> bool | None:
        if isinstance(other, Infinite):
            return other.lowest is None or (self.lowest is not None and self.lowest >= other.lowest)
        return False if other.finite else None

    def bounds(self) -> list:
        return [None]

    def refusal(self) -> str:
        return f"{self.name} is infinite: it cannot be enumerated ({WHY}); bound the set, e.g. 0.to(10) instead of {self.name}"

    def __repr__(self) -> str:
        return self.name


class Interval(Lazy):
    """`a.to(b)` of more than `MAX_BUILT` integers."""

    __slots__ = ("low", "high")

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def cardinality(self) -> int:
        return self.high - self.low + 1

    def key(self) -> tuple:
        return (self.low, self.high)

    def __contains__(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def within(self, other: Lazy) -> bool | None:
        if isinstance(other, Interval):
            return other.low <= self.low and self.high <= other.high
        if isinstance(other, Infinite):
            return other.lowest is None or self.low >= other.lowest
        return None

    def __repr__(self) -> str:
        low = number(self.low)
        return f"{f'({low})' if self.low < 0 else low}.to({number(self.high)})"


def _product(sizes: list) -> int | None:
    total = 1
    for n in sizes:
        if n is None:
            return None
        total *= n
    return total


class MapSet(Lazy):
    """`setOfMaps(domain, range)`: every map from the whole domain into the range."""

    __slots__ = ("domain", "range")

    def __init__(self, domain: Any, values: Any):
        self.domain, self.range = domain, values

    def cardinality(self) -> int | None:
        keys, values = size_of(self.domain), size_of(self.range)
        return None if keys is None or values is None else values**keys

    def key(self) -> tuple:
        return (self.domain, self.range)

    def __contains__(self, value: Any) -> bool:
        return (
            isinstance(value, dict) and len(value) == size_of(self.domain)
            and all(k in self.domain for k in value) and all(v in self.range for v in value.values())
        )  # fmt: skip

    def bounds(self) -> list:
        return [size_of(self.range)] * size_of(self.domain)

    def within(self, other: Lazy) -> bool | None:
        if isinstance(other, MapSet) and self.domain == other.domain:
            return self.range <= other.range
        return None

    def __repr__(self) -> str:
        return f"setOfMaps({described(self.domain)}, {described(self.range)})"


class Powerset(Lazy):
    """`S.powerset()` of a set of more than 20 elements (or of a set kept as its definition)."""

    __slots__ = ("base",)

    def __init__(self, base: Any):
        self.base = base

    def cardinality(self) -> int | None:
        n = size_of(self.base)
        return None if n is None else 2**n

    def key(self) -> tuple:
        return (self.base,)

    def __contains__(self, value: Any) -> bool:
        return isinstance(value, frozenset) and all(x in self.base for x in value)

    def within(self, other: Lazy) -> bool | None:
        return self.base <= other.base if isinstance(other, Powerset) else None

    def __repr__(self) -> str:
        return f"powerset({described(self.base)})"


class CrossProduct(Lazy):
    """`tuples(A, B, ...)` of more than `MAX_BUILT` tuples."""

    __slots__ = ("sets",)

    def __init__(self, sets: tuple):
        self.sets = sets

    def cardinality(self) -> int | None:
        return _product([size_of(s) for s in self.sets])

    def key(self) -> tuple:
        return self.sets

    def __contains__(self, value: Any) -> bool:
        return (
            isinstance(value, tuple) and not isinstance(value, QList) and len(value) == len(self.sets)
            and all(x in s for x, s in zip(value, self.sets))
        )  # fmt: skip

    def bounds(self) -> list:
        return [size_of(part) for part in self.sets]

    def within(self, other: Lazy) -> bool | None:
        if isinstance(other, CrossProduct) and len(other.sets) == len(self.sets):
            return all(a <= b for a, b in zip(self.sets, other.sets))
        return None

    def __repr__(self) -> str:
        return f"tuples({', '.join(map(described, self.sets))})"


class Lists(Lazy):
    """`allLists(S)` (every list, of any length) or `allListsUpTo(S, n)` of more than `MAX_BUILT` lists."""

    __slots__ = ("base", "longest")

    def __init__(self, base: Any, longest: int | None):
        self.base, self.longest = base, longest

    def cardinality(self) -> int | None:
        n = size_of(self.base)
        if self.longest is None or n is None:
            return None if n != 0 else 1
        return sum(n**k for k in range(self.longest + 1))

    def key(self) -> tuple:
        return (self.base, self.longest)

    def __contains__(self, value: Any) -> bool:
        return (
            isinstance(value, QList) and (self.longest is None or len(value) <= self.longest)
            and all(x in self.base for x in value)
        )  # fmt: skip

    def within(self, other: Lazy) -> bool | None:
        if isinstance(other, Lists):
            longer = other.longest is None or (self.longest is not None and self.longest <= other.longest)
            return longer and self.base <= other.base
        return None

    def __repr__(self) -> str:
        base = described(self.base)
        return f"allLists({base})" if self.longest is None else f"allListsUpTo({base}, {self.longest})"


class _Derived(Lazy):
    """A union, intersection or difference of sets one of which is kept as its definition."""

    __slots__ = ("left", "right")
    canonical = False
    #: how the set is written (`union`, `intersect`, `exclude`)
    operator = ""

    def __init__(self, left: Any, right: Any):
        self.left, self.right = left, right

    def cardinality(self) -> int | None:
        if not self.finite:
            return None
        raise Refused(f"cannot count the elements of {self} without enumerating them")

    def key(self) -> tuple:
        return (self.left, self.right)

    def bounds(self) -> list:
        return [None]

    def __repr__(self) -> str:
        return f"{described(self.left)}.{self.operator}({described(self.right)})"


def _finite(s: Any) -> bool:
    return not isinstance(s, Lazy) or s.finite


class Union(_Derived):
    __slots__ = ()
    operator = "union"

    @property
    def finite(self) -> bool:
        return _finite(self.left) and _finite(self.right)

    def __contains__(self, value: Any) -> bool:
        return value in self.left or value in self.right


class Intersection(_Derived):
    __slots__ = ()
    operator = "intersect"

    @property
    def finite(self) -> bool:
        return _finite(self.left) or _finite(self.right)

    def __contains__(self, value: Any) -> bool:
        return value in self.left and value in self.right


class Difference(_Derived):
    __slots__ = ()
    operator = "exclude"

    @property
    def finite(self) -> bool:
        return _finite(self.left)

    def __contains__(self, value: Any) -> bool:
        return value in self.left and value not in self.right

    def within(self, other: Lazy) -> bool | None:
        same = isinstance(self.left, Lazy) and type(self.left) is type(other) and self.left.key() == other.key()
        return True if same else None


def built(size: int | None, build: Callable[[], Any], keep: Callable[[], Lazy]) -> Any:
    """The set itself when it has at most `MAX_BUILT_COMPOSITE` elements, else its definition."""
    return build() if size is not None and size <= MAX_BUILT_COMPOSITE else keep()
