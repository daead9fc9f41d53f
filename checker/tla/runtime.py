"""The operators of TLA+ and its standard modules on the values of `checker.tla.values`, with TLC's errors.

The compiled spec (`checker.tla.compile`) calls these; each one that can fail is told where it is
(`loc`), so that its error is TLC's, at the spec's place: applying a function outside its domain,
adding a string, a CASE with no true guard, CHOOSE from a set where nothing satisfies the condition.
"""

from __future__ import annotations

import itertools
import random
import sys
from typing import Any, Callable, Iterable

from checker.hashed import HASH_BITS
from checker.tla.errors import TlaError, Unsupported
from checker.tla.lazy import (
    Combined,
    Filtered,
    Functions,
    LazySet,
    Product,
    Records,
    RecursiveFunction,
    Sequences,
    Subsets,
    Unions,
    as_set,
    cardinality,
    listed,
)
from checker.tla.values import (
    Fcn,
    Interval,
    ModelValue,
    Rcd,
    _Function,
    domain,
    function,
    interval,
    is_function,
    items,
    kind_of,
    ordered,
    plain,
    show,
)

#: the most elements a product, a SUBSET or a function set is made with eagerly (then it stays lazy)
EAGER = 10_000
#: the most elements listed for the branches of `\E` and `x' \in S` (the spec's own sets are far smaller)
_SET_KINDS = (frozenset, LazySet)
_FUNCTION_KINDS = (tuple, _Function, RecursiveFunction)


def fail(message: str, loc=None):
    raise TlaError(message, loc)


def unsupported(message: str, loc=None):
    raise Unsupported(message, loc)


def described(value: Any) -> str:
    """`integer 3`, `string "a"`, `set {1, 2}`, as TLC describes a value in its errors."""
    text = show(value)
    if len(text) > 200:
        text = text[:200] + "..."
    return f"{kind_of(value)} {text}"


# ---- booleans and equality ----------------------------------------------------------------------------


def truth(value: Any, loc, what: str = "a condition") -> bool:
    """`value` used as a boolean: TLC stops on anything else."""
    if value is True or value is False:
        return value
    raise TlaError(f"{what} is the {described(value)}, not a boolean (TRUE or FALSE)", loc)


def _comparable(a: Any, b: Any) -> bool:
    """Whether TLC compares a and b at all (values of different kinds it refuses, but for model values)."""
    ta, tb = type(a), type(b)
    if ta is tb:
        return True
    if ta is ModelValue or tb is ModelValue:
        return True
    if isinstance(a, _SET_KINDS) and isinstance(b, _SET_KINDS):
        return True
    return isinstance(a, _FUNCTION_KINDS) and isinstance(b, _FUNCTION_KINDS)


def eq(a: Any, b: Any, loc) -> bool:
    """`a = b`: TLC refuses to compare an integer with a string, a boolean with a set..."""
    if type(a) is type(b) and type(a) is not RecursiveFunction:
        return a == b and (type(a) in _SCALARS or alike(a, b, loc))
    if not _comparable(a, b):
        raise TlaError(f"Attempted to check equality of {described(a)} with {described(b)}", loc)
    if type(a) is RecursiveFunction:
        a = a.value(loc)
    if type(b) is RecursiveFunction:
        b = b.value(loc)
    return a == b and alike(a, b, loc)


def alike(a: Any, b: Any, loc) -> bool:
    """True, for two values Python counts equal, unless a boolean in one stands where the other has a number
    (<<TRUE>> and <<1>>, {FALSE} and {0}): TLC, comparing them part by part, stops there, and so does this."""
    # a value is alike itself, and a lazy set or a recursive function is not listed to look inside
    if a is not b and type(a) in _MEMO_KINDS and type(b) in _MEMO_KINDS and not _alike(a, b):
        raise TlaError(f"Attempted to check equality of {described(a)} with {described(b)}: a boolean in one "
                       f"stands where the other has a number", loc)
    return True


def enumerated(elements, loc) -> frozenset:
    """`{a, b, ...}` and `{e : x \\in S}`. TLC orders a set's elements to compare, count or remember it, and
    stops at two it cannot order (1 and "a", 2 and FALSE); Python would also merge two it counts equal and
    TLA+ does not (0 and FALSE, <<1>> and <<TRUE>>). Either stops here, where the set is made."""
    made = frozenset(elements)
    if len(elements) > 1:
        one_kind(elements, loc)
    if len(made) < len(elements):
        first: dict = {}
        for e in elements:
            f = first.setdefault(e, e)
            if f is not e:
                alike(f, e, loc)
    return made


def one_kind(elements, loc) -> None:
    """Stops unless TLC can order the elements (a model value with any, else values of one kind)."""
    kinds = set(map(type, elements))
    if len(kinds) > 1:
        kinds.discard(ModelValue)
        if len(kinds) > 1:
            seen = next(e for e in elements if type(e) is not ModelValue)
            for e in elements:
                if not _comparable(seen, e):
                    raise TlaError(f"Attempted to compare {described(seen)} with {described(e)}: TLC orders a "
                                   f"set's elements and cannot order these two", loc)


def joined(a: frozenset, b: frozenset, loc) -> None:
    """Stops where TLC would, for `a \\cup b`, `a \\cap b` or `a \\ b` of two listed sets: at an element of
    one that TLC cannot compare with the other's (a number and a boolean or a string)."""
    if a and b:
        x, y = next(iter(a)), next(iter(b))
        if type(x) is not type(y) or type(x) is ModelValue:
            one_kind((*a, *b), loc)


def found(x: Any, s: frozenset, loc) -> bool:
    """True, for `x` in the set `s` as Python finds it, unless the element Python takes for `x` is no TLA+
    value equal to it (TRUE for 1, <<FALSE>> for <<0>>): TLC stops when it compares them, and so does this."""
    if type(x) is str or type(x) is ModelValue or type(x) is int and not 0 <= x <= 1:
        return True  # nothing Python counts equal to it but itself
    if not (_has_boolean(x) or _has_boolean(s)):
        return True
    for e in s:
        if e == x:
            return alike(e, x, loc)
    return True


def listed_member(x: Any, cell: list, base: Any, loc) -> bool:
    """True when `x` is found in `cell[0]`, the listing of a constant `{y \\in base : P}` (else False, and the
    caller asks `x \\in base /\\ P(x)`): P held for the element found, and `x \\in base` is answered by the same
    element, compared with x as `member` compares it, when base is listed too (not when lazy: its membership
    compares otherwise)."""
    s = cell[0]
    return type(s) is frozenset and isinstance(base, frozenset) and x in s and found(x, s, loc)


def neq(a: Any, b: Any, loc) -> bool:
    return not eq(a, b, loc)


# ---- integers ---------------------------------------------------------------------------------------------


def _ints(op: str, a: Any, b: Any, loc) -> None:
    if type(a) is not int:
        raise TlaError(f"The first argument of {op} should be an integer, but instead it is the {described(a)}", loc)
    raise TlaError(f"The second argument of {op} should be an integer, but instead it is the {described(b)}", loc)


def add(a, b, loc):
    if type(a) is int and type(b) is int:
        return a + b
    _ints("+", a, b, loc)


def sub(a, b, loc):
    if type(a) is int and type(b) is int:
        return a - b
    _ints("-", a, b, loc)


def mul(a, b, loc):
    if type(a) is int and type(b) is int:
        return a * b
    _ints("*", a, b, loc)


def div(a, b, loc):
    """`a \\div b`: rounded down, as TLA+ defines it."""
    if type(a) is int and type(b) is int:
        if b == 0:
            raise TlaError("The second argument of \\div is 0", loc)
        return a // b
    _ints("\\div", a, b, loc)


def mod(a, b, loc):
    """`a % b`, for b > 0: between 0 and b - 1."""
    if type(a) is int and type(b) is int:
        if b <= 0:
            raise TlaError(f"The second argument of % should be a positive number, but instead it is {b}", loc)
        return a % b
    _ints("%", a, b, loc)


def power(a, b, loc):
    if type(a) is int and type(b) is int:
        if b < 0:
            raise TlaError(f"The second argument of ^ should be a natural number, but instead it is {b}", loc)
        if a == 0 and b == 0:
            raise TlaError("0^0 is undefined", loc)
        if a not in (0, 1, -1) and b * max(a.bit_length(), 1) > 1 << 20:
            raise Unsupported(f"{a}^{b} has over a million bits: too large to compute", loc)
        return a**b
    _ints("^", a, b, loc)


def neg(a, loc):
    if type(a) is int:
        return -a
    raise TlaError(f"The argument of - should be an integer, but instead it is the {described(a)}", loc)


def lt(a, b, loc):
    if type(a) is int and type(b) is int:
        return a < b
    _ints("<", a, b, loc)


def le(a, b, loc):
    if type(a) is int and type(b) is int:
        return a <= b
    _ints("<=", a, b, loc)


def gt(a, b, loc):
    if type(a) is int and type(b) is int:
        return a > b
    _ints(">", a, b, loc)


def ge(a, b, loc):
    if type(a) is int and type(b) is int:
        return a >= b
    _ints(">=", a, b, loc)


def dots(a, b, loc):
    if type(a) is int and type(b) is int:
        return interval(a, b)
    _ints("..", a, b, loc)


# ---- sets ---------------------------------------------------------------------------------------------------


def member(x, s, loc) -> bool:
    """`x \\in s`."""
    if isinstance(s, frozenset):
        return x in s and found(x, s, loc)
    if isinstance(s, LazySet):
        return s.contains(x)
    raise TlaError(f"Attempted to check whether a value is in the {described(s)}, which is not a set", loc)


def cup(a, b, loc):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        joined(a, b, loc)
        return frozenset.union(a, b)
    return _combined("\\cup", as_set(a, loc), as_set(b, loc), loc)


def cap(a, b, loc):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        joined(a, b, loc)
        return frozenset.intersection(a, b)
    return _combined("\\cap", as_set(a, loc), as_set(b, loc), loc)


def diff(a, b, loc):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        joined(a, b, loc)
        return frozenset.difference(a, b)
    return _combined("\\", as_set(a, loc), as_set(b, loc), loc)


def _combined(op: str, a, b, loc):
    made = Combined(op, a, b, loc)
    return made.elements(loc) if made.size() is not None else made


def subseteq(a, b, loc) -> bool:
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return a <= b
    a, b = as_set(a, loc), as_set(b, loc)
    if isinstance(a, LazySet) and a.size() is None:
        if isinstance(b, LazySet) and a == b:
            return True
        raise Unsupported(f"{a.written} \\subseteq ...: an infinite set is not compared", loc)
    return all(member(x, b, loc) for x in listed(a, loc))


def powerset(s, loc):
    """`SUBSET s`: listed only when it is enumerated (membership needs no list)."""
    return Subsets(as_set(s, loc), loc)


def big_union(s, loc):
    """`UNION S`: listed, unless a set of S cannot be (then it answers membership)."""
    sets = [as_set(inner, loc) for inner in listed(as_set(s, loc), loc)]
    if any(isinstance(inner, LazySet) and inner.size() is None for inner in sets):
        return Unions(tuple(sets), loc)
    return enumerated([e for inner in sets for e in listed(inner, loc)], loc)


def filter_set(s, test: Callable, loc):
    """`{x \\in s : P}` of a set that is not listed yet: listed when it can be, else answering membership."""
    s = as_set(s, loc)
    if isinstance(s, LazySet) and s.size() is None:
        return Filtered(s, lambda x: truth(test(x), loc, "the condition of a set filter"), loc)
    return frozenset([x for x in listed(s, loc) if truth(test(x), loc, "the condition of a set filter")])


def product(factors: tuple, loc):
    """`S \\X T \\X ...`: a set of tuples."""
    sets = [as_set(f, loc) for f in factors]
    made = Product(tuple(sets), loc)
    size = made.size()
    if size is not None and size <= EAGER:
        return frozenset(itertools.product(*(listed(s, loc) for s in sets)))
    return made


def functions(d, r, loc):
    """`[D -> R]`: listed only when it is enumerated (membership needs no list)."""
    return Functions(as_set(d, loc), as_set(r, loc), loc)


def records(fields: tuple, loc):
    """`[a : S, b : T]`: listed only when it is enumerated (membership needs no list)."""
    return Records(tuple((name, as_set(s, loc)) for name, s in fields), loc)


#: id of a listed set -> the set and its elements in TLC's order (a spec enumerates the same few sets again and
#: again). Keyed by identity, not equality: Python counts {FALSE, TRUE} equal to {0, 1}, which TLA+ does not
_ORDERED: dict = {}
#: the most sets `_ORDERED` keeps
ORDERED_SETS = 4096


def enum(s, loc) -> list:
    """The elements of set `s` in TLC's order, for the branches of `\\E`, `x' \\in s` and CHOOSE."""
    if isinstance(s, LazySet):
        return s.in_order(loc)
    if type(s) is Interval:  # in order as made: neither sorted nor kept
        return list(range(s.low, s.high + 1))
    kept = _ORDERED.get(id(s))
    if kept is not None and kept[0] is s:
        return kept[1]
    found = ordered(listed(as_set(s, loc), loc))
    if isinstance(s, frozenset):
        if len(_ORDERED) >= ORDERED_SETS:
            _ORDERED.clear()
        _ORDERED[id(s)] = (s, found)  # the set kept alive, so that its id is no other set's
    return found


def span(a, b, loc) -> range:
    """The elements of `a..b` for a loop, ascending (TLC's order), without making the set."""
    if type(a) is int and type(b) is int:
        return range(a, b + 1)
    _ints("..", a, b, loc)


def each(s, loc) -> Iterable:
    """The elements of set `s`, in any order (for `\\A`, `\\E` and set constructors inside expressions)."""
    if type(s) is frozenset:
        return s
    return listed(as_set(s, loc), loc)


def tuples(values: Iterable, n: int, loc) -> Iterable:
    """`values`, each a tuple of `n` elements, for `\\E <<a, b>> \\in S`."""
    for value in values:
        if type(value) is not tuple or len(value) != n:
            raise TlaError(f"the {described(value)} is not a tuple of {n} elements, to bind <<...>> to", loc)
        yield value


def size(s, loc) -> int:
    """`Cardinality(s)`."""
    count = cardinality(as_set(s, loc))
    if count is None:
        raise TlaError(f"Cardinality of the infinite set {show(s)}", loc)
    return count


def is_finite(s, loc) -> bool:
    return cardinality(as_set(s, loc)) is not None


def choose(s, holds: Callable[[Any], Any], loc):
    """`CHOOSE x \\in s : P`: the first element in TLC's order that satisfies P (always the same one).

    TLC orders strings as it first read them, not alphabetically (`tests/specs/tla/string_order.tla`),
    an order ttt-check does not know: where two elements that satisfy P differ in their strings, which one
    TLC takes is not known here, and `CHOICES` refuses the CHOOSE or records it (see `Choices`)."""
    if type(s) is frozenset and plain(s):  # no string, and Python's order (a set made anew: not worth keeping)
        for x in sorted(s):
            if truth(holds(x), loc, "the condition of CHOOSE"):
                return x
        _none_chosen(loc)
    if type(s) is frozenset and len(s) > 1 and type(next(iter(s))) in _COMPOUND and _ORDERED.get(id(s)) is None:
        only = _only_chosen(s, holds, loc)  # a set made anew, of values costly to order: P of each first
        if only is not None:
            return only[0]
    elements = enum(s, loc)
    for i, x in enumerate(elements):
        if truth(holds(x), loc, "the condition of CHOOSE"):
            if i + 1 == len(elements) or _stringless(elements):
                return x
            others = [y for y in elements[i + 1:] if strings_decide(x, y) and _also_chosen(y, holds, loc)]
            return CHOICES.pick(s, [x] + others, loc) if others else x
    _none_chosen(loc)


#: the kinds of value whose order TLC finds part by part
_COMPOUND = frozenset({tuple, frozenset, Rcd, Fcn})


def _only_chosen(s: frozenset, holds: Callable[[Any], Any], loc) -> tuple | None:
    """`(x,)` when x is the one element of `s` that satisfies P, P evaluated on every element without error:
    TLC, whatever its order, takes x (`CHOOSE x \\in S : P(x) /\\ \\A y \\in S : P(y) => y = x`). None when
    P fails on some element, or holds for two (then TLC's order decides)."""
    only = None
    for x in s:
        try:
            chosen = truth(holds(x), loc, "the condition of CHOOSE")
        except (TlaError, Unsupported):
            return None
        if chosen:
            if only is not None:
                return None
            only = (x,)
    if only is None:
        _none_chosen(loc)
    return only


def choose_first(s, loc):
    """`CHOOSE x \\in s : TRUE`, the idiom that takes some element (a fold over a set): the least in Python's
    order where it is TLC's (`plain`), found without sorting; else as `choose` takes it."""
    if type(s) is frozenset and s and plain(s):
        return min(s)
    return choose(s, _anything, loc)


def _anything(x) -> bool:
    return True


def _none_chosen(loc):
    raise TlaError("Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element "
                   "of S satisfied P", loc)


#: the words of a CHOOSE that TLC's order of strings decides
UNKNOWN_ORDER = ("CHOOSE between elements that differ in their strings: TLC orders strings as it first read them, "
                 "which ttt-check does not follow, so which one TLC takes is not known here")


class Choices:
    """The CHOOSEs that TLC's order of strings decides (see `choose`). By default each is refused. A check that
    tries every choice TLC could make (`TlaSpec.alternatives`) records them instead: a place and a set take
    the choice `forced` gives them, else the first in ttt-check's order."""

    def __init__(self):
        self.start()

    def start(self, forced: dict | None = None, recording: bool = False) -> None:
        self.forced = dict(forced or {})
        self.recording = recording
        #: (place, set) -> how many elements TLC could take there, in the order the search met them
        self.seen: dict = {}

    def pick(self, s, candidates: list, loc):
        chosen = memo_key((s,))
        if not self.recording or chosen is None:
            raise Unsupported(UNKNOWN_ORDER, loc)
        key = (loc, chosen)
        self.seen.setdefault(key, len(candidates))
        return candidates[self.forced.get(key, 0)]


#: the choices of the model being checked
CHOICES = Choices()


#: the kinds of value that hold no string
_NO_STRING = frozenset({int, bool, ModelValue})


def _stringless(elements: list) -> bool:
    """Whether no string is part of `elements`, as seen at once: numbers, booleans and model values, or
    tuples of them (False: not known so)."""
    kinds = set(map(type, elements))
    if kinds <= _NO_STRING:
        return True
    if kinds == {tuple}:
        return set(map(type, itertools.chain.from_iterable(elements))) <= _NO_STRING
    return False


def strings_decide(x, y) -> bool:
    """Whether TLC's order between values `x` and `y` may turn on how it orders two strings (see `choose`):
    the values compared as TLC compares them, until a difference that decides without strings."""
    if type(x) is str and type(y) is str:
        return x != y
    if type(x) is tuple and type(y) is tuple:
        if len(x) != len(y):
            return False
        first = next(((a, b) for a, b in zip(x, y) if a != b), None)
        return first is not None and strings_decide(*first)
    if isinstance(x, frozenset) and isinstance(y, frozenset):
        return len(x) == len(y) and x != y and any(type(v) is str or holds_string(v) for v in x | y)
    if isinstance(x, _Function) and isinstance(y, _Function):
        if len(x) != len(y):
            return False
        if x.keys() != y.keys():
            return any(holds_string(k) for k in x.keys() | y.keys())
        differing = [(x[k], y[k]) for k in x if x[k] != y[k]]
        if len(differing) > 1 and any(holds_string(k) for k in x):
            return True
        return any(strings_decide(a, b) for a, b in differing)
    return False


def holds_string(value) -> bool:
    """Whether a string is part of `value`."""
    if type(value) is str:
        return True
    if type(value) is tuple or isinstance(value, frozenset):
        return any(holds_string(v) for v in value)
    if isinstance(value, _Function):
        return any(holds_string(k) or holds_string(v) for k, v in value.items())
    return False


def _also_chosen(y, holds: Callable[[Any], Any], loc) -> bool:
    """Whether CHOOSE could take `y` too in another order: P holds for it, or fails on it (TLC, which may
    come to `y` first, would then stop there)."""
    try:
        return truth(holds(y), loc, "the condition of CHOOSE")
    except TlaError:
        return True


# ---- functions, records, sequences --------------------------------------------------------------------------


def apply(f, x, loc):
    """`f[x]`."""
    kind = type(f)
    if kind is tuple:
        if type(x) is int and 0 < x <= len(f):
            return f[x - 1]
        raise TlaError(f"Attempted to apply tuple {show(f)} to {described(x)} which is out of domain", loc)
    if kind is Rcd or kind is Fcn:
        try:
            return f[x]
        except KeyError:
            raise TlaError(f"Attempted to apply function {show(f)} to {described(x)}, which is not in its domain",
                           loc) from None
        except TypeError:  # an unhashable argument: a lazy set
            raise TlaError(f"Attempted to apply function {show(f)} to {described(x)}", loc) from None
    if kind is RecursiveFunction:
        return f.apply(x, loc)
    raise TlaError(f"Attempted to apply the {described(f)}, which is not a function, to {described(x)}", loc)


def field(r, name: str, loc):
    """`r.name`."""
    if type(r) is Rcd:
        try:
            return r[name]
        except KeyError:
            raise TlaError(f"Attempted to access the field {name} of the record {show(r)}, which has no such field",
                           loc) from None
    if is_function(r) or type(r) is RecursiveFunction:
        return apply(r, name, loc)
    raise TlaError(f"Attempted to access the field {name} of the {described(r)}, which is not a record", loc)


def dom(f, loc):
    if type(f) is RecursiveFunction:
        return f.domain
    if not is_function(f):
        raise TlaError(f"Attempted to compute the DOMAIN of the {described(f)}, which is not a function", loc)
    return domain(f)


def build(keys: Iterable, make: Callable[[Any], Any]) -> Any:
    """`[x \\in S |-> e]` over the listed domain `keys`."""
    return function({k: make(k) for k in keys})


def recursive(domain_set, body: Callable, loc) -> RecursiveFunction:
    """`f[x \\in S] == e` where e applies f: `body(f, x)` computes e."""
    return RecursiveFunction(as_set(domain_set, loc), body, loc)


def unpack(value, n: int, loc) -> tuple:
    """`value` as a tuple of `n` elements, to bind `<<a, b>>` to."""
    if type(value) is not tuple or len(value) != n:
        raise TlaError(f"the {described(value)} is not a tuple of {n} elements, to bind <<...>> to", loc)
    return value


def except_(f, path: tuple, new: Callable[[Any], Any], loc):
    """`[f EXCEPT ![a][b] = e]` for one update: `path` the keys (a field's name is its key), `new(old)` the
    new value from the old one (`@`). A key outside the function's domain leaves it unchanged, as TLC does."""
    kind = type(f)
    if kind is not Rcd and kind is not Fcn:
        return _except_other(f, path, new, loc)
    key = path[0]
    if key not in f:
        return f
    old = f[key]
    value = new(old) if len(path) == 1 else except_(old, path[1:], new, loc)
    made = kind(f)
    dict.__setitem__(made, key, value)  # made here, before anything reads it: a TLA+ function is never changed
    known = type(value)
    if known in _HASHED_AT_ONCE or (known is Rcd or known is Fcn) and value.hashed():
        try:  # as `checker.hashed.changed`, written out: the hot spot of a step that changes a function
            made._hash = (f._hash ^ hash((key, old)) ^ hash((key, value))) & HASH_BITS
        except AttributeError:  # the original's hash not known: the copy's computed when asked
            pass
    try:
        _pass_on(f._boolean, value, made)
    except AttributeError:  # where the original's booleans are: not known
        pass
    return made


def _except_other(f, path: tuple, new: Callable[[Any], Any], loc):
    """`except_` of a sequence, a recursive function, or a value that is no function (TLC's error)."""
    if type(f) is RecursiveFunction:
        return except_(f.value(loc), path, new, loc)
    if type(f) is not tuple:
        raise TlaError(f"Attempted to apply EXCEPT to the {described(f)}, which is not a function", loc)
    key = path[0]
    if not (type(key) is int and 0 < key <= len(f)):
        return f
    old = f[key - 1]
    value = new(old) if len(path) == 1 else except_(old, path[1:], new, loc)
    return f[: key - 1] + (value,) + f[key:]


#: the kinds of value hashed at once, without looking inside (a set's elements were hashed as it was made): a
#: function given one is hashed from the function it copies (`checker.hashed.changed`); a lazy set may have
#: to be listed to be hashed, and is not
_HASHED_AT_ONCE = frozenset({int, str, bool, ModelValue, frozenset, Interval})


def _pass_on(where: int, value, made) -> None:
    """Where booleans are in `made` (`booleans_in`), a function that `value` put in one place of another whose
    booleans were `where`, when that alone tells (states are compared by it): booleans in the keys stay there;
    a set of flags given a boolean stays one; a boolean, or a value holding one, makes values holding them; a
    number, a name or a value without booleans leaves a function without booleans so."""
    kind = type(value)
    if where == 2 or where == 3 and kind is bool:
        made._boolean = where
    elif kind is bool:  # booleans in the values now: all of them if the only one, else not told (1 is walked)
        made._boolean = 3 if len(made) == 1 else 1
    elif where == 0 or where == 1:
        # where booleans are in the value: a function's as found (None: not yet), none in a number or a name,
        # a sequence's or a set's looked for in it alone (not in every value of `made`, later)
        inner = getattr(value, "_boolean", None) if kind is Rcd or kind is Fcn else \
            0 if kind in _NUMBERS_AND_NAMES else \
            int(_has_boolean(value)) if kind is tuple or kind is frozenset else None  # fmt: skip
        if inner:
            made._boolean = 1
        elif inner == 0 and where == 0:
            made._boolean = 0


def colon_gt(a, b, loc):
    """`a :> b`: the function of one argument."""
    return function({a: b})


def at_at(f, g, loc):
    """`f @@ g`: f, then g where f is not defined."""
    pairs = dict(items(g))
    pairs.update(items(f))
    return function(pairs)


def _seq(s, loc, what: str) -> tuple:
    """`s`, a sequence, or TLC's error (the hot operators test for a tuple first: a call costs more than the test)."""
    if type(s) is tuple:
        return s
    raise TlaError(f"The argument of {what} should be a sequence, but instead it is the {described(s)}", loc)


def length(s, loc):
    if type(s) is str:
        return len(s)
    return len(_seq(s, loc, "Len"))


def append(s, x, loc):
    return (s if type(s) is tuple else _seq(s, loc, "Append")) + (x,)


def head(s, loc):
    if type(s) is not tuple:
        s = _seq(s, loc, "Head")
    if not s:
        raise TlaError("Attempted to apply Head to the empty sequence", loc)
    return s[0]


def tail(s, loc):
    if type(s) is not tuple:
        s = _seq(s, loc, "Tail")
    if not s:
        raise TlaError("Attempted to apply Tail to the empty sequence", loc)
    return s[1:]


def concat(a, b, loc):
    if type(a) is type(b) and (type(a) is tuple or type(a) is str):
        return a + b
    return _seq(a, loc, "\\o") + _seq(b, loc, "\\o")


def subseq(s, m, n, loc):
    if type(s) is not tuple:
        s = _seq(s, loc, "SubSeq")
    if m > n:
        return ()
    if not (1 <= m <= len(s) and 1 <= n <= len(s)):
        raise TlaError(f"The second and third arguments of SubSeq ({m}, {n}) are out of the sequence's domain 1..{len(s)}",
                       loc)
    return s[m - 1 : n]


def select_seq(s, test: Callable, loc):
    return tuple(x for x in _seq(s, loc, "SelectSeq") if truth(test(x), loc, "the test of SelectSeq"))


def seq_set(s, loc):
    return Sequences(as_set(s, loc), loc)


# ---- the TLC module ------------------------------------------------------------------------------------------


def permutations(s, loc):
    """`Permutations(S)`: every one-to-one function from S onto itself."""
    elements = ordered(listed(as_set(s, loc), loc))
    if len(elements) > 8:
        raise Unsupported(f"Permutations of a set of {len(elements)} elements: more than 40,320 permutations", loc)
    return frozenset(function(dict(zip(elements, p))) for p in itertools.permutations(elements))


def sort_seq(s, before: Callable, loc):
    import functools

    def compare(a, b):
        if truth(before(a, b), loc, "the order of SortSeq"):
            return -1
        if truth(before(b, a), loc, "the order of SortSeq"):
            return 1
        return 0

    return tuple(sorted(_seq(s, loc, "SortSeq"), key=functools.cmp_to_key(compare)))


def to_string(value, loc):
    return show(value)


def assert_(condition, message, loc):
    if truth(condition, loc, "the condition of Assert") is False:
        raise TlaError(f"The first argument of Assert evaluated to FALSE; the second argument was: {show(message)}", loc)
    return True


def print_(output, value, loc):
    """`Print(out, val)`: TLC prints out and gives val; ttt-check evaluates a state many times in a search
    that TLC evaluates once, so it prints nothing (as TLC's output is no part of a verdict)."""
    return value


class Draws:
    """`RandomElement`'s draws, from one generator of a fixed seed, so that a check is repeated exactly. While
    the model is set up (its constants, its assumptions) each draw is new, as TLC's are. Once the search has
    started, a place drawing from the same set draws what it drew before, so that a state's successors are the
    same each time ttt-check computes them: TLC draws anew each time, and could have drawn that element again
    each time, so the states checked are always those of one of TLC's runs."""

    SEED = 0

    def __init__(self):
        self.start()

    def start(self) -> None:
        """A new model: the generator from its seed, new draws."""
        self.random = random.Random(self.SEED)
        self.kept: dict | None = None
        self.first = None
        #: how many constants computed once are being computed
        self.fresh = 0

    def once(self, compute: Callable[[], Any]) -> Any:
        """The value of a constant that ttt-check computes once and remembers: its draws are new ones."""
        self.fresh += 1
        try:
            return compute()
        finally:
            self.fresh -= 1

    def searching(self) -> None:
        """The search starts: from now on a place and a set draw what they drew before."""
        self.kept = {}

    def draw(self, s, loc):
        elements = enum(s, loc)
        if not elements:
            raise TlaError("RandomElement of the empty set", loc)
        if self.first is None:
            self.first = loc
            print(f"ttt-check: warning: {loc.at()}: RandomElement draws at random, and this check is of one draw "
                  f"(the same at each run); TLC draws again at each run", file=sys.stderr)
        if self.kept is None or self.fresh:
            return elements[self.random.randrange(len(elements))]
        chosen = memo_key((s,))
        if chosen is None:  # a lazy set: keyed by its elements
            chosen = memo_key((frozenset(elements),))
        key = (loc, chosen)
        found = self.kept.get(key, _UNDRAWN)
        if found is _UNDRAWN:
            found = self.kept[key] = elements[self.random.randrange(len(elements))]
        return found


_UNDRAWN = object()
#: the draws of the model being checked
DRAWS = Draws()


def random_element(s, loc):
    return DRAWS.draw(s, loc)


def once(compute: Callable[[], Any]) -> Any:
    """A constant computed once, then remembered (see `Draws.once`)."""
    return DRAWS.once(compute)


#: the Java properties of TLC's that `TLCGet("-D...")` reads, as ttt-check follows them: it composes actions
#: (`\\cdot`), which TLC does with this property set
JAVA_PROPERTIES = {"-Dtlc2.tool.impl.Tool.cdot": "true"}


def tlc_get(key, loc):
    if key in JAVA_PROPERTIES:
        return JAVA_PROPERTIES[key]
    raise Unsupported("TLCGet reads TLC's own registers and statistics, which ttt-check does not keep", loc)


def tlc_set(key, value, loc):
    raise Unsupported("TLCSet writes TLC's own registers, which ttt-check does not keep", loc)


def proof_step(*args):
    """A name of the proof system's (`SMT`, `ZenonT(30)`): TRUE, as TLAPS.tla defines it."""
    return True


#: the kinds of value a remembered definition's arguments may be (hashing a lazy set or function lists it)
_MEMO_KINDS = frozenset({int, str, bool, tuple, frozenset, Interval, ModelValue, Rcd, Fcn})


#: the kinds of argument that hold no boolean
_MEMO_ATOMS = frozenset({int, str, ModelValue, Interval})


def memo_key(args: tuple):
    """`args` as the key of a remembered value, or None when an argument is costly to hash (a lazy set). A
    boolean inside is told apart from the number Python counts equal to it (TRUE is no 1, {FALSE} no {0})."""
    boolean = False
    for a in args:
        kind = type(a)
        if kind in _MEMO_ATOMS:
            continue
        if kind not in _MEMO_KINDS:
            return None
        if not boolean and (kind is bool or _has_boolean(a)):
            boolean = True
    return State(args) if boolean else args  # compared as states are: TRUE is no 1


#: what a boolean becomes in a key of `memo_key` (a tuple that holds it is no TLA+ value)
_BOOLEAN = object()


#: id of a set of at least `_KEPT_SET_SIZE` elements -> the set and whether a boolean is part of it (a spec
#: passes the same large sets to its definitions again and again)
_BOOLEAN_SETS: dict = {}
_KEPT_SET_SIZE = 8


def _has_boolean(value) -> bool:
    """Whether a boolean is inside `value` (a set, a function or a boolean itself)."""
    kind = type(value)
    if kind is bool:
        return True
    if kind is frozenset and len(value) >= _KEPT_SET_SIZE:  # found once for each large set, while kept
        kept = _BOOLEAN_SETS.get(id(value))
        if kept is not None and kept[0] is value:
            return kept[1]
        found = any(_has_boolean(v) for v in value)
        if len(_BOOLEAN_SETS) >= ORDERED_SETS:
            _BOOLEAN_SETS.clear()
        _BOOLEAN_SETS[id(value)] = (value, found)  # the set kept alive, so that its id is no other set's
        return found
    if kind is tuple or kind is frozenset:
        inside = value
    elif kind is Rcd or kind is Fcn:
        return booleans_in(value) != 0
    else:
        return False
    for v in inside:  # the loop written out for the elements that hold nothing inside (most of them)
        kind = type(v)
        if kind is bool:
            return True
        if (kind is tuple or kind is frozenset or kind is Rcd or kind is Fcn) and _has_boolean(v):
            return True
    return False


def _listed(value):
    """A lazy set or recursive function as the listed value it equals (an infinite set as itself: no state
    of TLC's holds one)."""
    if isinstance(value, LazySet):
        return value if value.size() is None else value.elements()
    if type(value) is RecursiveFunction:
        return value.value()
    return value


def booleans_in(f) -> int:
    """Where booleans are in function `f`: 0 nowhere, 1 in its values only, 2 in its keys, 3 its values are all
    booleans (and its keys hold none: a set of flags). Found once for each function: it never changes."""
    found = getattr(f, "_boolean", None)
    if found is None:
        kinds = set(map(type, f.values()))  # the kinds told at once, by loops of C (most are scalars alone)
        keys = set(map(type, f)) if type(f) is Fcn else ()
        if bool in keys or not _SCALARS.issuperset(keys) and _has_boolean(tuple(f)):
            found = 2
        elif kinds == _BOOL_ALONE:
            found = 3
        elif _SCALARS.issuperset(kinds):
            found = int(bool in kinds)
        else:
            found = int(_has_boolean(tuple(f.values())))
        f._boolean = found
    return found


_BOOL_ALONE = {bool}


def _tagged(value):
    kind = type(value)
    if kind is bool:
        return (_BOOLEAN, value)
    if kind is tuple:
        return tuple(_tagged(v) for v in value)
    if kind is frozenset:
        return frozenset(_tagged(v) for v in value)
    if kind is Rcd or kind is Fcn:
        return (_BOOLEAN, kind, frozenset((_tagged(k), _tagged(v)) for k, v in value.items()))
    return value


class State(tuple):
    """A state: its variables' values in the spec's order. Python counts FALSE equal to 0 and TRUE to 1, and
    TLA+ does not: two states that differ only there are two states to TLC, and to the search (whose look-ups
    compare equal-hashed states with this `==`)."""

    __slots__ = ()
    __hash__ = tuple.__hash__

    def __eq__(self, other) -> bool:
        if tuple.__eq__(self, other) is not True:
            return False
        for x, y in zip(self, other):  # equal in Python: are their booleans alike?
            if x is not y:
                kind = type(x)
                if kind is type(y):
                    if kind in _SCALARS:
                        continue
                    if kind is Rcd or kind is Fcn:  # no booleans, or booleans alone, in both, as already found
                        try:
                            where = x._boolean
                            if (where == 0 or where == 3) and y._boolean == where:
                                continue
                        except AttributeError:  # not found yet
                            pass
                if not _alike(x, y):
                    return False
        return True

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __reduce__(self):
        return (State, (tuple(self),))


#: the kinds of value equal to a value of the same kind only when the same
_SCALARS = frozenset({int, str, bool, ModelValue})
_NUMBERS_AND_NAMES = _SCALARS - {bool}


def _alike(x, y) -> bool:
    """Whether two values that Python counts equal hold their booleans alike, walked side by side (a function's
    keys and a set's elements looked at only where a boolean is among them)."""
    kind = type(x)
    if kind is not type(y) or kind not in _MEMO_KINDS:  # kinds apart (1..3 and {1, 2, 3}), or lazy values
        if kind is bool or type(y) is bool:
            return False
        x, y = _listed(x), _listed(y)
        return not (_has_boolean(x) or _has_boolean(y)) or _tagged(x) == _tagged(y)
    if kind in _SCALARS:
        return True
    if kind is tuple:
        for v, w in zip(x, y):
            if v is not w and (type(v) is not type(w) or type(v) not in _SCALARS) and not _alike(v, w):
                return False
        return True
    if kind is Rcd or kind is Fcn:
        where, other = booleans_in(x), booleans_in(y)
        if where == other and (where == 0 or where == 3):  # no booleans, or booleans alone, in both
            return True
        if where == 2 or other == 2:
            return _tagged(x) == _tagged(y)
        for k, v in x.items():
            w = y[k]
            if v is not w and (type(v) is not type(w) or type(v) not in _SCALARS) and not _alike(v, w):
                return False
        return True
    return not (_has_boolean(x) or _has_boolean(y)) or _tagged(x) == _tagged(y)


def fix(make: Callable[[Callable], Callable]) -> Callable:
    """The operator `make(itself)`: a RECURSIVE definition of LET, which calls itself."""
    cell: list = []
    made = make(lambda *args: cell[0](*args))
    cell.append(made)
    return made


def forced(cell: list) -> Any:
    """The value of a LET definition without parameters, `[UNSET, compute]`, computed at its first read and
    then kept in the cell (the compiled code reads it there itself once computed)."""
    value = cell[0] = cell[1]()
    return value


def lazy(compute: Callable[[], Any]) -> Callable[[], Any]:
    """A RECURSIVE LET definition without parameters: computed when first read, then remembered."""
    cell: list = []

    def value():
        if not cell:
            cell.append(compute())
        return cell[0]

    return value
