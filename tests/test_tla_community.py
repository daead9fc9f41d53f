"""The Community Modules (and the standard Bags), through ttt-check: on generated inputs, each operator's
value is the one computed here another way (Python's own collections, networkx, brute force over every
candidate; never ttt-check's code), written into a spec as `ASSUME Op(args) = value`, which ttt-check must
find true; specs of tests/specs/tla compare the operators with TLA+ definitions of their own in every
state of a model, and their variant with one definition wrong must fail. TLC's figures on those specs
(measured once, with the modules' .tla files on TLC's path) are tests/fixtures/tlc/community.json.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests/specs/tla"
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class Rec(dict):
    """A record, written `[a |-> 1]` (a dict is written as a function, `(k :> v @@ ...)`)."""

    __hash__ = None  # type: ignore[assignment]


class Frozen(dict):
    """A function as a hashable value (an element of a set)."""

    def __hash__(self):
        return hash(frozenset(self.items()))


def tla(value) -> str:
    """`value` written in TLA+."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value) if value >= 0 else f"(-{-value})"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(tla(v) for v in value) + "}"
    if isinstance(value, tuple):
        return "<<" + ", ".join(tla(v) for v in value) + ">>"
    if isinstance(value, Rec):
        return "[" + ", ".join(f"{k} |-> {tla(v)}" for k, v in value.items()) + "]"
    if isinstance(value, dict):
        return "(" + " @@ ".join(f"{tla(k)} :> {tla(v)}" for k, v in value.items()) + ")" if value else "<<>>"
    raise TypeError(value)


def fn(pairs) -> Frozen:
    """A function of (argument, value) pairs, a sequence's arguments 1..n: equal to a tuple in TLA+."""
    return Frozen(pairs)


def holds(ttt_check, folder: Path, modules: str, claims: list[tuple[str, object]], name: str = "Claims") -> None:
    """ttt-check finds every `expression = value` of `claims` true in a spec extending `modules` (and TLC, for the
    values' `:>` and `@@`)."""
    lines = [f"---- MODULE {name} ----", f"EXTENDS {modules}, TLC"]
    lines += [f"ASSUME ({expression}) = {tla(value)}" for expression, value in claims]
    lines.append("====")
    spec = folder / f"{name}.tla"
    spec.write_text("\n".join(lines) + "\n")
    spec.with_suffix(".cfg").write_text("")
    code, out, err = ttt_check("--spec", str(spec))
    if code != 0:
        line = re.search(r":(\d+):\d+:", err)
        claim = lines[int(line.group(1)) - 1] if line else "?"
        pytest.fail(f"ttt-check exit {code} on {claim}\n{out}{err}")


@pytest.fixture
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("community")


small_ints = st.integers(-3, 6)
int_sets = st.frozensets(small_ints, max_size=5)
seqs = st.lists(st.integers(0, 3), max_size=6).map(tuple)


# ---- FiniteSetsExt, Folds ----------------------------------------------------------------------------------


@SETTINGS
@given(s=int_sets, t=st.frozensets(small_ints, max_size=3), k=st.integers(-1, 4))
def test_finite_sets_ext_operators_give_their_values(ttt_check, folder, s, t, k):
    ascending = sorted(s)
    claims = [
        (f"SumSet({tla(s)})", sum(s)),
        (f"ProductSet({tla(s)})", math.prod(s)),
        (f"FoldSet(LAMBDA x, acc: <<x>> \\o acc, <<>>, {tla(s)})", tuple(reversed(ascending))),
        (f"ReduceSet(LAMBDA x, y: x + y, {tla(s)}, 10)", 10 + sum(s)),
        (f"MapThenSumSet(LAMBDA e: e * e, {tla(s)})", sum(x * x for x in s)),
        (f"MapThenFoldSet(LAMBDA x, y: <<x>> \\o y, <<>>, LAMBDA x: x + 1, LAMBDA u: CHOOSE x \\in u: \\A y \\in u: x >= y,"
         f" {tla(s)})", tuple(x + 1 for x in sorted(s, reverse=True))),
        (f"FlattenSet({tla({s, t})})", s | t),
        (f"SymDiff({tla(s)}, {tla(t)})", s ^ t),
        (f"Quantify({tla(s)}, LAMBDA x: x % 2 = 0)", len([x for x in s if x % 2 == 0])),
        (f"kSubset({tla(k)}, {tla(s)})", {frozenset(c) for c in itertools.combinations(s, k)} if k >= 0 else set()),
        (f"Choices({tla({s, t})})", {frozenset(pick) for pick in itertools.product(*{s, t})}),
    ]
    if s:
        claims += [(f"Max({tla(s)})", ascending[-1]), (f"Min({tla(s)})", ascending[0]),
                   (f"ChooseUnique({tla(s)}, LAMBDA x: x * 2 = {2 * ascending[-1]})", ascending[-1])]
    holds(ttt_check, folder, "Integers, Sequences, FiniteSetsExt", claims)


# ---- Functions ------------------------------------------------------------------------------------------------


def all_functions(domain, targets):
    domain = sorted(domain)
    return [dict(zip(domain, values)) for values in itertools.product(sorted(targets), repeat=len(domain))]


@SETTINGS
@given(s=st.frozensets(st.integers(1, 4), max_size=3), t=st.frozensets(st.sampled_from("abc"), max_size=3))
def test_injections_surjections_and_bijections_are_every_such_function(ttt_check, folder, s, t):
    every = all_functions(s, t)
    one_to_one = {fn(f.items()) for f in every if len(set(f.values())) == len(f)}
    onto = {fn(f.items()) for f in every if set(f.values()) == set(t)}
    claims = [
        (f"Injection({tla(s)}, {tla(t)})", one_to_one), (f"Surjection({tla(s)}, {tla(t)})", onto),
        (f"Bijection({tla(s)}, {tla(t)})", one_to_one & onto),
        (f"ExistsInjection({tla(s)}, {tla(t)})", bool(one_to_one)), (f"ExistsSurjection({tla(s)}, {tla(t)})", bool(onto)),
        (f"ExistsBijection({tla(s)}, {tla(t)})", bool(one_to_one & onto)),
    ]  # fmt: skip
    holds(ttt_check, folder, "Functions", claims)


functions = st.dictionaries(st.sampled_from("abcde"), st.integers(-2, 3), max_size=5)


@SETTINGS
@given(f=functions, keep=st.frozensets(st.sampled_from("abcde")))
def test_functions_operators_give_their_values(ttt_check, folder, f, keep):
    keys = sorted(f)
    kept = [k for k in keys if k in keep]
    firsts = {}
    for k in keys:
        firsts.setdefault(f[k], k)
    claims = [
        (f"Range({tla(f)})", set(f.values())),
        (f"Restrict({tla(f)}, {tla(set(kept))})", {k: f[k] for k in kept}),
        (f"RestrictDomain({tla(f)}, LAMBDA x: x \\in {tla(keep)})", {k: f[k] for k in kept}),
        (f"RestrictValues({tla(f)}, LAMBDA y: y > 0)", {k: v for k, v in f.items() if v > 0}),
        (f"IsRestriction({tla({k: f[k] for k in kept})}, {tla(f)})", True),
        (f"IsRestriction({tla(f)}, {tla({k: f[k] for k in kept})})", len(kept) == len(keys)),
        (f"IsInjective({tla(f)})", len(set(f.values())) == len(f)),
        (f"Pointwise({tla(f)}, {tla(f)}, LAMBDA a, b: a * b)", {k: v * v for k, v in f.items()}),
        (f"AntiFunction({tla(f)})", firsts),
        (f"FoldFunction(LAMBDA v, acc: acc \\o <<v>>, <<>>, {tla(f)})", tuple(f[k] for k in keys)),
        (f"FoldFunctionOnSet(LAMBDA v, acc: <<v>> \\o acc, <<>>, {tla(f)}, {tla(set(kept))})",
         tuple(f[k] for k in reversed(kept))),
        (f"SumFunction({tla(f)})", sum(f.values())),
        (f"SumFunctionOnSet({tla(f)}, {tla(set(kept))})", sum(f[k] for k in kept)),
    ]  # fmt: skip
    if len(keys) == 1:  # CHOOSE s \in DOMAIN f: between two strings, TLC's choice is refused (test_tla_tlc.py)
        claims.append((f"Inverse({tla(f)}, DOMAIN {tla(f)}, {{-5, 0, 1}})", {t: firsts.get(t, keys[0]) for t in (-5, 0, 1)}))
    holds(ttt_check, folder, "Integers, Sequences, Functions", claims)


# ---- SequencesExt --------------------------------------------------------------------------------------------


def first_index(s, test, indices) -> int:
    return next((i for i in indices if test(s[i - 1])), 0)


@SETTINGS
@given(s=seqs, t=seqs, e=st.integers(0, 3), i=st.integers(0, 7), j=st.integers(0, 7))
def test_sequences_ext_operators_on_sequences_give_their_values(ttt_check, folder, s, t, e, i, j):
    n = len(s)
    counts = collections.Counter(s)
    claims = [
        (f"ToSet({tla(s)})", set(s)), (f"ToBag({tla(s)})", dict(counts)),
        (f"Contains({tla(s)}, {e})", e in s), (f"IsSorted({tla(s)}, <=)", list(s) == sorted(s)),
        (f"Reverse({tla(s)})", tuple(s[k] for k in range(n - 1, -1, -1))),
        (f"Remove({tla(s)}, {e})", tuple(x for x in s if x != e)),
        (f"ReplaceAll({tla(s)}, {e}, 9)", tuple(9 if x == e else x for x in s)),
        (f"SelectInSeq({tla(s)}, LAMBDA x: x > {e})", first_index(s, lambda x: x > e, range(1, n + 1))),
        (f"SelectLastInSeq({tla(s)}, LAMBDA x: x > {e})", first_index(s, lambda x: x > e, range(n, 0, -1))),
        (f"RemoveFirst({tla(s)}, {e})", s[: s.index(e)] + s[s.index(e) + 1:] if e in s else s),
        (f"RemoveFirstMatch({tla(s)}, LAMBDA x: x > {e})",
         next((s[:k] + s[k + 1:] for k, x in enumerate(s) if x > e), s)),
        (f"Cons({e}, {tla(s)})", (e, *s)), (f"Snoc({e}, {tla(s)})", (*s, e)), (f"Front({tla(s)})", s[: max(n - 1, 0)]),
        (f"IsPrefix({tla(s)}, {tla(t)})", t[:n] == s), (f"IsStrictPrefix({tla(s)}, {tla(t)})", t[:n] == s and s != t),
        (f"IsSuffix({tla(s)}, {tla(t)})", n <= len(t) and t[len(t) - n:] == s),
        (f"IsStrictSuffix({tla(s)}, {tla(t)})", n <= len(t) and t[len(t) - n:] == s and s != t),
        (f"Prefixes({tla(s)})", {s[:k] for k in range(n + 1)}), (f"Suffixes({tla(s)})", {s[k:] for k in range(n + 1)}),
        (f"CommonPrefixes({tla({s, t})})", {s[:k] for k in range(n + 1) if t[:k] == s[:k]}),
        (f"LongestCommonPrefix({tla({s, t})})", tuple(a for a, _ in itertools.takewhile(lambda p: p[0] == p[1], zip(s, t)))),
        (f"FoldSeq(LAMBDA x, acc: 10 * acc + x, 0, {tla(s)})", functools.reduce(lambda acc, x: 10 * acc + x, s, 0)),
        (f"FoldLeft(LAMBDA acc, x: 10 * acc + x, 0, {tla(s)})", functools.reduce(lambda acc, x: 10 * acc + x, s, 0)),
        (f"FoldRight(LAMBDA x, acc: 10 * acc + x, {tla(s)}, 0)",
         functools.reduce(lambda acc, x: 10 * acc + x, reversed(s), 0)),
        (f"FoldLeftDomain(LAMBDA acc, k: acc \\o <<k>>, <<>>, {tla(s)})", tuple(range(1, n + 1))),
        (f"FoldRightDomain(LAMBDA k, acc: acc \\o <<k>>, {tla(s)}, <<>>)", tuple(range(n, 0, -1))),
        (f"FlattenSeq(<<{tla(s)}, {tla(t)}, {tla(s)}>>)", s + t + s),
        (f"Zip({tla(s)}, {tla(t)})", tuple(zip(s, t))),
        (f"SubSeqs({tla(s)})", {s[a:b] for a in range(n + 1) for b in range(n + 1)}),
        (f"AllSubSeqs({tla(s)})", {tuple(s[k] for k in chosen) for r in range(n + 1)
                                    for chosen in itertools.combinations(range(n), r)}),
        (f"Interleave({tla(s)}, {tla(s)})", tuple((x,) for x in s for _ in (0, 1)) if s else ((), ())),
        (f"SeqMod({i + 1}, {j + 1})", (i + 1) % (j + 1) or j + 1),
    ]  # fmt: skip
    if s:
        claims.append((f"Last({tla(s)})", s[-1]))
    if 1 <= i <= n + 1:
        claims.append((f"InsertAt({tla(s)}, {i}, 7)", s[: i - 1] + (7,) + s[i - 1:]))
    if 1 <= i <= n:
        claims += [(f"RemoveAt({tla(s)}, {i})", s[: i - 1] + s[i:]), (f"ReplaceAt({tla(s)}, {i}, 7)", s[: i - 1] + (7,) + s[i:])]
    if i > j or (1 <= i <= n and 1 <= j <= n):
        claims += [(f"SelectInSubSeq({tla(s)}, {i}, {j}, LAMBDA x: x > {e})",
                    first_index(s, lambda x: x > e, range(i, j + 1))),
                   (f"SelectLastInSubSeq({tla(s)}, {i}, {j}, LAMBDA x: x > {e})",
                    first_index(s, lambda x: x > e, range(j, i - 1, -1)))]  # fmt: skip
    holds(ttt_check, folder, "Integers, SequencesExt", claims)


def occurrences(pattern: tuple, t: tuple) -> list[int]:
    """The starts of `pattern` in `t`, taken from the left without overlapping."""
    found, k = [], 0
    while pattern and k + len(pattern) <= len(t):
        if t[k : k + len(pattern)] == pattern:
            found.append(k)
            k += len(pattern)
        else:
            k += 1
    return found


@SETTINGS
@given(s=st.lists(st.integers(0, 2), max_size=3).map(tuple), t=st.lists(st.integers(0, 2), max_size=7).map(tuple),
       r=st.lists(st.integers(5, 6), max_size=2).map(tuple))
def test_sequences_ext_operators_on_subsequences_give_their_values(ttt_check, folder, s, t, r):
    text = lambda seq: "".join(map(str, seq))  # noqa: E731
    starts = occurrences(s, t)
    claims = [(f"ReplaceFirstSubSeq({tla(text(r))}, {tla(text(s))}, {tla(text(t))})", text(t).replace(text(s), text(r), 1)),
              (f"ReplaceAllSubSeqs({tla(text(r))}, {tla(text(s))}, {tla(text(t))})",
               text(t).replace(text(s), text(r)) if s else text(r) + text(r).join(text(t))),
              (f"IsPrefix({tla(text(s))}, {tla(text(t))})", text(t).startswith(text(s)))]  # fmt: skip
    if s and starts:
        k = starts[0]
        claims += [(f"IndexFirstSubSeq({tla(s)}, {tla(t)})", k + 1),
                   (f"ReplaceFirstSubSeq({tla(r)}, {tla(s)}, {tla(t)})", t[:k] + r + t[k + len(s):]),
                   (f"ReplaceSubSeqAt({k + 1}, {tla(r)}, {tla(s)}, {tla(t)})", t[:k] + r + t[k + len(s):])]
    if s and s != t and r != s:
        pieces, last = [], 0
        for k in starts:
            pieces += [t[last:k], r]
            last = k + len(s)
        claims.append((f"ReplaceAllSubSeqs({tla(r)}, {tla(s)}, {tla(t)})", sum(pieces, ()) + t[last:]))
    if not starts and s:
        claims.append((f"ReplaceFirstSubSeq({tla(r)}, {tla(s)}, {tla(t)})", t))
    holds(ttt_check, folder, "SequencesExt", claims)


@SETTINGS
@given(s=st.frozensets(st.integers(-2, 3), max_size=4), n=st.integers(0, 2))
def test_sequences_ext_operators_on_sets_give_their_values(ttt_check, folder, s, n):
    ascending = sorted(s)
    claims = [
        (f"SetToSeq({tla(s)})", tuple(ascending)),
        (f"SetToSortSeq({tla(s)}, >)", tuple(sorted(s, reverse=True))),
        (f"SetToSeqs({tla(s)})", set(itertools.permutations(ascending))),
        (f"SetToAllKPermutations({tla(s)})",
         {p for size in range(len(s) + 1) for p in itertools.permutations(ascending, size)}),
        (f"TupleOf({tla(s)}, {n})", set(itertools.product(ascending, repeat=n))),
        (f"SeqOf({tla(s)}, {n})", {p for size in range(n + 1) for p in itertools.product(ascending, repeat=size)}),
        (f"BoundedSeq({tla(s)}, {n})", {p for size in range(n + 1) for p in itertools.product(ascending, repeat=size)}),
    ]  # fmt: skip
    holds(ttt_check, folder, "Integers, SequencesExt", claims)


# ---- Bags, BagsExt -----------------------------------------------------------------------------------------------

bags = st.dictionaries(st.sampled_from("abcd"), st.integers(1, 3), max_size=4)


@SETTINGS
@given(a=bags, b=bags, e=st.sampled_from("abcde"))
def test_bag_operators_give_their_values(ttt_check, folder, a, b, e):
    ca, cb = collections.Counter(a), collections.Counter(b)
    subs = set()
    for counts in itertools.product(*(range(n + 1) for n in a.values())):
        subs.add(fn((k, c) for k, c in zip(a, counts) if c))
    with_e = dict(ca + collections.Counter({e: 1}))
    claims = [
        (f"IsABag({tla(a)})", True), (f"IsABag({tla({**a, 'z': 0})})", False), (f"BagToSet({tla(a)})", set(a)),
        (f"SetToBag({tla(set(a))})", {k: 1 for k in a}), (f"BagIn({tla(e)}, {tla(a)})", e in a), ("EmptyBag", {}),
        (f"{tla(a)} (+) {tla(b)}", dict(ca + cb)), (f"{tla(a)} (-) {tla(b)}", dict(ca - cb)),
        (f"BagUnion({{{tla(a)}, {tla(b)}}})", dict(ca + cb) if a != b else dict(ca)),
        (f"{tla(a)} \\sqsubseteq {tla(b)}", all(ca[k] <= cb[k] for k in ca)), (f"SubBag({tla(a)})", subs),
        (f"BagOfAll(LAMBDA x: x = \"a\", {tla(a)})",
         dict(sum((collections.Counter({k == "a": n}) for k, n in a.items()), collections.Counter()))),
        (f"BagCardinality({tla(a)})", sum(a.values())), (f"CopiesIn({tla(e)}, {tla(a)})", a.get(e, 0)),
        (f"BagAdd({tla(a)}, {tla(e)})", with_e), (f"BagRemove({tla(a)}, {tla(e)})", dict(ca - collections.Counter([e]))),
        (f"BagRemoveAll({tla(a)}, {tla(e)})", {k: n for k, n in a.items() if k != e}),
        (f"FoldBag(LAMBDA acc, x: acc \\o x, \"\", {tla(a)})", "".join(k * a[k] for k in sorted(a))),
        (f"MapThenFoldBag(LAMBDA x, y: x + y, 0, LAMBDA x: 1, LAMBDA B: CHOOSE x \\in DOMAIN B: TRUE, {tla(a)})",
         sum(a.values())),
    ]  # fmt: skip
    numbers = {int(k, 16) - 9: n for k, n in a.items()}
    claims += [(f"SumBag({tla(numbers)})", sum(k * n for k, n in numbers.items())),
               (f"ProductBag({tla(numbers)})", math.prod(k**n for k, n in numbers.items()))]
    holds(ttt_check, folder, "Sequences, Bags, BagsExt", claims)


# ---- Bitwise, Combinatorics ---------------------------------------------------------------------------------------


def bits(n: int) -> list[int]:
    return [int(b) for b in reversed(format(n, "b"))] if n else []


def from_bits(b: list[int]) -> int:
    return sum(bit << k for k, bit in enumerate(b))


@SETTINGS
@given(x=st.integers(0, 2**40), y=st.integers(0, 300), shift=st.integers(0, 12), n=st.integers(0, 12),
       k=st.integers(0, 14))
def test_bitwise_and_combinatorics_operators_give_their_values(ttt_check, folder, x, y, shift, n, k):
    width = max(len(bits(x)), len(bits(y)))
    bx, by = bits(x) + [0] * width, bits(y) + [0] * width
    claims = [
        (f"{x} & {y}", from_bits([a & b for a, b in zip(bx[:width], by[:width])])),
        (f"{x} | {y}", from_bits([a | b for a, b in zip(bx[:width], by[:width])])),
        (f"{x} ^^ {y}", from_bits([a ^ b for a, b in zip(bx[:width], by[:width])])),
        (f"Not({x})", from_bits([1 - a for a in bits(x)])), (f"shiftR({x}, {shift})", x // 2**shift),
        (f"factorial[{n}]", math.prod(range(1, n + 1))),
        (f"choose({n}, {k})", len(list(itertools.combinations(range(n), k)))),
    ]  # fmt: skip
    holds(ttt_check, folder, "Bitwise, Combinatorics", claims)


dyadics = st.builds(lambda num, power: Fraction(num, 2**power), st.integers(-9, 9), st.integers(0, 4))


def rational(q: Fraction) -> Rec:
    return Rec(num=q.numerator, den=q.denominator)


@SETTINGS
@given(p=dyadics, q=dyadics)
def test_dyadic_rationals_add_and_halve_as_fractions_do(ttt_check, folder, p, q):
    claims = [
        (f"Add({tla(rational(p))}, {tla(rational(q))})", rational(p + q)), (f"Half({tla(rational(p))})", rational(p / 2)),
        (f"IsDyadicRational({tla(rational(p))})", True), (f"IsDyadicRational([num |-> 1, den |-> 3])", False),
        (f"PrettyPrint({tla(rational(p))})", "0" if p == 0 else "1" if p == 1 else f"{p.numerator}/{p.denominator}"),
        ("Add(Zero, One)", rational(Fraction(1))),
    ]  # fmt: skip
    holds(ttt_check, folder, "Integers, DyadicRationals", claims)


# ---- Graphs, UndirectedGraphs, Relation ----------------------------------------------------------------------------

nodes = st.frozensets(st.integers(1, 5), min_size=1, max_size=5)


@st.composite
def digraphs(draw):
    members = sorted(draw(nodes))
    edges = draw(st.frozensets(st.tuples(st.sampled_from(members), st.sampled_from(members)), max_size=8))
    return frozenset(members), edges


def directed(members, edges) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(members)
    g.add_edges_from(edges)
    return g


@SETTINGS
@given(graph=digraphs(), n=st.integers(1, 5))
def test_graphs_operators_give_their_values(ttt_check, folder, graph, n):
    members, edges = graph
    g = directed(members, edges)
    text = tla(Rec(node=members, edge=edges))
    simple = {(m,) for m in members} | {tuple(p) for a in members for b in members if a != b
                                       for p in nx.all_simple_paths(g, a, b)}
    closure = nx.transitive_closure(g, reflexive=False)
    claims = [
        (f"IsDirectedGraph({text})", True), (f"IsDirectedGraph([node |-> {{1}}, edge |-> {{<<1, 9>>}}])", False),
        (f"Transpose({text})", Rec(edge={(b, a) for a, b in edges}, node=members)),
        (f"IsUndirectedGraph({text})", all((b, a) in edges for a, b in edges)),
        (f"SimplePath({text})", simple), (f"IsStronglyConnected({text})", nx.is_strongly_connected(g)),
        (f"HasCycle({text})", not nx.is_directed_acyclic_graph(g)), (f"IsDag({text})", nx.is_directed_acyclic_graph(g)),
        (f"Roots({text})", {m for m in members if g.in_degree(m) == 0}),
        (f"Leaves({text})", {m for m in members if g.out_degree(m) == 0}),
        (f"ConnectionsIn({text})", {(a, b): a == b or nx.has_path(g, a, b) for a in sorted(members) for b in sorted(members)}),
        (f"GraphUnion({text}, [node |-> {{9}}, edge |-> {{<<9, 9>>}}])", Rec(node=members | {9}, edge=edges | {(9, 9)})),
        (f"Graphs({{1, 2}}) = {{[node |-> {{1, 2}}, edge |-> E] : E \\in SUBSET ({{1, 2}} \\X {{1, 2}})}}", True),
        ("EmptyGraph", Rec(node=set(), edge=set())),
        (f"Cardinality(DirectedSubgraph({text}))",
         sum(2 ** len([e for e in edges if set(e) <= set(c)]) for r in range(len(members) + 1)
             for c in itertools.combinations(members, r))),
        (f"<<{n}, {n}>> \\in Path({text})", n in members and (n, n) in edges),
        (f"<<{n}>> \\in Path({text})", n in members),
    ]  # fmt: skip
    if n in members:
        claims += [
            (f"Successors({text}, {n})", set(g.successors(n))), (f"Predecessors({text}, {n})", set(g.predecessors(n))),
            (f"AllSuccessors({text}, {{{n}, {min(members)}}})", set(g.successors(n)) | set(g.successors(min(members)))),
            (f"AllPredecessors({text}, {{{n}}})", set(g.predecessors(n))), (f"InDegree({text}, {n})", g.in_degree(n)),
            (f"OutDegree({text}, {n})", g.out_degree(n)), (f"Ancestors({text}, {n})", set(closure.predecessors(n))),
            (f"Descendants({text}, {n})", set(closure.successors(n))),
            (f"AreConnectedIn({n}, {min(members)}, {text})", nx.has_path(g, n, min(members))),
            (f"IsTreeWithRoot({text}, {n})", g.out_degree(n) == 0 and max(dict(g.out_degree()).values()) <= 1
             and all(nx.has_path(g, m, n) for m in members)),
        ]  # fmt: skip
    holds(ttt_check, folder, "Graphs", claims)


@st.composite
def undirected_graphs(draw):
    members = sorted(draw(nodes))
    edges = draw(st.frozensets(st.frozensets(st.sampled_from(members), min_size=1, max_size=2), max_size=6))
    return frozenset(members), edges


@SETTINGS
@given(graph=undirected_graphs(), n=st.integers(1, 5))
def test_undirected_graphs_operators_give_their_values(ttt_check, folder, graph, n):
    members, edges = graph
    g = nx.Graph()
    g.add_nodes_from(members)
    g.add_edges_from(tuple(e) if len(e) == 2 else (min(e), min(e)) for e in edges)
    text = tla(Rec(node=members, edge=edges))
    simple = {(m,) for m in members} | {tuple(p) for a in members for b in members if a != b
                                       for p in nx.all_simple_paths(g, a, b)}
    components = {frozenset(c) for c in nx.connected_components(g)}
    claims = [
        (f"IsUndirectedGraph({text})", True), (f"IsLoopFreeUndirectedGraph({text})", all(len(e) == 2 for e in edges)),
        (f"IsUndirectedGraph([node |-> {{1}}, edge |-> {{{{1, 2}}}}])", False),
        (f"SimplePath({text})", simple), (f"ConnectedComponents({text})", components),
        (f"IsStronglyConnected({text})", len(components) == 1),
        (f"Cardinality(UndirectedSubgraph({text}))",
         sum(2 ** len([e for e in edges if e <= set(c)]) for r in range(len(members) + 1)
             for c in itertools.combinations(members, r))),
        (f"UndirectedGraphs({{1, 2}}) = {{[node |-> {{1, 2}}, edge |-> E] : E \\in SUBSET {{{{1}}, {{2}}, {{1, 2}}}}}}",
         True),
        (f"<<{n}, {n}>> \\in Path({text})", n in members and frozenset({n}) in edges),
    ]  # fmt: skip
    if n in members:
        claims.append((f"AreConnectedIn({n}, {min(members)}, {text})", nx.has_path(g, n, min(members))))
    holds(ttt_check, folder, "UndirectedGraphs, FiniteSets", claims, name="Undirected")


@SETTINGS
@given(s=st.frozensets(st.integers(1, 4), max_size=4), pairs=st.frozensets(st.tuples(st.integers(1, 4), st.integers(1, 4))))
def test_relation_operators_give_their_values(ttt_check, folder, s, pairs):
    members = sorted(s)
    rel = {(a, b) for a, b in pairs if a in s and b in s}
    r = tla({(a, b): (a, b) in rel for a in members for b in members}) if members else "<<>>"
    every = list(itertools.product(members, repeat=2))
    reflexive = all((a, a) in rel for a in members)
    irreflexive = not any((a, a) in rel for a in members)
    antisymmetric = all(a == b or not {(a, b), (b, a)} <= rel for a, b in every)
    transitive = all((a, c) in rel for (a, b) in rel for (b2, c) in rel if b == b2)
    total = all((a, b) in rel or (b, a) in rel for a, b in every)
    trichotomous = all(a == b or (a, b) in rel or (b, a) in rel for a, b in every)
    g = directed(members, rel)
    closure = nx.transitive_closure(g, reflexive=False)
    claims = [
        (f"IsReflexive({r}, {tla(s)})", reflexive), (f"IsIrreflexive({r}, {tla(s)})", irreflexive),
        (f"IsSymmetric({r}, {tla(s)})", all((b, a) in rel for a, b in rel)),
        (f"IsAntiSymmetric({r}, {tla(s)})", antisymmetric),
        (f"IsAsymmetric({r}, {tla(s)})", not any((b, a) in rel for a, b in rel)),
        (f"IsTransitive({r}, {tla(s)})", transitive),
        (f"IsStrictlyPartiallyOrdered({r}, {tla(s)})", irreflexive and antisymmetric and transitive),
        (f"IsPartiallyOrdered({r}, {tla(s)})", reflexive and antisymmetric and transitive),
        (f"IsStrictlyTotallyOrdered({r}, {tla(s)})", irreflexive and antisymmetric and transitive and trichotomous),
        (f"IsTotallyOrdered({r}, {tla(s)})", reflexive and antisymmetric and transitive and total),
        (f"IsStrictlyTotallyOrderedUnder(<, {tla(s)})", True), (f"IsTotallyOrderedUnder(<=, {tla(s)})", True),
        (f"IsReflexiveUnder(<, {tla(s)})", not s), (f"IsSymmetricUnder(=, {tla(s)})", True),
        (f"IsAsymmetricUnder(>, {tla(s)})", True), (f"IsTransitiveUnder(LAMBDA a, b: a # b, {tla(s)})", len(s) < 2),
        (f"TransitiveClosure({r}, {tla(s)})" if members else "<<>>",
         {(a, b): closure.has_edge(a, b) for a, b in every}),
        (f"ReflexiveTransitiveClosure({r}, {tla(s)})" if members else "<<>>",
         {(a, b): a == b or closure.has_edge(a, b) for a, b in every}),
        (f"IsConnected({r}, {tla(s)})", all(a == b or closure.has_edge(a, b) for a, b in every)),
    ]  # fmt: skip
    holds(ttt_check, folder, "Relation", claims)


# ---- VectorClocks, TLCExt, IOUtils, Json, SVG -----------------------------------------------------------------------


@SETTINGS
@given(log=st.lists(st.dictionaries(st.sampled_from("pq"), st.integers(0, 3), min_size=1), max_size=4))
def test_is_causal_order_compares_each_entry_with_those_before_it(ttt_check, folder, log):
    def fill(c, hosts):
        return [c.get(h, 0) for h in hosts]

    def ordered(later, earlier):
        hosts = sorted(set(later) | set(earlier))
        a, b = fill(earlier, hosts), fill(later, hosts)
        before = all(x <= y for x, y in zip(a, b)) and a != b
        concurrent = any(a[p] < b[p] and a[q] > b[q] for p in range(len(hosts)) for q in range(len(hosts)) if p != q)
        return before or concurrent

    expected = all(ordered(log[i], log[j]) for i in range(len(log)) for j in range(i))
    claims = [(f"IsCausalOrder({tla(tuple(Rec(vc=c) for c in log))}, LAMBDA e: e.vc)", expected)]
    holds(ttt_check, folder, "VectorClocks", claims)


@SETTINGS
@given(n=st.integers(-999, 99999), width=st.integers(-1, 8), a=small_ints, b=small_ints)
def test_tlcext_and_ioutils_pure_operators_give_their_values(ttt_check, folder, n, width, a, b):
    claims = [
        (f"zeroPadN({tla(n)}, {width})", str(n).rjust(width, "0") if n >= 0 else ("0" * (width - len(str(n)))) + str(n)),
        (f"atoi({tla(str(n))})", n), (f"AssertEq({tla(a)}, {tla(b)})", a == b), (f"TLCNoOp({tla(a)})", a),
        (f"TLCCache({tla(a)}, {{}})", a), (f"ToJson({tla((a, {'x': b}, 'q'))})", f'[{a},{{"x":{b}}},"q"]'),
        (f"ToJsonObject([x |-> {tla(a)}])", f'{{"x":{a}}}'), (f"ToJsonArray({tla({a})})", f"[{a}]"),
    ]  # fmt: skip
    holds(ttt_check, folder, "Integers, TLCExt, IOUtils, Json", claims)


def test_svg_elements_are_records_and_their_text_is_svg(ttt_check, folder):
    claims = [
        ('Circle(1, 2, 3, [fill |-> "red"])',
         Rec(name="circle", attrs=Rec(cx="1", cy="2", r="3", fill="red"), children=(), innerText="")),
        ('SVGElemToString(Group(<<Rect(0, 1, 2, 3, [stroke_width |-> "1"]), Text(5, 6, "<<a>>", <<>>)>>, <<>>))',
         "<g><rect height='3' stroke-width='1' width='2' x='0' y='1'></rect><text x='5' y='6'>&lt;&lt;a&gt;&gt;</text></g>"),
        ("SVGElemToString(Line(1, 2, 3, 4, <<>>))", "<line x1='1' x2='3' y1='2' y2='4'></line>"),
        ("PointOnLine([x |-> 0, y |-> 10], [x |-> 5, y |-> 0], 2)", Rec(x=2, y=5)),
        ("NodeOfRingNetwork(10, 10, 5, 0, 4)", Rec(x=15, y=10)),
        ("NodeOfRingNetwork(10, 10, 5, 1, 4)", Rec(x=10, y=15)),
    ]  # fmt: skip
    holds(ttt_check, folder, "SVG", claims)


# ---- refusals ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("modules, expression, reason", [
    ("Randomization", "RandomSubset(1, {1, 2})", "RandomSubset is not supported: it draws at random"),
    ("IOUtils", 'IOExec(<<"ls">>)', "IOExec is not supported: it runs a program"),
    ("Json", 'JsonSerialize("out.json", 1)', "JsonSerialize is not supported: it reads or writes files"),
    ("TLCExt", "Trace", "Trace is not supported"),
    ("VectorClocks", "CausalOrder(<<>>, LAMBDA e: e, LAMBDA e: e, LAMBDA e: e)", "CausalOrder is not supported"),
])  # fmt: skip
def test_an_operator_ttt_check_cannot_evaluate_is_refused_where_it_is_evaluated(ttt_check, folder, modules, expression,
                                                                                reason):
    spec = folder / "Refused.tla"
    spec.write_text(f"---- MODULE Refused ----\nEXTENDS {modules}\nASSUME {expression} = {expression}\n====\n")
    spec.with_suffix(".cfg").write_text("")
    code, out, err = ttt_check("--spec", str(spec))
    assert code == 3, out + err
    assert f"Refused.tla:3:" in err and reason in err and len(err.strip().splitlines()) == 1, err


def test_a_spec_extending_a_module_of_input_and_output_is_checked_when_it_evaluates_none(ttt_check, folder):
    spec = folder / "Quiet.tla"
    spec.write_text("---- MODULE Quiet ----\nEXTENDS Naturals, IOUtils, Randomization, CSV\nVARIABLE x\nInit == x = 0\n"
                    "Next == x' = (x + 1) % 3\nInv == x < 3 \\/ CSVWrite(\"%1$s\", <<x>>, \"out.csv\")\n====\n")
    spec.with_suffix(".cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    code, out, err = ttt_check("--spec", str(spec))
    assert code == 0 and "3 distinct states" in out, out + err


# ---- the operators against definitions of their own, in every state of a model; and TLC's figures ------------------

FIXTURES = ROOT / "tests/fixtures/tlc"


def tlc_figures(name: str):
    """TLC's report on a model of tests/specs/tla, kept in tests/fixtures/tlc (see its README)."""
    import tlc

    return tlc.read_output((FIXTURES / f"{name}.out").read_text())


def test_the_operators_agree_with_definitions_of_their_own_in_every_state_as_tlc_says(ttt_check, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = ttt_check("--spec", "tests/specs/tla/community.tla")
    kept = tlc_figures("community")
    assert kept.verdict.result == "success" and code == 0, out + err
    assert f"{kept.distinct:,} distinct states" in out and "[ok] invariant Agree holds" in out


def test_a_definition_made_wrong_breaks_the_agreement_in_the_state_tlc_shows(ttt_check, monkeypatch):
    import tlc

    monkeypatch.chdir(ROOT)
    code, out, err = ttt_check("--spec", "tests/specs/tla/community.tla", "--config",
                               "tests/specs/tla/community_wrong.cfg")
    kept = tlc_figures("community_wrong")
    assert kept.verdict.result == "safety failure" and code == 12, out + err
    shown = dict(re.findall(r"^/\\ (\w+) = (.*)$", out, re.MULTILINE))
    assert {name: tlc.parse_value(text) for name, text in shown.items()} == kept.states[0]


def test_every_operator_of_the_tables_is_a_function_of_the_compiled_codes_namespace_and_none_is_shadowed():
    """Each Builtin of the standard and Community Modules names a function the compiled code sees, and no
    module of them hides another's name with another object."""
    from checker.tla import arithmetic, bags, community, compile, graphs, runtime, stdlib, tools

    namespace = compile._namespace()
    named = {op.function for table in stdlib.MODULES.values() for op in table.values() if op.function}
    assert sorted(name for name in named if not callable(namespace.get(name))) == []
    seen: dict = {}
    for module in (runtime, community, bags, arithmetic, graphs, tools):
        for name in dir(module):
            if not name.startswith("_"):
                assert seen.setdefault(name, getattr(module, name)) is getattr(module, name), name


def test_a_cfg_replacement_reaches_what_an_instance_substitutes(ttt_check, folder):
    """`INSTANCE M WITH C <- Caps[1]` with the cfg's `Caps <- MCCaps` (as the Examples' DieHardest): the
    substitution reads the replacement."""
    (folder / "Jugs.tla").write_text("---- MODULE Jugs ----\nCONSTANT C\nVARIABLE x\nInit == x = C\nNext == x' = x\n====\n")
    spec = folder / "Pair.tla"
    spec.write_text("---- MODULE Pair ----\nEXTENDS Naturals\nCONSTANT Caps\nVARIABLE x\n"
                    "J == INSTANCE Jugs WITH C <- Caps[1]\nMCCaps == <<7, 9>>\nInit == J!Init\nNext == J!Next\n"
                    "Inv == x = 7\n====\n")
    spec.with_suffix(".cfg").write_text("CONSTANT Caps <- MCCaps\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    code, out, err = ttt_check("--spec", str(spec))
    assert code == 0 and "1 distinct states" in out, out + err


def test_an_unnamed_instance_substitutes_the_names_it_shares_with_the_module_that_reads_it(ttt_check, folder):
    (folder / "Jugs.tla").write_text("---- MODULE Jugs ----\nCONSTANT C\nVARIABLE x\nInit == x = C\nNext == x' = x\n====\n")
    spec = folder / "Same.tla"
    spec.write_text("---- MODULE Same ----\nEXTENDS Naturals\nCONSTANT C\nVARIABLE x\nINSTANCE Jugs\nInv == x = 3\n====\n")
    spec.with_suffix(".cfg").write_text("CONSTANT C = 3\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    code, out, err = ttt_check("--spec", str(spec))
    assert code == 0 and "1 distinct states" in out, out + err
