"""A `fold` whose result depends on the order of a set (`S.fold(d, (acc, m) => m)`, a set turned into a
list) gives what it gives in Quint's simulator, which visits a set in the order of its Immutable.js hash
trie (see checker/quint/order.py).

Checked against Quint itself: its REPL's values of folds over sets made by every operator, its traces of a
spec whose state depends on that order (replayed, plain and `--mbt`), its verdict on a `run`, and the
hashes of Immutable.js, computed by node with Quint's own runtime values for values drawn by hypothesis.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import quint_or_skip, quint_run
from hypothesis import given, settings
from hypothesis import strategies as st

#: folds that list a set in the order Quint visits it, over sets made every way
FOLDS = {
    "interval": "0.to(40)",
    "excluded": "Set(1, 2, 3, 4).exclude(Set(2))",
    "variants": "Set(B, A, C(1))",
    "strings": 'Set("b", "a", "zz", "q", "hello", "x1", "x2", "x3", "x4", "x5")',
    "filterMap": "1.to(20).filter(x => x % 3 != 0).map(x => x * 7)",
    "pairs": 'tuples(1.to(3), Set("a", "b"))',
    "mapKeys": "Map(5 -> 1, 3 -> 2, 40 -> 3, 1 -> 4, 7 -> 5, 9 -> 6, 11 -> 7, 13 -> 8, 100 -> 9, 2 -> 10).keys()",
    "put": "Map(1 -> 1).put(70, 2).put(3, 3).put(1, 4).keys()",
    "flat": "Set(Set(1, 2), Set(3), 20.to(30)).flatten()",
    "collisions": "Set(A, B, C(1), C(2), C(3), C(4), C(5), C(6), C(7), C(8))",
    "united": "1.to(12).union(Set(100, 33, 65)).intersect(2.to(70))",
    "mapSet": 'setOfMaps(Set(1, 2), Set("x", "y"))',
    "records": '1.to(12).map(i => { id: i, name: "n" })',
    "byKey": "Set(64, 1, 33, 2).mapBy(x => x).keys()",
    "emptyUnion": "Set().union(40.to(50))",
    "nested": "Set(Set(1, 40), Set(40, 1), Set(3))",
    "bySet": "0.to(9).map(i => Set(i, 10 - i))",
    "exclude9": "1.to(9).exclude(Set(1, 9))",
}
ORDERED = "module ordered {\n  type V = A | B | C(int)\n" + "".join(
    f"  pure val of_{name} = {expr}.fold([], (acc, x) => acc.append(x))\n" for name, expr in FOLDS.items()
) + (
    "  pure val of_powersets = 1.to(4).powerset().fold([], (acc, s) => acc.append(s.fold([], (l, x) => l.append(x))))\n"
    "  pure val of_last = 0.to(30).fold(0, (acc, x) => x)\n"
    '  pure val of_oneKey = Set((1, "a"), (1, "b"), (2, "c")).setToMap()\n'
    "}\n"
)


def test_folds_list_sets_in_the_order_quints_simulator_visits_them(quint_cache, tmp_path):
    from differential import normal, parse_quint

    from checker.quint.runtime import to_value
    from checker.quint.spec_model import load

    spec = tmp_path / "ordered.qnt"
    spec.write_text(ORDERED)
    names = [f"of_{name}" for name in [*FOLDS, "powersets", "last", "oneKey"]]
    typed = "".join(f"{name}\n" for name in names)
    done = subprocess.run(
        [str(quint_or_skip()), "repl", "--backend=typescript", "-q", "-r", f"{spec}::ordered"],
        input=typed, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    answers = [parse_quint(chunk) for chunk in _values(done.stdout, len(names))]
    model = load(str(spec), tests=True)
    assert model.program.ordered
    ours = [normal(to_value(model.program.value(name)(None))) for name in names]
    assert dict(zip(names, ours)) == dict(zip(names, answers))


def _values(printed: str, count: int) -> list[str]:
    """The `count` values the REPL printed, one after the other (a value may take several lines)."""
    values, current, depth = [], [], 0
    for line in printed.splitlines():
        current.append(line)
        depth += sum(line.count(c) for c in "([{") - sum(line.count(c) for c in ")]}")
        if depth == 0 and "".join(current).strip():
            values.append("\n".join(current))
            current = []
    assert len(values) == count, printed
    return values


LEADER = """
module leader {
  val NODES = Set("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12")
  var votes: Set[str]
  var chosen: str
  var listed: List[str]
  pure def last(s: Set[str]): str = s.fold("", (acc, m) => m)
  action init = all { votes' = Set(), chosen' = "", listed' = [] }
  action step = any {
    nondet v = NODES.oneOf()
    all { votes' = votes.union(Set(v)), chosen' = last(votes.union(Set(v))), listed' = listed },
    all {
      votes.size() > 3,
      nondet w = votes.oneOf()
      all { votes' = votes.exclude(Set(w)), chosen' = last(votes.exclude(Set(w))), listed' = votes.fold([], (l, x) => l.append(x)) },
    },
  }
  run orderTest = init
    .then(all { votes' = Set("n3", "n1", "n2"), chosen' = "", listed' = [] })
    .then(all { votes' = votes.union(NODES), chosen' = last(votes.union(NODES)), listed' = [] })
    .expect(chosen == "n12" and last(Set("n3", "n1")) == "n1")
}
"""


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_of_a_spec_whose_state_follows_the_order_replay(ttt_check, quint_cache, tmp_path, mbt):
    """The vote `chosen` is the last one a fold visits, and `listed` lists the votes as a fold visits them: in
    the order they were cast while there are at most 8 of them (a state's set keeps its history), by their
    hashes beyond."""
    spec = tmp_path / "leader.qnt"
    spec.write_text(LEADER)
    _, traces = quint_run(tmp_path / "t", str(spec), *mbt, traces=20, samples=20, steps=25, seed=4)
    code, out, err = ttt_check("replay", "--spec", spec, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "") and "20 traces are behaviours of the spec, 0 are not" in out


def test_a_run_that_passes_in_quint_passes(ttt_check, quint_cache, tmp_path):
    spec = tmp_path / "leader.qnt"
    spec.write_text(LEADER)
    done = subprocess.run([str(quint_or_skip()), "test", "--backend=typescript", str(spec)], capture_output=True, text=True)
    assert done.returncode == 0 and "ok orderTest passed" in done.stdout
    code, out, _ = ttt_check("test", spec)
    assert code == 0 and "ok orderTest passed" in out


def _distinct(elements: list) -> bool:
    """Whether the elements are of one kind, as a Quint set's are, and those that differ as Quint values differ
    in Python too (Python holds `1 == True`)."""
    kinds = {type(x).__name__ if not isinstance(x, tuple) else x[0] for x in elements}
    return len(kinds) <= 1 and len(frozenset(map(_ours, elements))) == len({json.dumps(_json(x)) for x in elements})


#: Quint's runtime values, as node writes them for the script below
values = st.recursive(
    st.one_of(st.integers(-(2**70), 2**70), st.booleans(), st.text(max_size=6)),
    lambda inner: st.one_of(
        st.tuples(st.just("tup"), st.lists(inner, max_size=4)),
        st.tuples(st.just("list"), st.lists(inner, max_size=4)),
        st.tuples(st.just("set"), st.lists(inner, max_size=5).filter(_distinct)),
        st.tuples(st.just("map"), st.lists(st.tuples(inner, inner), max_size=4).filter(lambda kv: _distinct([k for k, _ in kv]))),
        st.tuples(st.just("rec"), st.dictionaries(st.sampled_from("abcxyz"), inner, max_size=3)),
        st.tuples(st.just("var"), st.sampled_from("ABC"), inner),
    ),
    max_leaves=12,
)

HASHES = """
const path = require('path')
const quint = process.argv[1]
const rv = require(path.join(quint, 'dist/src/runtime/impl/runtimeValue.js')).rv
const { hash } = require(require.resolve('immutable', { paths: [quint] }))
function make(v) {
  if (typeof v === 'boolean') return rv.mkBool(v)
  if (typeof v === 'string') return rv.mkStr(v)
  if (v.int !== undefined) return rv.mkInt(BigInt(v.int))
  const [kind, ...rest] = v
  if (kind === 'tup') return rv.mkTuple(rest[0].map(make))
  if (kind === 'list') return rv.mkList(rest[0].map(make))
  if (kind === 'set') return rv.mkSet(rest[0].map(make))
  if (kind === 'map') return rv.mkMap(rest[0].map(([k, x]) => [make(k), make(x)]))
  if (kind === 'rec') return rv.mkRecord(Object.entries(rest[0]).map(([k, x]) => [k, make(x)]))
  return rv.mkVariant(rest[0], make(rest[1]))
}
let input = ''
process.stdin.on('data', d => (input += d))
process.stdin.on('end', () => console.log(JSON.stringify(JSON.parse(input).map(v => (hash(make(v)) >>> 0)))))
"""


def _json(v):
    """A drawn value as the script reads it (integers as their digits: JSON numbers stop at 2^53)."""
    if isinstance(v, bool) or isinstance(v, str):
        return v
    if isinstance(v, int):
        return {"int": str(v)}
    kind, *rest = v
    if kind in ("tup", "list", "set"):
        return [kind, [_json(x) for x in rest[0]]]
    if kind == "map":
        return [kind, [[_json(k), _json(x)] for k, x in rest[0]]]
    if kind == "rec":
        return [kind, {k: _json(x) for k, x in rest[0].items()}]
    return [kind, rest[0], _json(rest[1])]


def _ours(v):
    """A drawn value as ttt-check's evaluator holds it."""
    from checker.quint.runtime import QMap, QRecord
    from checker.quint.value import QList, Variant

    if isinstance(v, (bool, int, str)):
        return v
    kind, *rest = v
    if kind == "tup":
        return tuple(map(_ours, rest[0]))
    if kind == "list":
        return QList(map(_ours, rest[0]))
    if kind == "set":
        return frozenset(map(_ours, rest[0]))
    if kind == "map":
        return QMap((_ours(k), _ours(x)) for k, x in rest[0])
    if kind == "rec":
        return QRecord((k, _ours(x)) for k, x in rest[0].items())
    return Variant(rest[0], _ours(rest[1]))


@settings(max_examples=30, deadline=None)
@given(st.lists(values, min_size=1, max_size=40))
def test_the_hashes_are_immutables(quint_cache, drawn):
    """Quint's runtime values hashed by node with Immutable.js, and by ttt-check."""
    from checker.quint.frontend import quint_package
    from checker.quint.order import quint_hash

    folder, _ = quint_package(quint_or_skip())
    done = subprocess.run(["node", "-e", HASHES, str(folder)], input=json.dumps([_json(v) for v in drawn]),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [quint_hash(_ours(v)) for v in drawn]


def test_only_a_fold_whose_result_may_depend_on_the_order_follows_it():
    """Summing, counting, uniting, the greatest, the least: any order gives the same; the last, a list: not."""
    from checker.quint.evaluator import order_matters

    def fold(body: dict) -> list:
        lam = {"kind": "lambda", "params": [{"name": "acc"}, {"name": "x"}], "expr": body}
        return [{"expr": {"kind": "app", "opcode": "fold", "args": [{"kind": "name", "name": "S"}, {"kind": "int", "value": 0}, lam]}}]

    acc, x = {"kind": "name", "name": "acc"}, {"kind": "name", "name": "x"}
    app = lambda op, *args: {"kind": "app", "opcode": op, "args": list(args)}  # noqa: E731
    for body in (app("iadd", acc, x), app("union", x, acc), app("ite", app("igt", x, acc), x, acc),
                 app("ite", app("igt", x, acc), acc, x),
                 app("ite", app("ilt", x, {"kind": "int", "value": 3}), app("imul", acc, x), acc)):  # fmt: skip
        assert not order_matters(fold(body))
    for body in (x, app("append", acc, x), app("isub", acc, x), app("ite", app("igt", x, acc), x, x),
                 app("iadd", acc, app("imul", acc, x))):  # fmt: skip
        assert order_matters(fold(body))
