"""Records in the evaluator are tuples (`runtime.QRecord`); the rest of ttt-check reads Quint values, records
as dicts (`checker.quint.value`). The oracle is the dict form itself: equality, hashing, order and the way
back must agree with it, for values of any shape a spec can hold.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.quint import runtime
from checker.quint.runtime import from_value, to_value
from checker.quint.value import QList, Record, Variant, flat
from quint_specs import spec

NAMES = st.sampled_from(["a", "b", "time", "writer", "z"])
leaves = st.integers(-3, 3) | st.sampled_from(["x", "y"]) | st.booleans()


def records(inner):
    return st.dictionaries(NAMES, inner, min_size=1, max_size=3).map(runtime.FrozenRecord)


values = st.recursive(
    leaves,
    lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=3) | records(inner)
    | st.lists(inner, max_size=2).map(QList) | st.builds(Variant, st.sampled_from(["Some", "None"]), inner)
    | st.dictionaries(st.integers(0, 3) | records(leaves), inner, max_size=3).map(runtime.QMap),
    max_leaves=10,
)


@settings(deadline=None, max_examples=300)
@given(values, values)
def test_equal_exactly_when_the_quint_values_are(a, b):
    ours_a, ours_b = from_value(a), from_value(b)
    assert (ours_a == ours_b) == (a == b)
    if a == b:
        assert hash(ours_a) == hash(ours_b)


@settings(deadline=None, max_examples=300)
@given(values)
def test_there_and_back(value):
    ours = from_value(value)
    assert to_value(ours) == value
    assert flat(to_value(ours)) == flat(value)
    assert runtime.shown(ours) == flat(value)


@settings(deadline=None)
@given(st.dictionaries(NAMES, leaves, min_size=1, max_size=4), NAMES, leaves)
def test_fields_read_and_replaced_as_in_the_dict(fields, name, value):
    record = runtime.QRecord(fields.items())
    assert dict(record.items()) == fields
    assert frozenset(record[0]) == frozenset(fields)
    for field, expected in fields.items():
        assert record[record[0][field]] == expected
    if name in fields:
        assert dict(runtime.with_field(record, name, value).items()) == {**fields, name: value}


@settings(deadline=None)
@given(st.frozensets(st.tuples(st.integers(0, 3), st.sampled_from(["x", "y", "z"])), min_size=1, max_size=6))
def test_a_nondet_visits_records_in_the_order_of_their_values_by_field_name(pairs):
    """Records of one type are ordered by their fields' values, taken in the order of the field names
    (`time` before `writer`), as Quint's maps and records are."""
    ours = frozenset(runtime.QRecord((("writer", w), ("time", t))) for t, w in pairs)
    assert [(r[1], r[2]) for r in runtime.ordered(ours)] == sorted(pairs)


def test_a_spec_with_records_gives_quint_values():
    """tests/specs/guests.qnt: a set of records and a map keyed by records, in states, picks and definitions."""
    model = spec("guests")
    state = model.init_states()[0]
    for label, after in model.next_steps(state):
        (name, guest), = label.picks
        assert type(guest) is runtime.FrozenRecord and isinstance(guest, Record)
        record = model.to_quint(after)
        assert record["inside"] == frozenset({guest})
        assert record["seats"] == {guest: 0}
        assert model.from_quint(record) == after
