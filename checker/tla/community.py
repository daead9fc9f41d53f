"""The TLA+ Community Modules on sets, functions and sequences, written in Python: Folds, Functions,
FiniteSetsExt and SequencesExt (the others are in `bags`, `arithmetic`, `graphs` and `tools`, which
share the helpers here that check an argument's kind as TLC does).

Each function computes one operator as TLC does: where TLC replaces the module's TLA+ definition by
Java code of its own (FoldSet, FoldLeft, SetToSeq, IsInjective, SimplePath...), as that
code does, which may differ from the definition (the order a fold takes its elements in, a result
where the definition's CHOOSE would fail); elsewhere as the TLA+ definition (quoted in the docstring)
says, with TLC's errors. Operator arguments arrive as Python callables; every function takes its
place `loc` last, for its errors.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Callable

from checker.tla import runtime as _rt
from checker.tla.errors import TlaError, Unsupported
from checker.tla.lazy import LIMIT as _LIMIT
from checker.tla.lazy import LazySet, RecursiveFunction
from checker.tla.lazy import as_set as _as_set
from checker.tla.lazy import cardinality as _cardinality
from checker.tla.lazy import listed as _listed
from checker.tla.values import function as _function
from checker.tla.values import is_function as _is_function
from checker.tla.values import ordered as _ordered

# ---- the arguments' kinds, checked as TLC checks them ---------------------------------------------------

_NTH = ("first", "second", "third", "fourth", "fifth", "sixth")


def wrong_argument(op: str, position: int, wanted: str, value: Any, loc) -> TlaError:
    """TLC's error for an argument of the wrong kind: `The second argument of Op should be a set, but...`."""
    return TlaError(f"The {_NTH[position]} argument of {op} should be {wanted}, but instead it is the "
                    f"{_rt.described(value)}", loc)


def sequence_of(s: Any, op: str, position: int, loc) -> tuple:
    """`s` as a sequence (a tuple), or TLC's error."""
    if type(s) is tuple:
        return s
    if type(s) is RecursiveFunction:
        s = s.value(loc)
        if type(s) is tuple:
            return s
    raise wrong_argument(op, position, "a sequence", s, loc)


def pairs_of(f: Any, op: str, position: int, loc) -> list:
    """The (argument, value) pairs of function `f`, its arguments in TLC's order, or TLC's error."""
    if type(f) is RecursiveFunction:
        f = f.value(loc)
    if not _is_function(f):
        raise wrong_argument(op, position, "a function", f, loc)
    if type(f) is tuple:
        return list(enumerate(f, 1))
    return sorted(f.items(), key=lambda kv: _key(kv[0]))


def _key(value: Any) -> tuple:
    from checker.tla.values import key

    return key(value)


def elements_of(s: Any, loc) -> list:
    """The elements of finite set `s` in TLC's order (what TLC's enumeration of a set gives)."""
    return _rt.enum(s, loc)


def integer_of(n: Any, op: str, position: int, loc) -> int:
    if type(n) is int:
        return n
    raise wrong_argument(op, position, "an integer", n, loc)


def holds(value: Any, op: str, loc) -> bool:
    """The value of a test passed to `op`, which must be a boolean."""
    return _rt.truth(value, loc, f"the test given to {op}")


# ---- Folds ------------------------------------------------------------------------------------------------


def map_then_fold_set(op: Callable, base: Any, f: Callable, choose: Callable, s: Any, loc):
    """`MapThenFoldSet(op(_,_), base, f(_), choose(_), S) == LET iter[s \\in SUBSET S] == IF s = {} THEN base
    ELSE LET x == choose(s) IN op(f(x), iter[s \\ {x}]) IN iter[S]`."""
    rest = frozenset(_listed(_as_set(s, loc), loc))
    chosen = []
    while rest:
        x = choose(rest)
        if not _rt.member(x, rest, loc):
            raise TlaError(f"the choice of MapThenFoldSet picked the {_rt.described(x)}, which is not in the set "
                           f"it chose from", loc)
        chosen.append(x)
        rest = rest - {x}
    acc = base
    for x in reversed(chosen):
        acc = op(f(x), acc)
    return acc


# ---- Functions -----------------------------------------------------------------------------------------------


def restrict(f, s, loc):
    """`Restrict(f, S) == [x \\in S |-> f[x]]`."""
    return _function({x: _rt.apply(f, x, loc) for x in elements_of(s, loc)})


def restrict_domain(f, test: Callable, loc):
    """`RestrictDomain(f, Test(_)) == Restrict(f, {x \\in DOMAIN f : Test(x)})`."""
    return _function({x: v for x, v in pairs_of(f, "RestrictDomain", 0, loc) if holds(test(x), "RestrictDomain", loc)})


def restrict_values(f, test: Callable, loc):
    """`RestrictValues(f, Test(_)) == LET S == {x \\in DOMAIN f : Test(f[x])} IN Restrict(f, S)`."""
    return _function({x: v for x, v in pairs_of(f, "RestrictValues", 0, loc) if holds(test(v), "RestrictValues", loc)})


def is_restriction(narrow, wide, loc):
    """`IsRestriction(narrow, wide) == DOMAIN narrow \\subseteq DOMAIN wide /\\ \\A x \\in DOMAIN narrow \\intersect
    DOMAIN wide : narrow[x] = wide[x]`."""
    small, large = _rt.dom(narrow, loc), _rt.dom(wide, loc)
    if not _rt.subseteq(small, large, loc):
        return False
    return all(_rt.eq(_rt.apply(narrow, x, loc), _rt.apply(wide, x, loc), loc) for x in elements_of(small, loc))


def range_of(f, loc):
    """`Range(f) == { f[x] : x \\in DOMAIN f }`."""
    return frozenset(v for _, v in pairs_of(f, "Range", 0, loc))


def pointwise(f, g, op: Callable, loc):
    """`Pointwise(f, g, T(_,_)) == [ e \\in DOMAIN f |-> T(f[e], g[e]) ]`."""
    return _function({x: op(v, _rt.apply(g, x, loc)) for x, v in pairs_of(f, "Pointwise", 0, loc)})


def inverse(f, s, t, loc):
    """`Inverse(f,S,T) == [t \\in T |-> CHOOSE s \\in S : t \\in Range(f) => f[s] = t]`."""
    values = range_of(f, loc)
    candidates = _as_set(s, loc)
    made = {}
    for target in elements_of(t, loc):
        made[target] = _rt.choose(candidates, lambda x: target not in values or _rt.eq(_rt.apply(f, x, loc), target, loc),
                                  loc)
    return _function(made)


def anti_function(f, loc):
    """`AntiFunction(f) == Inverse(f, DOMAIN f, Range(f))`: each value mapped to the first argument (in TLC's
    order) that f maps to it."""
    made: dict = {}
    for x, v in pairs_of(f, "AntiFunction", 0, loc):
        made.setdefault(v, x)
    return _function(made)


def is_injective(f, loc):
    """`IsInjective(f) == \\A a,b \\in DOMAIN f : f[a] = f[b] => a = b`."""
    values = [v for _, v in pairs_of(f, "IsInjective", 0, loc)]
    return len(set(values)) == len(values)


def _function_sets(s, t, loc) -> tuple[list, list]:
    return elements_of(s, loc), elements_of(t, loc)


def injections(s, t, loc):
    """`Injection(S,T) == { M \\in [S -> T] : IsInjective(M) }`."""
    domain, targets = _function_sets(s, t, loc)
    bounded(math.perm(len(targets), len(domain)) if len(domain) <= len(targets) else 0, "Injection", loc)
    return frozenset(_function(dict(zip(domain, chosen))) for chosen in itertools.permutations(targets, len(domain)))


def surjections(s, t, loc):
    """`Surjection(S,T) == { M \\in [S -> T] : \\A t \\in T : \\E s \\in S : M[s] = t }`."""
    domain, targets = _function_sets(s, t, loc)
    bounded(len(targets) ** len(domain), "Surjection", loc)
    wanted = frozenset(targets)
    return frozenset(_function(dict(zip(domain, chosen))) for chosen in itertools.product(targets, repeat=len(domain))
                     if frozenset(chosen) == wanted)


def bijections(s, t, loc):
    """`Bijection(S,T) == Injection(S,T) \\cap Surjection(S,T)`."""
    domain, targets = _function_sets(s, t, loc)
    if len(domain) != len(targets):
        return frozenset()
    return injections(s, t, loc)


def exists_injection(s, t, loc):
    """`ExistsInjection(S,T) == Injection(S,T) # {}`."""
    return _rt.size(s, loc) <= _rt.size(t, loc)


def exists_surjection(s, t, loc):
    """`ExistsSurjection(S,T) == Surjection(S,T) # {}`."""
    n, m = _rt.size(s, loc), _rt.size(t, loc)
    return m <= n and (m > 0 or n == 0)


def exists_bijection(s, t, loc):
    """`ExistsBijection(S,T) == Bijection(S,T) # {}`."""
    return _rt.size(s, loc) == _rt.size(t, loc)


def bounded(count: int, op: str, loc) -> None:
    """Refuse to list `count` values, when more than ttt-check lists."""
    if count > _LIMIT:
        raise Unsupported(f"{op} would list {count:,} functions, more than the {_LIMIT:,} ttt-check lists", loc)


def fold_function(op: Callable, base, f, loc):
    """`FoldFunction(op(_,_), base, fun) == FoldFunctionOnSet(op, base, fun, DOMAIN fun)`, as TLC computes it:
    op(f[x], acc) for the arguments x in TLC's order."""
    acc = base
    for _, v in pairs_of(f, "FoldFunction", 2, loc):
        acc = op(v, acc)
    return acc


def fold_function_on_set(op: Callable, base, f, indices, loc):
    """`FoldFunctionOnSet(op(_,_), base, fun, indices) == MapThenFoldSet(op, base, LAMBDA i : fun[i], LAMBDA s:
    CHOOSE x \\in s : TRUE, indices)`, as TLC computes it: op(fun[i], acc) for i in TLC's order of indices."""
    if not _is_function(f) and type(f) is not RecursiveFunction:
        raise wrong_argument("FoldFunctionOnSet", 2, "a function", f, loc)
    acc = base
    for i in elements_of(indices, loc):
        acc = op(_rt.apply(f, i, loc), acc)
    return acc


def sum_function(f, loc):
    """`SumFunction(fun) == SumFunctionOnSet(fun, DOMAIN fun)`."""
    return fold_function(lambda x, y: _rt.add(x, y, loc), 0, f, loc)


def sum_function_on_set(f, indices, loc):
    """`SumFunctionOnSet(fun, indices) == FoldFunctionOnSet(+, 0, fun, indices)`."""
    return fold_function_on_set(lambda x, y: _rt.add(x, y, loc), 0, f, indices, loc)


# ---- FiniteSetsExt ---------------------------------------------------------------------------------------------


def fold_set(op: Callable, base, s, loc):
    """`FoldSet(op(_,_), base, set) == MapThenFoldSet(op, base, LAMBDA x : x, LAMBDA s : CHOOSE x \\in s : TRUE,
    set)`, as TLC computes it: op(x, acc) for the elements x in TLC's order."""
    acc = base
    for x in elements_of(s, loc):
        acc = op(x, acc)
    return acc


def sum_set(s, loc):
    """`SumSet(set) == FoldSet(+, 0, set)`."""
    return fold_set(lambda x, y: _rt.add(x, y, loc), 0, s, loc)


def product_set(s, loc):
    """`ProductSet(set) == FoldSet(LAMBDA x, y: x * y, 1, set)`."""
    return fold_set(lambda x, y: _rt.mul(x, y, loc), 1, s, loc)


def reduce_set(op: Callable, s, acc, loc):
    """`ReduceSet(op(_, _), set, acc) == FoldSet(op, acc, set)`."""
    return fold_set(op, acc, s, loc)


def map_then_sum_set(f: Callable, s, loc):
    """`MapThenSumSet(op(_), set) == MapThenFoldSet(+, 0, op, LAMBDA s : CHOOSE x \\in s : TRUE, set)`."""
    acc = 0
    for x in reversed(elements_of(s, loc)):
        acc = _rt.add(f(x), acc, loc)
    return acc


def flatten_set(s, loc):
    """`FlattenSet(S) == UNION S`."""
    return _rt.big_union(s, loc)


def sym_diff(a, b, loc):
    """`SymDiff(A, B) == (A \\ B) \\cup (B \\ A)`."""
    return _rt.cup(_rt.diff(a, b, loc), _rt.diff(b, a, loc), loc)


def quantify(s, test: Callable, loc):
    """`Quantify(S, P(_)) == Cardinality({s \\in S : P(s)})`."""
    return sum(1 for x in elements_of(s, loc) if holds(test(x), "Quantify", loc))


def k_subset(k, s, loc):
    """`kSubset(k, S) == { s \\in SUBSET S : Cardinality(s) = k }`."""
    k = integer_of(k, "kSubset", 0, loc)
    members = elements_of(s, loc)
    if k < 0 or k > len(members):
        return frozenset()
    count = math.comb(len(members), k)
    if count > _LIMIT:
        raise Unsupported(f"kSubset({k}, S) has {count:,} elements, more than the {_LIMIT:,} ttt-check lists", loc)
    return frozenset(frozenset(chosen) for chosen in itertools.combinations(members, k))


def maximum(s, loc):
    """`Max(S) == CHOOSE x \\in S : \\A y \\in S : x >= y`."""
    members = elements_of(s, loc)
    return _rt.choose(s, lambda x: all(_rt.ge(x, y, loc) for y in members), loc)


def minimum(s, loc):
    """`Min(S) == CHOOSE x \\in S : \\A y \\in S : x =< y`."""
    members = elements_of(s, loc)
    return _rt.choose(s, lambda x: all(_rt.le(x, y, loc) for y in members), loc)


def choices(sets, loc):
    """`Choices(Sets) == LET ChoiceFunction(Ts) == { f \\in [Ts -> UNION Ts] : \\A T \\in Ts : f[T] \\in T } IN
    { Range(f) : f \\in ChoiceFunction(Sets) }`."""
    families = [elements_of(inner, loc) for inner in elements_of(sets, loc)]
    bounded(math.prod(len(f) for f in families), "Choices", loc)
    return frozenset(frozenset(picked) for picked in itertools.product(*families))


def choose_unique(s, test: Callable, loc):
    """`ChooseUnique(S, P(_)) == CHOOSE x \\in S : P(x) /\\ \\A y \\in S : P(y) => y = x`."""
    members = elements_of(s, loc)
    passing = [x for x in members if holds(test(x), "ChooseUnique", loc)]
    if len(passing) != 1:
        raise TlaError("Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element "
                       f"of S satisfied P (ChooseUnique: {len(passing)} elements satisfy the test, not one)", loc)
    return passing[0]


# ---- SequencesExt ------------------------------------------------------------------------------------------------


def to_set(s, loc):
    """`ToSet(s) == { s[i] : i \\in DOMAIN s }`."""
    return frozenset(v for _, v in pairs_of(s, "ToSet", 0, loc))


def to_bag(s, loc):
    """`ToBag(s) == [x \\in Range(s) |-> Cardinality({i \\in DOMAIN s : s[i] = x})]`."""
    counts: dict = {}
    for _, v in pairs_of(s, "ToBag", 0, loc):
        counts[v] = counts.get(v, 0) + 1
    return _function(counts)


def set_to_seq(s, loc):
    """`SetToSeq(S) == CHOOSE f \\in [1..Cardinality(S) -> S] : IsInjective(f)`, as TLC computes it: the
    elements in TLC's order."""
    return tuple(elements_of(s, loc))


def set_to_seqs(s, loc):
    """`SetToSeqs(S) == LET D == 1..Cardinality(S) IN { f \\in [D -> S] : \\A i,j \\in D : i # j => f[i] # f[j] }`."""
    members = elements_of(s, loc)
    bounded(math.factorial(len(members)), "SetToSeqs", loc)
    return frozenset(itertools.permutations(members))


def set_to_sort_seq(s, before: Callable, loc):
    """`SetToSortSeq(S, op(_,_)) == SortSeq(SetToSeq(S), op)`."""
    return _rt.sort_seq(set_to_seq(s, loc), before, loc)


def set_to_all_k_permutations(s, loc):
    """`SetToAllKPermutations(S) == UNION { SetToSeqs(s) : s \\in SUBSET S }`."""
    members = elements_of(s, loc)
    bounded(sum(math.perm(len(members), k) for k in range(len(members) + 1)), "SetToAllKPermutations", loc)
    return frozenset(p for k in range(len(members) + 1) for p in itertools.permutations(members, k))


def tuple_of(s, n, loc):
    """`TupleOf(set, n) == [1..n -> set]`."""
    return _rt.functions(_rt.dots(1, n, loc), s, loc)


class BoundedSequences(LazySet):
    """`SeqOf(S, n)`: the sequences of at most n elements of S."""

    def __init__(self, base: Any, bound: int, loc=None):
        self.base, self.bound, self.loc = base, bound, loc
        self.written = "SeqOf(S, n)"

    def contains(self, value):
        return type(value) is tuple and len(value) <= self.bound and all(map(self.base.__contains__, value))

    def size(self):
        n = _cardinality(self.base)
        return None if n is None else sum(n**m for m in range(self.bound + 1))

    def generate(self):
        members = _ordered(_listed(self.base, self.loc))
        for m in range(self.bound + 1):
            yield from itertools.product(members, repeat=m)

    def key(self):
        return ("SeqOf", self.base, self.bound)


def seq_of(s, n, loc):
    """`SeqOf(set, n) == UNION {[1..m -> set] : m \\in 0..n}`."""
    n = integer_of(n, "SeqOf", 1, loc)
    made = BoundedSequences(_as_set(s, loc), max(n, -1), loc)
    size = made.size()
    return made.elements(loc) if size is not None and size <= _rt.EAGER else made


def contains(s, e, loc):
    """`Contains(s, e) == \\E i \\in 1..Len(s) : s[i] = e`."""
    return any(_rt.eq(v, e, loc) for v in sequence_of(s, "Contains", 0, loc))


def is_sorted(s, before: Callable, loc):
    """`IsSorted(s, op(_, _)) == \\A i, j \\in 1..Len(s) : i < j => op(s[i], s[j])`."""
    s = sequence_of(s, "IsSorted", 0, loc)
    return all(holds(before(s[i], s[j]), "IsSorted", loc) for i in range(len(s)) for j in range(i + 1, len(s)))


def reverse(s, loc):
    """`Reverse(s) == [ i \\in 1..Len(s) |-> s[(Len(s) - i) + 1] ]`."""
    return sequence_of(s, "Reverse", 0, loc)[::-1]


def remove(s, e, loc):
    """`Remove(s, e) == SelectSeq(s, LAMBDA t: t # e)`."""
    return tuple(v for v in sequence_of(s, "Remove", 0, loc) if not _rt.eq(v, e, loc))


def replace_all(s, old, new, loc):
    """`ReplaceAll(s, old, new) == [i \\in 1 .. Len(s) |-> IF s[i] = old THEN new ELSE s[i]]`."""
    return tuple(new if _rt.eq(v, old, loc) else v for v in sequence_of(s, "ReplaceAll", 0, loc))


def _first_index(s: tuple, test: Callable, indices, op: str, loc) -> int:
    for i in indices:
        if holds(test(s[i - 1]), op, loc):
            return i
    return 0


def _window(s: tuple, start, end, op: str, loc) -> range | None:
    """The indices start..end of `s` (None when empty), checked as TLC checks them."""
    start, end = integer_of(start, op, 1, loc), integer_of(end, op, 2, loc)
    if start > end:
        return None
    for position, index in ((1, start), (2, end)):
        if not 1 <= index <= len(s):
            raise TlaError(f"The {_NTH[position]} argument of {op} ({index}) is out of the domain 1..{len(s)} of the "
                           f"sequence", loc)
    return range(start, end + 1)


def select_in_seq(s, test: Callable, loc):
    """`SelectInSeq(seq, Test(_)) == LET I == { i \\in 1..Len(seq) : Test(seq[i]) } IN IF I # {} THEN Min(I) ELSE 0`."""
    s = sequence_of(s, "SelectInSeq", 0, loc)
    return _first_index(s, test, range(1, len(s) + 1), "SelectInSeq", loc)


def select_in_sub_seq(s, start, end, test: Callable, loc):
    """`SelectInSubSeq(seq, from, to, Test(_)) == SelectInSeq(SubSeq(seq, from, to), Test)`, as TLC computes it:
    the index in seq (0 when none)."""
    s = sequence_of(s, "SelectInSubSeq", 0, loc)
    window = _window(s, start, end, "SelectInSubSeq", loc)
    return 0 if window is None else _first_index(s, test, window, "SelectInSubSeq", loc)


def select_last_in_seq(s, test: Callable, loc):
    """`SelectLastInSeq(seq, Test(_)) == LET I == { i \\in 1..Len(seq) : Test(seq[i]) } IN IF I # {} THEN Max(I)
    ELSE 0`."""
    s = sequence_of(s, "SelectLastInSeq", 0, loc)
    return _first_index(s, test, range(len(s), 0, -1), "SelectLastInSeq", loc)


def select_last_in_sub_seq(s, start, end, test: Callable, loc):
    """`SelectLastInSubSeq(seq, from, to, Test(_)) == SelectLastInSeq(SubSeq(seq, from, to), Test)`, as TLC
    computes it: the index in seq (0 when none)."""
    s = sequence_of(s, "SelectLastInSubSeq", 0, loc)
    window = _window(s, start, end, "SelectLastInSubSeq", loc)
    return 0 if window is None else _first_index(s, test, reversed(window), "SelectLastInSubSeq", loc)


def insert_at(s, i, e, loc):
    """`InsertAt(s, i, e) == SubSeq(s, 1, i-1) \\o <<e>> \\o SubSeq(s, i, Len(s))`."""
    s = sequence_of(s, "InsertAt", 0, loc)
    i = integer_of(i, "InsertAt", 1, loc)
    return _rt.subseq(s, 1, i - 1, loc) + (e,) + _rt.subseq(s, i, len(s), loc)


def replace_at(s, i, e, loc):
    """`ReplaceAt(s, i, e) == [s EXCEPT ![i] = e]`."""
    return _rt.except_(s, (i,), lambda old: e, loc)


def remove_at(s, i, loc):
    """`RemoveAt(s, i) == SubSeq(s, 1, i-1) \\o SubSeq(s, i+1, Len(s))`."""
    s = sequence_of(s, "RemoveAt", 0, loc)
    i = integer_of(i, "RemoveAt", 1, loc)
    return _rt.subseq(s, 1, i - 1, loc) + _rt.subseq(s, i + 1, len(s), loc)


def remove_first(s, e, loc):
    """`RemoveFirst(s, e) == IF \\E i \\in 1..Len(s): s[i] = e THEN RemoveAt(s, SelectInSeq(s, LAMBDA v: v = e))
    ELSE s`."""
    s = sequence_of(s, "RemoveFirst", 0, loc)
    for i, v in enumerate(s):
        if _rt.eq(v, e, loc):
            return s[:i] + s[i + 1:]
    return s


def remove_first_match(s, test: Callable, loc):
    """`RemoveFirstMatch(s, Test(_)) == IF \\E i \\in 1..Len(s): Test(s[i]) THEN RemoveAt(s, SelectInSeq(s, Test))
    ELSE s`."""
    s = sequence_of(s, "RemoveFirstMatch", 0, loc)
    i = _first_index(s, test, range(1, len(s) + 1), "RemoveFirstMatch", loc)
    return s if i == 0 else s[: i - 1] + s[i:]


def cons(e, s, loc):
    """`Cons(elt, seq) == <<elt>> \\o seq`."""
    return (e,) + sequence_of(s, "Cons", 1, loc)


def snoc(e, s, loc):
    """`Snoc(elt, seq) == Append(seq, elt)`."""
    return sequence_of(s, "Snoc", 1, loc) + (e,)


def front(s, loc):
    """`Front(s) == SubSeq(s, 1, Len(s)-1)`."""
    return sequence_of(s, "Front", 0, loc)[:-1]


def last(s, loc):
    """`Last(s) == s[Len(s)]`."""
    s = sequence_of(s, "Last", 0, loc)
    return _rt.apply(s, len(s), loc)


def is_prefix(s, t, loc):
    """`IsPrefix(s, t) == Len(s) <= Len(t) /\\ SubSeq(s, 1, Len(s)) = SubSeq(t, 1, Len(s))` (for strings too, as TLC)."""
    if type(s) is str and type(t) is str:
        return t.startswith(s)
    s, t = sequence_of(s, "IsPrefix", 0, loc), sequence_of(t, "IsPrefix", 1, loc)
    return len(s) <= len(t) and all(_rt.eq(a, b, loc) for a, b in zip(s, t))


def is_strict_prefix(s, t, loc):
    """`IsStrictPrefix(s,t) == IsPrefix(s, t) /\\ s # t`."""
    return is_prefix(s, t, loc) and not _rt.eq(s, t, loc)


def is_suffix(s, t, loc):
    """`IsSuffix(s, t) == IsPrefix(Reverse(s), Reverse(t))`."""
    return is_prefix(reverse(s, loc), reverse(t, loc), loc)


def is_strict_suffix(s, t, loc):
    """`IsStrictSuffix(s, t) == IsSuffix(s,t) /\\ s # t`."""
    return is_suffix(s, t, loc) and not _rt.eq(s, t, loc)


def prefixes(s, loc):
    """`Prefixes(s) == { SubSeq(s, 1, l) : l \\in 0..Len(s) }`."""
    s = sequence_of(s, "Prefixes", 0, loc)
    return frozenset(s[:n] for n in range(len(s) + 1))


def common_prefixes(sequences, loc):
    """`CommonPrefixes(S) == LET P == UNION { Prefixes(seq) : seq \\in S } IN { prefix \\in P : \\A t \\in S:
    IsPrefix(prefix, t) }`."""
    members = elements_of(sequences, loc)
    candidates = set().union(*(prefixes(s, loc) for s in members)) if members else set()
    return frozenset(p for p in candidates if all(is_prefix(p, t, loc) for t in members))


def longest_common_prefix(sequences, loc):
    """`LongestCommonPrefix(S) == CHOOSE longest \\in CommonPrefixes(S): \\A other \\in CommonPrefixes(S): Len(other)
    <= Len(longest)` (for strings too, as TLC)."""
    members = elements_of(sequences, loc)
    if not members:
        raise wrong_argument("LongestCommonPrefix", 0, "a non-empty set", sequences, loc)
    if all(type(m) is str for m in members):
        shortest = members[0]
        n = next((i for i in range(len(shortest)) if any(m[i] != shortest[i] for m in members)), len(shortest))
        return shortest[:n]
    rows = [sequence_of(m, "LongestCommonPrefix", 0, loc) for m in members]
    n = 0
    while all(len(r) > n for r in rows) and all(_rt.eq(r[n], rows[0][n], loc) for r in rows):
        n += 1
    return rows[0][:n]


def suffixes(s, loc):
    """`Suffixes(s) == { SubSeq(s, l, Len(s)) : l \\in 1..Len(s) } \\cup {<<>>}`."""
    s = sequence_of(s, "Suffixes", 0, loc)
    return frozenset(s[n:] for n in range(len(s) + 1))


def seq_mod(a, b, loc):
    """`SeqMod(a, b) == IF a % b = 0 THEN b ELSE a % b`."""
    r = _rt.mod(a, b, loc)
    return b if r == 0 else r


def fold_seq(op: Callable, base, s, loc):
    """`FoldSeq(op(_, _), base, seq) == FoldFunction(op, base, seq)`."""
    return fold_function(op, base, s, loc)


def fold_left(op: Callable, base, s, loc):
    """`FoldLeft(op(_, _), base, seq) == MapThenFoldSet(LAMBDA x,y : op(y,x), base, LAMBDA i : seq[i], LAMBDA S :
    Max(S), DOMAIN seq)`: op(op(op(base, s[1]), s[2]), ...)."""
    acc = base
    for v in sequence_of(s, "FoldLeft", 2, loc):
        acc = op(acc, v)
    return acc


def fold_right(op: Callable, s, base, loc):
    """`FoldRight(op(_, _), seq, base) == MapThenFoldSet(op, base, LAMBDA i : seq[i], LAMBDA S : Min(S), DOMAIN
    seq)`: op(s[1], op(s[2], ... op(s[n], base)))."""
    acc = base
    for v in reversed(sequence_of(s, "FoldRight", 1, loc)):
        acc = op(v, acc)
    return acc


def fold_left_domain(op: Callable, base, s, loc):
    """`FoldLeftDomain(op(_, _), base, seq) == FoldLeft(op, base, [i \\in DOMAIN seq |-> i])`."""
    acc = base
    for i in range(1, len(sequence_of(s, "FoldLeftDomain", 2, loc)) + 1):
        acc = op(acc, i)
    return acc


def fold_right_domain(op: Callable, s, base, loc):
    """`FoldRightDomain(op(_, _), seq, base) == FoldRight(op, [i \\in DOMAIN seq |-> i], base)`."""
    acc = base
    for i in range(len(sequence_of(s, "FoldRightDomain", 1, loc)), 0, -1):
        acc = op(i, acc)
    return acc


def flatten_seq(seqs, loc):
    """`FlattenSeq(seqs) == IF Len(seqs) = 0 THEN seqs ELSE LET flatten[i \\in 1..Len(seqs)] == IF i = 1 THEN seqs[i]
    ELSE flatten[i-1] \\o seqs[i] IN flatten[Len(seqs)]`."""
    seqs = sequence_of(seqs, "FlattenSeq", 0, loc)
    if not seqs:
        return seqs
    acc = seqs[0]
    for s in seqs[1:]:
        acc = _rt.concat(acc, s, loc)
    return acc


def zip_(s, t, loc):
    """`Zip(s, t) == LET l == IF Len(s) <= Len(t) THEN Len(s) ELSE Len(t) IN [ i \\in 1 .. l |-> <<s[i], t[i] >> ]`."""
    return tuple(zip(sequence_of(s, "Zip", 0, loc), sequence_of(t, "Zip", 1, loc)))


def interleave(s, t, loc):
    """`Interleave(s, t) == CASE Len(s) = Len(t) /\\ Len(s) > 0 -> << <<s[1]>>, <<t[1]>>, ..., <<s[n]>>, <<t[n]>> >>
    [] Len(s) = Len(t) /\\ Len(s) = 0 -> << <<>>, <<>> >>`."""
    s, t = sequence_of(s, "Interleave", 0, loc), sequence_of(t, "Interleave", 1, loc)
    if len(s) != len(t):
        raise TlaError("Attempted to evaluate a CASE expression, and none of the conditions were true (Interleave of "
                       f"sequences of lengths {len(s)} and {len(t)})", loc)
    if not s:
        return ((), ())
    return tuple(part for a, b in zip(s, t) for part in ((a,), (b,)))


def sub_seqs(s, loc):
    """`SubSeqs(s) == { SubSeq(s, i+1, j) : i, j \\in 0..Len(s) }`."""
    s = sequence_of(s, "SubSeqs", 0, loc)
    return frozenset(s[i:j] for i in range(len(s) + 1) for j in range(i, len(s) + 1))


def all_sub_seqs(s, loc):
    """`AllSubSeqs(s) == { FoldFunction(Snoc, <<>>, [ i \\in D |-> s[i] ]) : D \\in SUBSET DOMAIN s }`, as TLC
    computes it: the subsequences of s's elements in their order."""
    s = sequence_of(s, "AllSubSeqs", 0, loc)
    bounded(2 ** len(s), "AllSubSeqs", loc)
    return frozenset(tuple(itertools.compress(s, mask)) for mask in itertools.product((0, 1), repeat=len(s)))


def _find(pattern: tuple, t: tuple, start: int, loc) -> int:
    """The first index (from 0) at or after `start` where `pattern` occurs in `t`, -1 when nowhere."""
    n = len(pattern)
    for i in range(start, len(t) - n + 1):
        if all(_rt.eq(t[i + k], pattern[k], loc) for k in range(n)):
            return i
    return -1


def index_first_sub_seq(s, t, loc):
    """`IndexFirstSubSeq(s, t) == LET last == CHOOSE i \\in 0..Len(t) : /\\ s \\in SubSeqs(SubSeq(t, 1, i)) /\\ \\A j
    \\in 0..i-1 : s \\notin SubSeqs(SubSeq(t, 1, j)) IN last - (Len(s) - 1)`."""
    s, t = sequence_of(s, "IndexFirstSubSeq", 0, loc), sequence_of(t, "IndexFirstSubSeq", 1, loc)
    found = _find(s, t, 0, loc)
    if found < 0:
        raise TlaError("Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element "
                       "of S satisfied P (IndexFirstSubSeq: the first sequence is not a subsequence of the second)", loc)
    return found + 1


def replace_sub_seq_at(i, r, s, t, loc):
    """`ReplaceSubSeqAt(i, r, s, t) == LET prefix == SubSeq(t, 1, i - 1) suffix == SubSeq(t, i + Len(s), Len(t)) IN
    prefix \\o r \\o suffix`."""
    t = sequence_of(t, "ReplaceSubSeqAt", 3, loc)
    i = integer_of(i, "ReplaceSubSeqAt", 0, loc)
    prefix = _rt.subseq(t, 1, i - 1, loc)
    suffix = _rt.subseq(t, i + _rt.length(s, loc), len(t), loc)
    return _rt.concat(_rt.concat(prefix, r, loc), suffix, loc)


def replace_first_sub_seq(r, s, t, loc):
    """`ReplaceFirstSubSeq(r, s, t) == IF s \\in SubSeqs(t) THEN ReplaceSubSeqAt(IndexFirstSubSeq(s, t), r, s, t) ELSE
    t` (for strings too, as TLC)."""
    if type(r) is str and type(s) is str and type(t) is str:
        return t.replace(s, r, 1)
    s, t = sequence_of(s, "ReplaceFirstSubSeq", 1, loc), sequence_of(t, "ReplaceFirstSubSeq", 2, loc)
    found = _find(s, t, 0, loc)
    if found < 0:
        return t
    return _rt.concat(_rt.concat(t[:found], r, loc), t[found + len(s):], loc)


def replace_all_sub_seqs(r, s, t, loc):
    """`ReplaceAllSubSeqs(r, s, t)`: t with every occurrence of s, taken from the left without overlapping,
    replaced by r (for strings too, as TLC); the TLA+ definition chooses, among the ways of cutting t into
    pieces, one with the most pieces equal to s, placed leftmost."""
    if type(r) is str and type(s) is str and type(t) is str:
        return t.replace(s, r) if s else r + r.join(t)
    s, t = sequence_of(s, "ReplaceAllSubSeqs", 1, loc), sequence_of(t, "ReplaceAllSubSeqs", 2, loc)
    if _rt.eq(s, t, loc):
        return r
    if _rt.eq(r, s, loc):
        return t
    r = sequence_of(r, "ReplaceAllSubSeqs", 0, loc)
    if not s:
        return r + tuple(x for v in t for x in (v,) + r)[: -len(r) or None] if r else t
    out: tuple = ()
    start = 0
    while (found := _find(s, t, start, loc)) >= 0:
        out += t[start:found] + r
        start = found + len(s)
    return out + t[start:]
