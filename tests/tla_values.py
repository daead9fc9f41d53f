"""Random TLA+ values as ttt-check holds them, for the laws of the tests: booleans beside the numbers Python
counts equal to them, strings, model values, and sets, sequences, records, functions and intervals of them."""

from __future__ import annotations

from hypothesis import strategies as st

from checker.tla.values import Rcd, function, interval


def tla_values(numbers: st.SearchStrategy, model_values: list, keys: list, size: int = 3, leaves: int = 8):
    """Values of `numbers`, booleans, two strings and `model_values`, nested in sets and sequences of at most
    `size` elements, records, functions on `keys` and intervals."""
    scalars = st.one_of(st.booleans(), numbers, st.sampled_from(["a", "b"]), st.sampled_from(model_values))
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3).map(tuple),
            st.frozensets(inner, max_size=size),
            st.dictionaries(st.sampled_from(["f", "g"]), inner, min_size=1, max_size=2).map(Rcd),
            st.dictionaries(st.sampled_from(keys), inner, min_size=1, max_size=size - 1).map(function),
            st.tuples(st.integers(-1, 1), st.integers(1, 3)).map(lambda b: interval(*b)),
        ),
        max_leaves=leaves,
    )
