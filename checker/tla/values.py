"""TLA+ values in Python, ordered and printed as TLC orders and prints them.

Python stands for TLA+ as follows: `int`, `bool` and `str` for themselves; `ModelValue` for a model
value of the cfg; `frozenset` for a finite set (`Interval` for `a..b`, which TLC prints so); a function
in one canonical form, so that two equal functions are equal Python values: a `tuple` when its domain
is 1..n (sequences, tuples and the empty function alike), a `Rcd` when its domain is a non-empty set of
strings (records), else a `Fcn`. Sets too large or infinite to list (`Nat`, `SUBSET S`, `[S -> T]`,
`Seq(S)`) are `checker.tla.lazy` sets, which answer membership without listing their elements.
"""

from __future__ import annotations

import re
from itertools import chain
from operator import attrgetter
from typing import Any, Collection, Iterable

from checker.digits import decimal
from checker.hashed import HashedDict


class ModelValue:
    """A model value of the cfg (`CONSTANT p1 = p1`), equal only to itself; one object per name."""

    __slots__ = ("name", "index")
    _made: dict[str, "ModelValue"] = {}

    def __new__(cls, name: str):
        made = cls._made.get(name)
        if made is None:
            made = object.__new__(cls)
            made.name, made.index = name, len(cls._made)
            cls._made[name] = made
        return made

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self):
        return (ModelValue, (self.name,))


class Interval(frozenset):
    """`a..b` with a <= b: a set of integers that TLC prints as `a..b`."""

    __slots__ = ("low", "high")

    def __new__(cls, low: int, high: int):
        made = super().__new__(cls, range(low, high + 1))
        made.low, made.high = low, high
        return made

    def __reduce__(self):
        return (Interval, (self.low, self.high))


def interval(low: int, high: int) -> frozenset:
    """`low..high`: the empty set when high < low."""
    return Interval(low, high) if low <= high else frozenset()


class _Function(HashedDict):
    """A TLA+ function as an immutable, hashable mapping (never changed once made). It keeps its hash, and
    where booleans are part of it (`checker.tla.runtime.memo_key`, `State`), once computed."""

    __slots__ = ("_boolean",)

    def _immutable(self, *args, **kwargs):
        raise TypeError("a TLA+ function does not change")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _immutable  # type: ignore

    def __reduce__(self):
        return (type(self), (dict(self),))


class Rcd(_Function):
    """A function on a non-empty set of strings: a record. Its fields keep the order they were made in,
    for printing (TLC prints a record's fields in the order the spec first names them)."""

    __slots__ = ()


class Fcn(_Function):
    """A function whose domain is neither 1..n nor a set of strings."""

    __slots__ = ()


def function(pairs: dict) -> Any:
    """The function of `pairs` (key -> value) in its canonical form (see the module's docstring)."""
    n = len(pairs)
    if n == 0:
        return ()
    keys = pairs.keys()
    first = next(iter(keys))
    if type(first) is str:
        if _STR == set(map(type, keys)):  # the kinds told by loops of C
            return Rcd(pairs)
    elif type(first) is int and keys == (_ONE_TO[n] if n < 64 else interval(1, n)) \
            and _INT == set(map(type, keys)):  # 1..n, and no boolean equal to 1  # fmt: skip
        return tuple(map(pairs.__getitem__, range(1, n + 1)))
    return Fcn(pairs)


def is_function(value: Any) -> bool:
    return isinstance(value, (tuple, _Function))


#: `1..n` for the lengths sequences mostly have, made once (a spec asks for DOMAIN s at every step)
_ONE_TO = [interval(1, n) for n in range(64)]


def domain(value: Any) -> frozenset:
    """DOMAIN of a function (a tuple's is 1..n)."""
    if type(value) is tuple:
        n = len(value)
        return _ONE_TO[n] if n < 64 else interval(1, n)
    return frozenset(value)


def items(value: Any) -> Iterable[tuple[Any, Any]]:
    """The (argument, value) pairs of a function."""
    if type(value) is tuple:
        return enumerate(value, 1)
    return value.items()


# ---- TLC's order of values -------------------------------------------------------------------------

#: the rank of each kind of value, for a total order across kinds (TLC compares values of one kind only)
_RANK = {bool: 0, int: 1, str: 2, ModelValue: 3}


def key(value: Any) -> tuple:
    """A sort key in TLC's order of values: numbers by value, strings as Java compares them, sets by
    size then element by element, tuples by length then element by element, model values in the cfg's
    order. Values of different kinds (which TLC would not compare) fall in a fixed order of kinds."""
    kind = type(value)
    rank = _RANK.get(kind)
    if rank is not None:
        return (rank, value.index if kind is ModelValue else value)
    if kind is tuple:
        return (4, len(value), tuple(key(v) for v in value))
    if isinstance(value, frozenset):
        return (5, len(value), tuple(sorted(key(v) for v in value)))
    if isinstance(value, _Function):
        pairs = sorted((key(k), key(v)) for k, v in value.items())
        return (6, len(value), tuple(pairs))
    return (7, repr(value))


_INT, _STR, _TUPLE, _MODEL_VALUE = {int}, {str}, {tuple}, {ModelValue}
#: a model value's place in the cfg's order
_INDEX = attrgetter("index")


def plain(values: Collection) -> bool:
    """Whether `values` are all numbers, or all tuples of one length of numbers: Python orders them as TLC
    does, and no string is part of them (the kinds found by loops of C, which a spec's hot sets need)."""
    kinds = set(map(type, values))
    return kinds == _INT or kinds == _TUPLE and len(set(map(len, values))) == 1 \
        and set(map(type, chain.from_iterable(values))) == _INT


def ordered(values: Iterable) -> list:
    """The values in TLC's order (see `key`)."""
    values = list(values)
    if len(values) < 2:
        return values
    if plain(values):
        return sorted(values)
    kinds = set(map(type, values))
    if kinds == _STR:
        return sorted(values)
    if kinds == _MODEL_VALUE:
        return sorted(values, key=_INDEX)
    return sorted(values, key=key)


def permuted_key(value: Any, mapping: dict) -> tuple:
    """`key(permuted(value, mapping))`, without making the permuted value."""
    kind = type(value)
    if kind is ModelValue:
        return (3, mapping.get(value, value).index)
    rank = _RANK.get(kind)
    if rank is not None:
        return (rank, value)
    if kind is tuple:
        return (4, len(value), tuple(permuted_key(v, mapping) for v in value))
    if isinstance(value, frozenset):
        return (5, len(value), tuple(sorted(permuted_key(v, mapping) for v in value)))
    if isinstance(value, _Function):
        pairs = sorted((permuted_key(k, mapping), permuted_key(v, mapping)) for k, v in value.items())
        return (6, len(value), tuple(pairs))
    return (7, repr(value))


def permuted(value: Any, mapping: dict) -> Any:
    """`value` with each model value replaced as `mapping` says (a permutation of SYMMETRY): the value itself
    where the mapping moves nothing in it, and a function made keeps what its source knew of its booleans
    (a permutation moves model values only), so that states compare as cheaply as the values they hold."""
    kind = type(value)
    if kind is ModelValue:
        return mapping.get(value, value)
    if kind is tuple or kind is frozenset:
        parts = [mapping.get(v, v) if type(v) is ModelValue else v if type(v) in _UNMOVED else permuted(v, mapping)
                 for v in value]
        if all(a is b for a, b in zip(parts, value)):
            return value
        return tuple(parts) if kind is tuple else frozenset(parts)
    if kind is Rcd or kind is Fcn:
        pairs, moved = {}, False
        for k, v in value.items():
            if kind is Fcn:  # a record's keys are strings
                j = mapping.get(k, k) if type(k) is ModelValue else k if type(k) in _UNMOVED else permuted(k, mapping)
                moved = moved or j is not k
                k = j
            w = mapping.get(v, v) if type(v) is ModelValue else v if type(v) in _UNMOVED else permuted(v, mapping)
            moved = moved or w is not v
            pairs[k] = w
        if not moved:
            return value
        made = kind(pairs)  # model values for model values: the domain stays of its kind
        known = getattr(value, "_boolean", None)
        if known is not None:
            made._boolean = known
        return made
    return value  # a number, a string, a boolean, an interval: nothing a permutation moves


#: the kinds of value no permutation changes
_UNMOVED = frozenset({int, str, bool, Interval})


# ---- TLC's notation ---------------------------------------------------------------------------------

_ESCAPED = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\f": "\\f"}
#: the strings TLC prints as a record's field names
_FIELD = re.compile(r"\d*[^\W\d]\w*")


def string(text: str) -> str:
    """A string literal as TLA+ writes it: `"say \\"hi\\""`."""
    return '"' + "".join(_ESCAPED.get(c, c) for c in text) + '"'


def show(value: Any) -> str:
    """The value on one line, as TLC prints it: `<<1, "a">>`, `{1, 2}`, `[a |-> 1]`, `(1 :> 2 @@ 3 :> 4)`, `1..3`."""
    kind = type(value)
    if kind is bool:
        return "TRUE" if value else "FALSE"
    if kind is int:
        return decimal(value)
    if kind is str:
        return string(value)
    if kind is tuple:
        return "<<" + ", ".join(map(show, value)) + ">>"
    if kind is Interval:
        return f"{value.low}..{value.high}"
    if isinstance(value, frozenset):
        return "{" + ", ".join(map(show, ordered(value))) + "}"
    if kind is Rcd and all(_FIELD.fullmatch(k) for k in value):
        return "[" + ", ".join(f"{k} |-> {show(v)}" for k, v in value.items()) + "]"
    if isinstance(value, _Function):
        pairs = sorted(value.items(), key=lambda kv: key(kv[0]))
        return "(" + " @@ ".join(f"{show(k)} :> {show(v)}" for k, v in pairs) + ")"
    if hasattr(value, "elements"):  # a set of `checker.tla.lazy`: its elements, as TLC prints it, when finite
        return show(value.elements()) if value.size() is not None else value.written
    if hasattr(value, "apply"):  # a recursive function of `checker.tla.lazy`: its pairs
        return show(value.value())
    return str(value)


def kind_of(value: Any) -> str:
    """The kind of a value, as TLC names it in its messages: `integer`, `string`, `set`..."""
    kind = type(value)
    if kind is bool:
        return "boolean"
    if kind is int:
        return "integer"
    if kind is str:
        return "string"
    if kind is ModelValue:
        return "model value"
    if kind is tuple:
        return "tuple"
    if kind is Rcd:
        return "record"
    if isinstance(value, _Function):
        return "function"
    if isinstance(value, frozenset) or hasattr(value, "contains"):
        return "set"
    return "value"
