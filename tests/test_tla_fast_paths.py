"""The TLA+ interpreter's fast paths answer as the plain readings they stand in for.

CHOOSE from a set of numbers or of tuples of numbers sorts it in Python's order, which is TLC's there
(`values.plain`), instead of TLC's order of any values (`values.key`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.tla import runtime
from checker.tla.errors import TlaError
from checker.tla.values import key, plain

numbers = st.integers(-3, 3)
#: sets of numbers, of tuples of numbers (of one length or several), and sets where booleans (which Python
#: counts equal to numbers) are mixed in
plain_sets = st.one_of(st.frozensets(numbers, max_size=6), st.frozensets(st.tuples(numbers, numbers), max_size=6),
                       st.frozensets(st.lists(numbers, max_size=3).map(tuple), max_size=6))
mixed_sets = st.frozensets(st.one_of(numbers, st.booleans(), st.lists(st.one_of(numbers, st.booleans()),
                                                                        max_size=3).map(tuple)), max_size=6)
sets = st.one_of(plain_sets, mixed_sets)


@settings(max_examples=400, deadline=None)
@given(sets)
def test_values_read_as_plain_are_in_tlcs_order_in_pythons_and_hold_no_string(values):
    if plain(values):
        assert sorted(values) == sorted(values, key=key)
        assert not any(runtime.holds_string(v) for v in values)


@settings(max_examples=400, deadline=None)
@given(sets, st.integers(0, 6))
def test_choose_takes_the_first_element_in_tlcs_order_that_satisfies_the_condition(s, salt):
    def holds(x):
        return hash((x, salt)) % 3 == 0 or salt == 0

    wanted = [x for x in sorted(s, key=key) if holds(x)]
    if wanted:
        assert runtime.choose(s, holds, None) == wanted[0]
        assert type(runtime.choose(s, holds, None)) is type(wanted[0])
    else:
        with pytest.raises(TlaError, match="no element of S satisfied P"):
            runtime.choose(s, holds, None)
