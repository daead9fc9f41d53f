"""The order Quint's simulator iterates a set in, which a `fold` whose result depends on it follows.

Quint 0.33.0's simulator keeps a set in an Immutable.js `Set` (4.3.9), built anew by each operator: the
elements of `Set(a, b, c)` inserted in that order, those of `S.filter(p)` in the order it visits S, those
of `A.union(B)` A's then B's others. An Immutable `Set` of at most 8 elements is a list in the order they
were inserted (one taken out is replaced by the last); at the 9th it becomes a hash trie, which visits its
elements by the 5-bit slices of their 32-bit hashes, lowest first, and elements of one hash in the order
they came into it (the 9th first, then the 8 before it). So `0.to(40)` is folded 0, 32, 1, 33, ... 8, 40,
9, 10, ... 31; `Set(1, 2, 3, 4).exclude(Set(2))` 1, 4, 3; and the sum types' values whose payloads are
equal (`A`, `B`) share one hash. A map keeps its keys the same way (a new key last, a key set again in its
place), which `M.keys()` follows. An interval (`a.to(b)`, `indices`), a `powerset`, `tuples` or `setOfMaps`
is kept as its definition, and visited as it is made: an interval upward, `tuples` with its first part
changing fastest, `powerset` by the binary digits of a counter; inserted into a set or folded, in that order.

`QSet` is a `frozenset` (equal as sets, hashed as Python hashes them) that also holds the order its elements
were inserted in (`seq`), from which `iteration` gives the order Quint visits them in: the operators here
compute each set's `seq` as Quint's simulator computes its set. The hashes are Immutable's of Quint's runtime
values: an integer's low 32 bits, a string's Java-style hash, a murmur3 mix of a collection's.

Iterating a set this way costs hashing its elements and sorting them, so it is done only for the specs that
need it: those with a `fold` over a set whose result may depend on the order (see
`checker.quint.evaluator.order_matters`).
"""

from __future__ import annotations

from functools import reduce
from itertools import product
from typing import Any, Callable, Iterable

from checker.quint.lazy import MAX_BUILT, MAX_BUILT_COMPOSITE, CrossProduct, Interval, Lazy, MapSet, Powerset, built
from checker.quint.runtime import QMap, QRecord, ordered, set_of_maps, tuples
from checker.quint.value import QList, Record, Variant

M = 0xFFFFFFFF
#: an Immutable `Set` of at most this many elements is a list (its `ArrayMapNode`); more, a hash trie
SMALL = 8


class QSet(frozenset):
    """A Quint set with the order its elements were inserted in (`seq`, distinct). `normal`: a set as Quint
    stores it (its elements are visited in `iteration(seq)`); else a set kept as its definition (an interval,
    a `powerset`...), visited in `seq` itself, but folded, filtered and the like in `iteration(seq)`."""

    __slots__ = ("seq", "normal", "_visited", "_qhash")

    def __new__(cls, seq: tuple, normal: bool = True) -> "QSet":
        made = frozenset.__new__(cls, seq)
        made.seq, made.normal, made._visited, made._qhash = seq, normal, None, None
        return made

    def visited(self) -> tuple:
        """The order Quint's simulator folds, filters, maps (and unites...) this set in."""
        if self._visited is None:
            self._visited = iteration(self.seq)
        return self._visited


def made(items: Iterable) -> QSet:
    """The set Quint's `Set(...)` (its `mkSet`) makes of `items`, inserted in order: a repeated element keeps
    its first place, holding its last value (equal values of sets may differ in their own order)."""
    kept: dict = {}
    for item in items:
        kept[item] = normalized(item)
    return QSet(tuple(kept.values()))


def seq_of(s: Any) -> tuple:
    """The insertion order of a set: its `seq`; for a set that is not a `QSet` (read from a trace, say),
    ttt-check's order."""
    return s.seq if type(s) is QSet else tuple(ordered(s))


def visited(s: Any) -> tuple:
    """The order Quint's simulator folds a set in (see `QSet.visited`)."""
    return s.visited() if type(s) is QSet else iteration(seq_of(s))


def walked(s: Any) -> tuple:
    """The order Quint's simulator iterates a set in directly (`for ... of`): the order a `powerset`, `tuples`
    or `setOfMaps` takes its parts' elements in, and an interval's own."""
    return s.seq if type(s) is QSet and not s.normal else visited(s)


def normalized(value: Any) -> Any:
    """`value` as Quint stores it inside a set (its `normalForm`): a set kept as its definition becomes a set
    of its elements, inside tuples, lists, records and maps too."""
    kind = type(value)
    if kind is QSet:
        return value if value.normal else QSet(value.seq)
    if kind is tuple or kind is QList:
        inner = [normalized(x) for x in value]
        return value if all(a is b for a, b in zip(inner, value)) else kind(inner)
    return value


# ---- Immutable.js's hashes of Quint's runtime values -------------------------------


def _smi(h: int) -> int:
    return ((h >> 1) & 0x40000000) | (h & 0xBFFFFFFF)


def _imul(a: int, b: int) -> int:
    return (a * b) & M


def _rotl(h: int, n: int) -> int:
    return ((h << n) | (h >> (32 - n))) & M


def _murmur(size: int, h: int) -> int:
    """Immutable's `murmurHashOfSize`."""
    h = _imul(h, 0xCC9E2D51)
    h = _imul(_rotl(h, 15), 0x1B873593)
    h = _imul(_rotl(h, 13), 5)
    h = ((h + 0xE6546B64) & M) ^ size
    h = _imul(h ^ (h >> 16), 0x85EBCA6B)
    h = _imul(h ^ (h >> 13), 0xC2B2AE35)
    return _smi(h ^ (h >> 16))


def _merge(a: int, b: int) -> int:
    """Immutable's `hashMerge` of two 32-bit hashes (`a >> 2` shifts a's sign in)."""
    signed = a - (1 << 32) if a & 0x80000000 else a
    return (a ^ ((b + 0x9E3779B9 + ((a << 6) & M) + ((signed >> 2) & M)) & M)) & M


_STRINGS: dict[str, int] = {}


def _string(text: str) -> int:
    """Immutable's `hashString`: Java's, over UTF-16 code units."""
    found = _STRINGS.get(text)
    if found is None:
        units = text.encode() if text.isascii() else memoryview(text.encode("utf-16-le")).cast("H")
        h = 0
        for unit in units:
            h = (31 * h + unit) & M
        found = _smi(h)
        if len(_STRINGS) > 1 << 16:
            _STRINGS.clear()
        _STRINGS[text] = found
    return found


def quint_hash(value: Any) -> int:
    """Immutable's `hash` of the runtime value Quint's simulator makes of `value` (32 bits, unsigned)."""
    kind = type(value)
    if kind is int:
        return _smi(value & M)
    if kind is bool:
        return int(value)
    if kind is str:
        return _string(value)
    return _smi(hash_code(value))


def hash_code(value: Any) -> int:
    """The `hashCode()` of Quint's runtime value for `value`, modulo 2^32."""
    kind = type(value)
    if kind is int:
        return value & M
    if kind is bool:
        return int(value)
    if kind is str:
        return _string(value)
    if kind is QSet:
        if value._qhash is None:
            value._qhash = _murmur(len(value), reduce(_add, map(quint_hash, value), 0))
        return value._qhash
    if kind is frozenset:
        return _murmur(len(value), reduce(_add, map(quint_hash, value), 0))
    if kind is Variant:  # `hash(value) + value.hashCode()`: the tag is not hashed
        inner = value.value
        return (quint_hash(inner) + hash_code(inner)) & M
    if kind is QRecord:
        names, values = value[0].names, value[1:]
        return _murmur(len(names), reduce(_ordered, map(_merge, map(quint_hash, values), map(_string, names)), 1))
    if kind is tuple or kind is QList:
        return _murmur(len(value), reduce(_ordered, map(quint_hash, value), 1))
    if isinstance(value, Record):
        names = sorted(value)
        pairs = map(_merge, (quint_hash(value[name]) for name in names), map(_string, names))
        return _murmur(len(names), reduce(_ordered, pairs, 1))
    if isinstance(value, dict):
        pairs = (_merge(quint_hash(v), quint_hash(k)) for k, v in value.items())
        return _murmur(len(value), reduce(_add, pairs, 0))
    if isinstance(value, frozenset):
        return _murmur(len(value), reduce(_add, map(quint_hash, value), 0))
    raise TypeError(f"no Quint hash for {value!r}")


def _add(h: int, x: int) -> int:
    return (h + x) & M


def _ordered(h: int, x: int) -> int:
    return (31 * h + x) & M


def _slices(h: int) -> int:
    """A sort key of a hash for the order a hash trie visits it in: its 5-bit slices, lowest first."""
    return (
        (h & 31) << 30 | (h >> 5 & 31) << 25 | (h >> 10 & 31) << 20 | (h >> 15 & 31) << 15
        | (h >> 20 & 31) << 10 | (h >> 25 & 31) << 5 | h >> 30
    )  # fmt: skip


def iteration(seq: tuple) -> tuple:
    """The order an Immutable `Set` of the elements of `seq`, inserted in that order, visits them in."""
    if len(seq) <= SMALL:
        return seq
    inserted = (seq[SMALL], *seq[:SMALL], *seq[SMALL + 1 :])  # the 9th makes the trie: it comes in first
    return tuple(sorted(inserted, key=lambda element: _slices(quint_hash(element))))


def removed(seq: tuple, gone: list) -> tuple:
    """The order the set inserted as `seq` visits its elements in once `gone` are taken out of it in turn (each
    replaced by the last of its list: the set's own, or its hash's in a trie)."""
    if not gone:
        return iteration(seq)
    out = set(gone)
    if len(seq) <= SMALL:
        lists = [list(seq)]
    else:
        groups: dict[int, list] = {}
        for element in iteration(seq):
            groups.setdefault(quint_hash(element), []).append(element)
        lists = list(groups.values())
        where = {element: group for group in lists for element in group if element in out}
    for element in gone:
        entries = lists[0] if len(seq) <= SMALL else where[element]
        i = entries.index(element)
        last = entries.pop()
        if i < len(entries):
            entries[i] = last
    return tuple(element for entries in lists for element in entries)


# ---- the operators, as Quint's simulator computes them --------------------------


def q_set(items: tuple) -> QSet:
    """`Set(a, b, ...)`."""
    return made(items)


def q_to(low: int, high: int) -> QSet | Interval:
    """`low.to(high)`: visited upward; too large to build, kept as an `Interval` (see `checker.quint.lazy`)."""
    if high - low >= MAX_BUILT:
        return Interval(low, high)
    return QSet(tuple(range(low, high + 1)), normal=False)


def q_indices(xs: tuple) -> QSet:
    """`l.indices()`: the interval 0 to its length - 1."""
    return QSet(tuple(range(len(xs))), normal=False)


def q_union(a: Any, b: Any) -> Any:
    """`A.union(B)`: A's elements in A's order, then B's that A has not (an element of both: B's value)."""
    if isinstance(a, Lazy) or isinstance(b, Lazy):
        return a | b
    if not b:
        return QSet(visited(a))
    if not a:
        return QSet(visited(b))
    kept = dict(zip(seq_of(a), seq_of(a)))
    for element in visited(b):
        kept[element] = element
    return QSet(iteration(tuple(kept.values())))


def q_intersect(a: Any, b: Any) -> Any:
    """`A.intersect(B)`: A's elements not in B taken out of A, in A's order."""
    if isinstance(a, Lazy) or isinstance(b, Lazy):
        return a & b
    return QSet(removed(seq_of(a), [x for x in visited(a) if x not in b]))


def q_exclude(a: Any, b: Any) -> Any:
    """`A.exclude(B)`: A's elements in B taken out of A, in A's order."""
    if isinstance(a, Lazy) or isinstance(b, Lazy):
        return a - b
    return QSet(removed(seq_of(a), [x for x in visited(a) if x in b]))


def q_filter(s: Any, keep: Callable) -> QSet:
    return listed([x for x in _finite(s) if keep(x)])


def listed(items: list) -> QSet:
    """The set of the distinct `items` (a filter's), inserted in their order."""
    return QSet(tuple(items))


def q_map(s: Any, f: Callable) -> QSet:
    """`S.map(f)`: the results in S's order, first in a set of their own (which visits them in its order),
    then inserted in that order."""
    return QSet(iteration(made(map(f, _finite(s))).seq))


def q_fold(s: Any, initial: Any, f: Callable) -> Any:
    return reduce(f, _finite(s), initial)


def q_flatten(s: Any) -> QSet:
    """`S.flatten()`: the sets of S in the order a set of them visits them in, each set's elements in its order."""
    return made(x for inner in iteration(tuple(_finite(s))) for x in visited(inner))


def q_powerset(s: Any) -> QSet | Powerset:
    """`S.powerset()`: the subsets by the binary digits of a counter (the first element of S the lowest)."""
    if isinstance(s, Lazy) or len(s) > MAX_BUILT_COMPOSITE.bit_length() - 1:
        return Powerset(s)
    items = walked(s)
    return QSet(tuple(QSet(tuple(x for j, x in enumerate(items) if i >> j & 1)) for i in range(1 << len(items))), False)


def q_tuples(*sets: Any) -> QSet | CrossProduct:
    """`tuples(A, B, ...)`: A's elements changing fastest, then B's..."""
    if any(isinstance(s, Lazy) for s in sets):
        return tuples(*sets)
    total = reduce(lambda n, s: n * len(s), sets, 1)
    parts = [walked(s) for s in reversed(sets)]
    return built(total, lambda: QSet(tuple(t[::-1] for t in product(*parts)), False), lambda: CrossProduct(sets))


def q_set_of_maps(domain: Any, values: Any) -> QSet | MapSet:
    """`setOfMaps(D, R)`: each map's keys in D's order; the maps by the digits of a counter in base |R|, the
    first key's value changing fastest."""
    if isinstance(domain, Lazy) or isinstance(values, Lazy) or not domain or not values:
        return set_of_maps(domain, values)
    keys, choices = walked(domain), walked(values)
    maps = lambda: QSet(  # noqa: E731
        tuple(QMap(zip(keys, choice[::-1])) for choice in product(choices, repeat=len(keys))), False
    )
    return built(len(choices) ** len(keys), maps, lambda: MapSet(domain, values))


def q_keys(m: dict) -> QSet:
    """`M.keys()`: in the order the map visits its keys (see `iteration`; Python keeps a map's insertion order)."""
    return QSet(iteration(tuple(m)))


def q_fields(r: Any) -> QSet:
    """`r.fieldNames()`: the names in order (Quint sorts a record's fields)."""
    return QSet(tuple(r[0].names))


def q_map_by(s: Any, f: Callable) -> Any:
    return QMap((x, f(x)) for x in _finite(s))


def q_set_to_map(s: Any) -> Any:
    """`S.setToMap()`: the pairs in S's order, a key's last value kept (in the order Quint's simulator keeps for
    at most 8 pairs; for more, its order follows the identities of objects it makes, which ttt-check cannot know)."""
    return QMap(_finite(s))


def _finite(s: Any) -> tuple:
    """A set's elements in the order Quint's simulator folds it in (one kept as its definition is refused)."""
    if isinstance(s, Lazy):
        iter(s)
    return visited(s)

