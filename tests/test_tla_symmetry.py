"""SYMMETRY's representative: `symmetry.Least` picks the permutation the plain definition picks; the
liveness checker's real steps behind a step between representatives are those the plain definition gives.

The plain definition: of the group's permutations, in their order, the first that permutes the state to the
least of its images in TLC's order of values (`values.key`), or none where the state is that image itself. `Least` remembers its keys from state to state,
ranks its keys as numbers, leaves out what every permutation fixes and sorts a set in full for few
permutations only: on random states of nested values (TRUE beside 1, which Python counts equal), one `Least`
asked state after state picks the same permutation.
"""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st
from tla_values import tla_values

from checker.explore.bfs import explore
from checker.properties.liveness import StateGraph
from checker.tla import runtime, symmetry
from checker.tla.spec_model import load
from checker.tla.values import Fcn, ModelValue, Rcd, function, key, permuted

A = [ModelValue(f"sym_a{i}") for i in range(3)]
B = [ModelValue(f"sym_b{i}") for i in range(2)]
OTHER = ModelValue("sym_c")

values = tla_values(st.integers(0, 2), A + B + [OTHER], A + B + [0], size=4, leaves=10)
states = st.lists(values, min_size=1, max_size=3).map(tuple)


def permutations_of(group: list) -> list[dict]:
    import itertools

    return [dict(zip(group, image)) for image in itertools.permutations(group)]


#: Permutations(A) \cup Permutations(B) (their product generated), a cycle of A alone, and a swap of B
GROUPS = [
    symmetry.generated_group(permutations_of(A) + permutations_of(B)),
    symmetry.generated_group([{A[0]: A[1], A[1]: A[2], A[2]: A[0]}]),
    symmetry.generated_group([{B[0]: B[1], B[1]: B[0]}]),
]


def plain(mappings: list[dict], state: tuple) -> dict:
    """The first permutation giving the least image, or {} where the state itself is that image (the group
    holds the identity: `Least` says so rather than name a permutation that moves nothing in the state)."""
    first = min(mappings, key=lambda m: key(permuted(state, m)))
    return {} if key(permuted(state, first)) == key(state) else first


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(GROUPS))), st.lists(states, min_size=1, max_size=6), st.booleans())
def test_the_least_permutation_is_the_plain_definition_s(group, many, cramped):
    """`cramped`: keys ranked with no room between them, all numbered again at each one met between two, and
    everything forgotten after a few keys."""
    mappings = GROUPS[group]
    least = symmetry.Least(mappings)
    with patch.multiple(symmetry, SPACING=2 if cramped else symmetry.SPACING,
                        REMEMBERED_KEYS=20 if cramped else symmetry.REMEMBERED_KEYS):
        for state in many:
            assert least(state) == plain(mappings, state), state


def substituted(value, mapping: dict):
    """The plain reading of a permutation: each model value replaced, every value around it made anew."""
    if isinstance(value, ModelValue):
        return mapping.get(value, value)
    if type(value) is tuple:
        return tuple(substituted(v, mapping) for v in value)
    if isinstance(value, frozenset):
        return frozenset(substituted(v, mapping) for v in value)
    if isinstance(value, Rcd):
        return Rcd({k: substituted(v, mapping) for k, v in value.items()})
    if isinstance(value, dict):
        return function({substituted(k, mapping): substituted(v, mapping) for k, v in value.items()})
    return value


def model_values_in(value) -> set:
    if isinstance(value, ModelValue):
        return {value}
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    return set().union(*map(model_values_in, value)) if isinstance(value, (tuple, frozenset, list)) else set()


def kind(value) -> type:
    """The kind of a value, an interval a set as any other."""
    return frozenset if isinstance(value, frozenset) else type(value)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(GROUPS))), values, st.booleans())
def test_a_permuted_value_is_the_plain_substitution_and_knows_its_booleans(group, value, known):
    """`known`: the booleans of the value's functions found before (as a state's are, once compared)."""
    if known:
        runtime.State([value]) == runtime.State([value])  # noqa: B015 (finds them, as a look-up does)
    for mapping in GROUPS[group]:
        made, plain = permuted(value, mapping), substituted(value, mapping)
        assert (kind(made), key(made)) == (kind(plain), key(plain))
        if all(mapping.get(v, v) is v for v in model_values_in(value)):
            assert made is value  # nothing moved: the value itself
        if isinstance(made, (Rcd, Fcn)):
            assert runtime.booleans_in(made) == runtime.booleans_in(type(plain)(dict(plain)))


def test_a_state_and_its_images_have_one_representative():
    mappings = GROUPS[0]
    least = symmetry.Least(mappings)
    state = (frozenset({Rcd({"f": A[0], "g": 1}), Rcd({"f": A[2], "g": True})}), function({B[1]: A[1], B[0]: 0}))
    representatives = {permuted(image, least(image)) for image in (permuted(state, m) for m in mappings)}
    assert len(representatives) == 1


def test_what_least_remembers_tells_TRUE_from_1():
    """<<TRUE, a1>> and <<1, a1>> are equal to Python, not to TLA+: their keys are remembered apart."""
    mappings = GROUPS[0]
    least = symmetry.Least(mappings)
    for state in [(frozenset({(1, A[1])}),), (frozenset({(True, A[1]), (1, A[0])}),)]:
        assert least(state) == plain(mappings, state)


def test_the_real_steps_a_step_between_representatives_stands_for():
    """`StateGraph.real`, which sorts a state's successors by class once: the successors whose representative
    is the step's target, in the model's order (the target itself when none is)."""
    specs = Path(__file__).parent / "specs" / "tla"
    model = load(str(specs / "symmetry_group.tla"), str(specs / "symmetry_group.cfg"))
    result = explore(model, keep_graph=True, symmetry=True, check_deadlock=False)
    graph = StateGraph(result, model)
    asked = 0
    for source, targets in result.graph.items():
        for target in (*targets, source):
            plain = [t for _, t in model.next_steps(source) if model.canonical(t) == target] or [target]
            assert graph.real(source, target) == plain
            asked += len(plain) > 1
    assert asked  # a class reached by more than one real step
