"""The evaluator's builtin operators, and the specs it must refuse with one clear error.

tests/specs/operators.qnt states the expected value of each operator in a `val t_...` that must be
true (Quint itself agrees: `quint run --invariant allHold` passes on it, see .ci/conformance).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.quint import runtime
from checker.quint.runtime import QuintError
from checker.quint import spec_model
from checker.quint.spec_model import QuintSpec
from quint_specs import ROOT, compiled, spec

OPERATORS = spec("operators")
CHECKS = sorted(name for name in OPERATORS.program.defs if name.startswith("t_"))


def test_every_operator_check_is_found():
    assert len(CHECKS) == 42 and "allHold" in OPERATORS.invariants


@pytest.mark.parametrize("name", CHECKS)
def test_operator(name):
    state = OPERATORS.init_states()[0]
    assert OPERATORS.program.value(name)(state) is True


def test_unbounded_integers():
    state = OPERATORS.init_states()[0]
    assert OPERATORS.program.value("big")(state) == 1 << 100


def at(text: str, found: str, line: int) -> str:
    """`file:line:col` of `found` on `line` of tests/specs/errors.qnt (1-based), read from the file itself."""
    return f"tests/specs/errors.qnt:{line}:{text.splitlines()[line - 1].index(found) + 1}"


ERRORS = (ROOT / "tests/specs/errors.qnt").read_text()


@pytest.mark.parametrize(
    "step, message",
    [
        ("pickNat", f"{at(ERRORS, 'Nat.oneOf', 8)}: in 'pickNat': Nat is infinite: it cannot be enumerated"),
        ("allListsStep", f"{at(ERRORS, 'allLists(', 9)}: in 'allListsStep': allLists(Set(1)) is infinite: it has no size"),
        ("failing", f"{at(ERRORS, 'fail(', 10)}: in 'failing': fail expects a run to fail: ttt-check test runs it"),
        ("missingKey", f"{at(ERRORS, 'Map(1 -> 2).get(5)', 11)}: in 'missingKey': key 5 is not in the map (its keys: Set(1))"),
        ("getOnly", f"{at(ERRORS, 'Set(1, 2).getOnlyElement()', 12)}: in 'getOnly': getOnlyElement on a set of 2 elements: Set(1, 2)"),
        ("missingInDef", f"{at(ERRORS, 'lookup(7)', 14)}: in 'missingInDef': key 7 is not in the map (its keys: Set(1))"),
        ("pickHuge", f"{at(ERRORS, '0.to(2^256 - 1)', 15)}: in 'pickHuge': 0.to(2^256 - 1) has 2^256 elements: too many to "
         "enumerate (ttt-check enumerates at most 2^20 integers or 2^16 maps, sets, tuples or lists); bound the set, e.g. 0.to(10)"),
        ("generated", f"{at(ERRORS, 'apalache::generate', 16)}: in 'generated': apalache::generate asks Apalache to invent"),
        ("chooseEmpty", f"{at(ERRORS, 'Set(1).filter', 17)}: in 'chooseEmpty': chooseSome of an empty set"),
        ("filterNat", f"{at(ERRORS, 'Nat.filter', 18)}: in 'filterNat': Nat is infinite: it cannot be enumerated"),
        ("mapsOfNat", f"{at(ERRORS, 'setOfMaps(', 19)}: in 'mapsOfNat': setOfMaps(Set(1), Nat) is infinite: it cannot be"),
    ],
)
def test_refused_with_one_clear_error(step, message):
    """Each runtime error names the definition and where it happened, from Quint's source map."""
    model = spec("errors", step=step)
    with pytest.raises(QuintError) as error:
        list(model.next_steps(model.init_states()[0]))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_without_a_source_map_the_definition_and_its_line():
    ir = json.loads((ROOT / "tests/fixtures/ir/errors.json").read_text())
    del ir["sourceMap"]
    model = QuintSpec(ir, "tests/specs/errors.qnt", ERRORS, step="missingKey")
    with pytest.raises(QuintError, match=re.escape("key 5 is not in the map (its keys: Set(1)) (in 'missingKey' (tests/specs/errors.qnt:11))")):
        list(model.next_steps(model.init_states()[0]))


def test_a_runtime_error_is_one_line_and_exit_3(ttt_check, monkeypatch):
    """Through the command line (the IR of the fixture, with its source map, instead of Quint's compiler)."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(spec_model, "compile_spec", compiled("errors"))
    code, out, err = ttt_check("--spec", "tests/specs/errors.qnt", "--step", "getOnly")
    assert code == 3 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"ttt-check: error: {at(ERRORS, 'Set(1, 2).getOnlyElement()', 12)}: in 'getOnly': getOnlyElement")


def test_a_variable_no_assignment_reaches_is_left_unset():
    """As Quint's simulator leaves it: `[State 1] { n: 1 }` after `assignsOne` from `{ m: 0, n: 0 }`
    (`quint run --step assignsOne --verbosity 3`); reading it is an error."""
    model = spec("errors", step="assignsOne")
    ((_, after),) = model.next_steps(model.init_states()[0])
    assert dict(model.to_quint(after)) == {"n": 1}
    with pytest.raises(QuintError, match=re.escape("variable 'm' is not set in this state (no step into it assigned it)")):
        after[model.variables.index("m")]
    ((_, initial),) = spec("errors", init="assignsOne").init_steps()
    assert dict(model.to_quint(initial)) == {"n": 1}


def test_unknown_step_action():
    with pytest.raises(QuintError, match="has no action 'nowhere' to use as step"):
        spec("errors", step="nowhere")


def ir(init: dict) -> dict:
    """A one-variable module whose init is `init` (Quint rejects a double assignment before the IR;
    the evaluator checks it too, for IR from elsewhere)."""
    return {
        "main": "m",
        "modules": [
            {
                "name": "m",
                "declarations": [
                    {"id": 1, "kind": "var", "name": "x"},
                    {"id": 2, "kind": "def", "name": "init", "qualifier": "action", "expr": init},
                    {"id": 3, "kind": "def", "name": "step", "qualifier": "action", "expr": init},
                ],
            }
        ],
    }


def assign(value: int) -> dict:
    return {"kind": "app", "opcode": "assign", "args": [{"kind": "name", "name": "x"}, {"kind": "int", "value": value}]}


def test_a_variable_assigned_twice_is_an_error():
    twice = {"kind": "app", "opcode": "actionAll", "args": [assign(1), {**assign(2), "id": 9}]}
    source = ir(twice)
    source["sourceMap"] = {"sourceIndex": {"0": "m.qnt"}, "map": {"9": [0, {"line": 4, "col": 6, "index": 0}, {}]}}
    with pytest.raises(QuintError, match="^m.qnt:5:7: in 'init': variable 'x' is assigned twice in one step$"):
        QuintSpec(source, "m.qnt").init_states()


def test_any_branches_over_each_disjunct():
    both = {"kind": "app", "opcode": "actionAny", "args": [assign(1), assign(2)]}
    assert QuintSpec(ir(both), "m.qnt").init_states() == [(1,), (2,)]


@settings(deadline=None)
@given(st.integers(), st.integers().filter(lambda b: b != 0))
def test_division_laws(a, b):
    """Quint's / and % (JavaScript's BigInt): a == b * (a / b) + a % b, the quotient truncated toward
    zero, the remainder smaller than b and of a's sign."""
    q, r = runtime.idiv(a, b), runtime.imod(a, b)
    assert a == b * q + r and abs(r) < abs(b) and (r == 0 or (r > 0) == (a > 0))
    assert abs(q) == abs(a) // abs(b)


values = st.recursive(
    st.integers() | st.text(max_size=3) | st.booleans(),
    lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=3)
    | st.dictionaries(st.integers(), inner, max_size=3).map(runtime.QMap),
    max_leaves=8,
)


@settings(deadline=None)
@given(st.dictionaries(st.integers(), values, max_size=4))
def test_equal_maps_hash_equal(items):
    """A map is hashable and its hash does not depend on the order it was built in."""
    forward, backward = runtime.QMap(items), runtime.QMap(reversed(list(items.items())))
    assert forward == backward and hash(forward) == hash(backward)


@settings(deadline=None)
@given(st.dictionaries(st.integers(), values, min_size=1, max_size=4), st.integers(), values)
def test_a_changed_map_hashes_as_one_built_anew(items, key, value):
    """`put` and `set` give the copy its hash from the original's: the same as hashing the copy afresh."""
    original = runtime.QMap(items)
    hash(original)  # known, so the copies compute theirs in two steps
    for changed in (runtime.put(original, key, value), runtime.map_set(original, next(iter(items)), value)):
        afresh = runtime.QMap(changed.items())
        assert changed == afresh and hash(changed) == hash(afresh)


@settings(deadline=None)
@given(st.lists(st.integers(), min_size=2, max_size=6, unique=True), st.data())
def test_which_key_holds_which_value_changes_the_hash(keys, data):
    """Maps with the same keys and the same values, held by other keys, hash apart (a board and the
    same board with two squares swapped are two states; a plain sum of the items' hashes confuses them)."""
    values = [k * 7 + 1 for k in keys]
    swapped = data.draw(st.permutations(values).filter(lambda order: order != values))
    assert hash(runtime.QMap(zip(keys, values))) != hash(runtime.QMap(zip(keys, swapped)))
