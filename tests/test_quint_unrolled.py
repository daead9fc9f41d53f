"""`exists`, `forall` and the size of a `filter` over a small constant set, which the evaluator writes out
element by element (`Program.unrolled`): the same value, or the same error, as Quint's simulator, which
computes the condition for every element (a key missing for any is an error, even when another element
already decides), then any, all or counts, with the unrolling on and off. tests/specs/operators.qnt's `t_unrolled` checks more
shapes (nested sets, tuples, variants), and Quint agrees with it (.ci/conformance)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.quint import evaluator
from checker.quint.evaluator import Program
from checker.quint.runtime import QuintError


def node(kind: str, **fields) -> dict:
    return {"kind": kind, **fields}


def app(opcode: str, *args: dict) -> dict:
    return node("app", opcode=opcode, args=list(args))


def integer(value: int) -> dict:
    return node("int", value=value)


def program(elements: list[int], keys: list[int], operator: str, threshold: int) -> Program:
    """`pure val S = Set(elements...)`, `pure val M = Map(k -> k, ...)` and `val r` the quantifier of
    S over `M.get(i) > threshold` (`operator`: exists, forall, or count for `filter(...).size()`)."""
    pairs = [app("Tup", integer(k), integer(k)) for k in keys]
    body = app("igt", app("get", node("name", name="M"), node("name", name="i")), integer(threshold))
    condition = node("lambda", params=[{"name": "i"}], expr=body)
    if operator == "count":
        r = app("size", app("filter", node("name", name="S"), condition))
    else:
        r = app(operator, node("name", name="S"), condition)
    declarations = [
        {"kind": "var", "name": "x"},
        {"kind": "def", "name": "S", "qualifier": "pureval", "expr": app("Set", *map(integer, elements))},
        {"kind": "def", "name": "M", "qualifier": "pureval", "expr": app("Map", *pairs)},
        {"kind": "def", "name": "r", "qualifier": "val", "expr": r},
    ]
    return Program({"declarations": [{**d, "id": i} for i, d in enumerate(declarations)]})


def expected(elements: list[int], keys: list[int], operator: str, threshold: int) -> object:
    """The value Quint gives: "error" where a key is missing for some element; else any, all or the count."""
    if any(element not in keys for element in elements):
        return "error"
    holds = [element > threshold for element in frozenset(elements)]
    return {"exists": any(holds), "forall": all(holds), "count": sum(holds)}[operator]


def evaluated(compiled: Program) -> object:
    try:
        return compiled.value("r")((0,))
    except QuintError as error:
        assert "is not in the map" in str(error)
        return "error"


@pytest.mark.parametrize("unroll", [True, False])
@settings(max_examples=150, deadline=None)
@given(
    elements=st.lists(st.integers(-40, 40), max_size=12),
    keys=st.lists(st.integers(-40, 40), max_size=14),
    operator=st.sampled_from(["exists", "forall", "count"]),
    threshold=st.integers(-40, 40),
)
def test_quantifiers_over_a_small_constant_set(unroll, elements, keys, operator, threshold):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evaluator, "UNROLL_SIZE", evaluator.UNROLL_SIZE if unroll else -1)
        found = evaluated(program(elements, keys, operator, threshold))
    want = expected(elements, keys, operator, threshold)
    assert found == want and type(found) is type(want)


def test_written_out_the_definition_calls_no_lambda():
    """With the unrolling on, `r` is one expression: its code holds no function of its own."""
    compiled = program([1, 2, 3], [1, 2, 3], "forall", 0)
    assert not [c for c in compiled.value("r").__code__.co_consts if hasattr(c, "co_code")]


def test_a_large_set_is_not_written_out():
    compiled = program(list(range(evaluator.UNROLL_SIZE + 1)), [], "exists", 0)
    assert [c for c in compiled.value("r").__code__.co_consts if hasattr(c, "co_code")]
