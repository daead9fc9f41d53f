"""Sets that TLA+ names but that are too large or infinite to list: `Nat`, `Int`, `STRING`, `SUBSET S`,
`[S -> T]`, `[a : S, b : T]`, `Seq(S)`, and the recursive functions over them.

Each answers membership without listing its elements, as TLC's own lazy values do; listing one (to
quantify over it, or to compare it) is done only when it is finite and at most `LIMIT` elements, and
is otherwise refused in one line, at the place of the expression that asked (`Unsupported`), never
a search that would not end.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Callable, Iterator

from checker.tla.errors import TlaError, Unsupported
from checker.tla.values import Rcd, function, is_function, ordered

#: the most elements a lazy set is listed with
LIMIT = 1_000_000


class LazySet:
    """A set answered by membership; `elements()` lists it when it is finite and small enough."""

    #: how TLA+ writes it, for messages and for printing
    written = "a set"

    def contains(self, value: Any) -> bool:
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs):
        """`x in S` is the subclass's own `contains`, called at once (a TypeOK asks it of every state)."""
        super().__init_subclass__(**kwargs)
        cls.__contains__ = cls.contains

    def size(self) -> int | None:
        """The number of elements, None when infinite."""
        return None

    def generate(self) -> Iterator:
        """The elements, in TLC's order of values (`checker.tla.values.key`)."""
        raise NotImplementedError

    def in_order(self, loc=None) -> list:
        """The elements listed in TLC's order (as `generate` makes them: no sorting needed)."""
        cached = getattr(self, "_in_order", None)
        if cached is None:
            self._listable(loc)
            cached = self._in_order = list(self.generate())
        return cached

    def elements(self, loc=None) -> frozenset:
        """The elements, listed; Unsupported when there are too many (or infinitely many)."""
        cached = getattr(self, "_elements", None)
        if cached is not None:
            return cached
        self._listable(loc)
        self._elements = frozenset(self.generate())
        return self._elements

    def _listable(self, loc) -> None:
        """Unsupported, at `loc`, unless the set is finite and of at most `LIMIT` elements."""
        count = self.size()
        if count is None:
            raise Unsupported(f"{self.written} is infinite: it can be asked for membership (x \\in S) but not listed "
                              f"(quantified over, compared, counted)", loc)
        if count > LIMIT:
            raise Unsupported(f"{self.written} has {count:,} elements, more than the {LIMIT:,} ttt-check lists", loc)

    def __iter__(self):
        return iter(self.elements())

    def __len__(self) -> int:
        count = self.size()
        if count is None:
            raise Unsupported(f"{self.written} is infinite: it has no cardinality")
        return count

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, LazySet) and type(other) is type(self) and other.key() == self.key():
            return True
        if not isinstance(other, (LazySet, frozenset)):
            return NotImplemented
        mine = self.elements()
        return mine == (other.elements() if isinstance(other, LazySet) else other)

    def __hash__(self) -> int:
        """An infinite set equals no listed one: it is hashed by what it is made of (so that a set can hold
        it, as `UNION {[S -> Nat]}` does); a finite one as the set of its elements."""
        if self.size() is None:
            return hash(("lazy",) + self.key())
        return hash(self.elements())

    def key(self) -> tuple:
        return (id(self),)

    def __repr__(self) -> str:
        return self.written


class Naturals(LazySet):
    written = "Nat"

    def contains(self, value):
        return type(value) is int and value >= 0

    def key(self):
        return ("Nat",)


class Integers(LazySet):
    written = "Int"

    def contains(self, value):
        return type(value) is int

    def key(self):
        return ("Int",)


class Strings(LazySet):
    written = "STRING"

    def contains(self, value):
        return type(value) is str

    def key(self):
        return ("STRING",)


def as_set(value: Any, loc=None) -> frozenset | LazySet:
    """`value` as a set; TlaError when it is not one."""
    if isinstance(value, (frozenset, LazySet)):
        return value
    from checker.tla.values import kind_of, show

    raise TlaError(f"a set was expected, not the {kind_of(value)} {show(value)}", loc)


def listed(value: Any, loc=None) -> frozenset:
    """The elements of set `value`, listed (see `LazySet.elements`)."""
    if type(value) is frozenset:
        return value
    if isinstance(value, LazySet):
        return value.elements(loc)
    return as_set(value, loc)


def cardinality(value: Any) -> int | None:
    if isinstance(value, LazySet):
        return value.size()
    return len(value)


class Subsets(LazySet):
    """`SUBSET S`."""

    def __init__(self, base: Any, loc=None):
        self.base = base
        self.loc = loc
        self.written = "SUBSET S"

    def contains(self, value):
        if not isinstance(value, (frozenset, LazySet)):
            return False
        if isinstance(self.base, LazySet) and not isinstance(value, LazySet):
            return all(map(self.base.__contains__, value))
        return all(map(self.base.__contains__, listed(value, self.loc)))

    def size(self):
        n = cardinality(self.base)
        return None if n is None else 2**n

    def generate(self):
        base = ordered(listed(self.base, self.loc))
        for r in range(len(base) + 1):
            for chosen in itertools.combinations(base, r):
                yield frozenset(chosen)

    def key(self):
        return ("SUBSET", self.base)


class Functions(LazySet):
    """`[S -> T]`."""

    def __init__(self, domain: Any, range_: Any, loc=None):
        self.domain, self.range, self.loc = domain, range_, loc
        self.written = "[S -> T]"

    def contains(self, value):
        if not is_function(value):
            return False
        dom = listed(self.domain, self.loc)
        if len(value) != len(dom):
            return False
        if type(value) is tuple:  # a sequence: its domain is 1..Len
            if not dom.issuperset(range(1, len(value) + 1)):
                return False
        elif not all(k in value for k in dom):
            return False
        values = value if type(value) is tuple else value.values()
        if isinstance(self.range, frozenset):  # an interval too
            return self.range.issuperset(values)
        return all(map(self.range.__contains__, values))

    def size(self):
        d, r = cardinality(self.domain), cardinality(self.range)
        if d is None or r is None:
            return None
        return r**d

    def generate(self):
        dom = ordered(listed(self.domain, self.loc))
        rng = ordered(listed(self.range, self.loc))
        if dom == list(range(1, len(dom) + 1)) and all(type(k) is int for k in dom):  # sequences, made at once
            yield from itertools.product(rng, repeat=len(dom))
            return
        for values in itertools.product(rng, repeat=len(dom)):
            yield function(dict(zip(dom, values)))

    def key(self):
        return ("->", self.domain, self.range)


class Records(LazySet):
    """`[a : S, b : T]`."""

    def __init__(self, fields: tuple, loc=None):
        self.fields, self.loc = fields, loc
        self.written = "[" + ", ".join(f"{name} : ..." for name, _ in fields) + "]"

    def contains(self, value):
        return (type(value) is Rcd and len(value) == len(self.fields)
                and all(name in value and value[name] in s for name, s in self.fields))

    def size(self):
        sizes = [cardinality(s) for _, s in self.fields]
        return None if None in sizes else math.prod(sizes)

    def generate(self):
        names = [name for name, _ in self.fields]
        for values in itertools.product(*(ordered(listed(s, self.loc)) for _, s in self.fields)):
            yield Rcd(zip(names, values))

    def key(self):
        return ("record", self.fields)


class Sequences(LazySet):
    """`Seq(S)`: every finite sequence of elements of S (infinite unless S is empty)."""

    def __init__(self, base: Any, loc=None):
        self.base, self.loc = base, loc
        self.written = "Seq(S)"

    def contains(self, value):
        return type(value) is tuple and all(map(self.base.__contains__, value))

    def size(self):
        return 1 if cardinality(self.base) == 0 else None

    def generate(self):
        yield ()

    def key(self):
        return ("Seq", self.base)


class Product(LazySet):
    """`S \\X T \\X ...` of a factor too large to list the product of."""

    def __init__(self, factors: tuple, loc=None):
        self.factors, self.loc = factors, loc
        self.written = " \\X ".join("S" for _ in factors)

    def contains(self, value):
        return (type(value) is tuple and len(value) == len(self.factors)
                and all(v in s for v, s in zip(value, self.factors)))

    def size(self):
        sizes = [cardinality(s) for s in self.factors]
        return None if None in sizes else math.prod(sizes)

    def generate(self):
        return itertools.product(*(ordered(listed(s, self.loc)) for s in self.factors))

    def key(self):
        return ("X", self.factors)


class Combined(LazySet):
    """`S \\cup T`, `S \\cap T` or `S \\ T` of a set that cannot be listed."""

    def __init__(self, op: str, left: Any, right: Any, loc=None):
        self.op, self.left, self.right, self.loc = op, left, right, loc
        self.written = f"S {op} T"

    def contains(self, value):
        if self.op == "\\cup":
            return value in self.left or value in self.right
        if self.op == "\\cap":
            return value in self.left and value in self.right
        return value in self.left and value not in self.right

    def size(self):
        return None if any(isinstance(s, LazySet) and s.size() is None for s in (self.left, self.right)) else \
            len(self.elements(self.loc))

    def elements(self, loc=None):
        if self.op in ("\\cap", "\\") and not (isinstance(self.left, LazySet) and self.left.size() is None):
            return frozenset(v for v in listed(self.left, loc) if self.contains(v))
        if self.op == "\\cap" and not (isinstance(self.right, LazySet) and self.right.size() is None):
            return frozenset(v for v in listed(self.right, loc) if self.contains(v))
        if self.op == "\\cup":
            return listed(self.left, loc) | listed(self.right, loc)
        return super().elements(loc)

    def key(self):
        return (self.op, self.left, self.right)


class Filtered(LazySet):
    """`{x \\in S : P}` of an infinite S."""

    def __init__(self, base: Any, test: Callable[[Any], bool], loc=None):
        self.base, self.test, self.loc = base, test, loc
        self.written = "{x \\in S : P}"

    def contains(self, value):
        return value in self.base and self.test(value)

    def key(self):
        return ("filter", id(self))


class Unions(LazySet):
    """`UNION SS` where some set of SS cannot be listed."""

    def __init__(self, sets: tuple, loc=None):
        self.sets, self.loc = sets, loc
        self.written = "UNION S"

    def contains(self, value):
        return any(value in s for s in self.sets)

    def key(self):
        return ("UNION", self.sets)


class RecursiveFunction:
    """`f[x \\in S] == e` with e naming f: applied by evaluating e, each argument once (as TLC's lazy
    function values do); listed, compared or printed only when S is finite. `body(f, x)` is e, given f as an
    argument rather than closed over: a closure over f would be a cycle, garbage only the cycle collector frees
    (one per evaluation of f's definition, which the searches run with that collector paused)."""

    def __init__(self, domain: Any, body: Callable[[Any, Any], Any], loc=None):
        self.domain, self.body, self.loc = domain, body, loc
        self.memo: dict = {}
        self._value = None

    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        mine = self.value()
        return mine == (other.value() if isinstance(other, RecursiveFunction) else other)

    def __hash__(self) -> int:
        return hash(self.value())

    def apply(self, argument: Any, loc=None) -> Any:
        found = self.memo.get(argument, _MISSING)
        if found is not _MISSING:
            return found
        if argument not in self.domain:
            from checker.tla.values import show

            raise TlaError(f"Attempted to apply function to {show(argument)}, which is not in its domain", loc)
        if len(self.memo) > LIMIT:
            self.memo.clear()
        value = self.memo[argument] = self.body(self, argument)
        return value

    def value(self, loc=None) -> Any:
        """The function as a value, each argument of its (finite) domain applied."""
        if self._value is None:
            self._value = function({x: self.apply(x, loc) for x in ordered(listed(self.domain, loc))})
        return self._value


_MISSING = object()
