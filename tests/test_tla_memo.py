"""What the compiled TLA+ code remembers (and what it does not) never changes a value.

A constant definition with parameters remembers its values by its arguments (`memo_key`), where Python
counts TRUE equal to 1 and {FALSE} to {0}: the key tells them apart. A definition of a few operations
on its arguments remembers nothing (`Program.cheap`). A state-level definition remembers its values in
the last two states. The search remembers states, told apart as TLA+ tells their values apart (`State`).
A recursive function made in each state is freed as soon as it is let go: the searches pause Python's
cycle collector, so a cycle would be kept until they end.
"""

from __future__ import annotations

import gc

from hypothesis import given, settings
from hypothesis import strategies as st
from tla_values import tla_values

from checker.tla import runtime, tree as t
from checker.tla.errors import TlaError
from checker.tla.spec_model import load
from checker.tla.values import Fcn, ModelValue, Rcd, function, key, ordered

A, B = ModelValue("memo_a"), ModelValue("memo_b")

values = tla_values(st.integers(-2, 2), [A, B], [A, B, 0, -1, False])


def has_boolean(value) -> bool:
    """The plain reading: a boolean anywhere inside."""
    if type(value) is bool:
        return True
    if isinstance(value, (tuple, frozenset)):
        return any(has_boolean(v) for v in value)
    if isinstance(value, (Rcd, Fcn)):
        return any(has_boolean(k) or has_boolean(v) for k, v in value.items())
    return False


def same(a, b) -> bool:
    """TLA+'s equality, where a boolean equals no number."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return len(a) == len(b) and all(any(same(x, y) for y in b) for x in a)
    if isinstance(a, (Rcd, Fcn)) and isinstance(b, (Rcd, Fcn)):
        return len(a) == len(b) and all(any(same(k, j) and same(v, w) for j, w in b.items()) for k, v in a.items())
    return type(a) is type(b) and a == b


@settings(max_examples=400, deadline=None)
@given(values)
def test_a_boolean_is_found_wherever_it_is(value):
    assert runtime._has_boolean(value) == has_boolean(value)
    assert runtime._has_boolean(value) == has_boolean(value)  # a function's answer kept from the first time


@settings(max_examples=200, deadline=None)
@given(st.frozensets(values, min_size=8, max_size=12))
def test_a_large_sets_boolean_is_found_and_kept(value):
    assert runtime._has_boolean(value) == has_boolean(value)
    assert runtime._has_boolean(value) == has_boolean(value)
    assert runtime._has_boolean(frozenset(value)) == has_boolean(value)


#: values small enough that two lists often hold a pair Python merges (<<0>> and <<FALSE>>, {1} and {TRUE})
few = st.one_of(st.sampled_from([0, 1, False, True, (0,), (False,), frozenset({1}), frozenset({True}), "a", A]),
                tla_values(st.integers(0, 1), [A], [0, False], size=2, leaves=3))


def orderable(elements) -> bool:
    """TLC can order them: a model value with anything, else values of one kind (sets with sets, functions,
    records and sequences with each other)."""
    def kind(v):
        if isinstance(v, ModelValue):
            return None
        if isinstance(v, (bool, int, str)):
            return type(v)
        return frozenset if isinstance(v, frozenset) else "function"
    return len({kind(v) for v in elements} - {None}) <= 1


def merged_apart(left, right) -> bool:
    """Whether Python would merge two values TLA+ tells apart, one from each list."""
    return any(x == y and not same(x, y) for x in left for y in right)


def same_set(made, elements) -> bool:
    """Whether the set `made` holds exactly the elements listed, as TLA+ tells them apart."""
    distinct = [x for i, x in enumerate(elements) if not any(same(x, y) for y in elements[:i])]
    return len(made) == len(distinct) and all(any(same(x, y) for y in made) for x in distinct)


@settings(max_examples=400, deadline=None)
@given(st.lists(few, max_size=5))
def test_a_set_is_made_of_elements_tlc_can_order_and_keeps_them_apart(elements):
    stops = not orderable(elements) or any(
        merged_apart([x], elements[i + 1:]) for i, x in enumerate(elements))
    try:
        made = runtime.enumerated(elements, None)
    except TlaError:
        assert stops
        return
    assert not stops
    assert same_set(made, elements)


@settings(max_examples=400, deadline=None)
@given(st.lists(few, max_size=2), st.lists(few, max_size=2), st.sampled_from(["cup", "cap", "diff"]))
def test_union_intersection_and_difference_stop_where_tlc_would(left, right, op):
    try:
        a, b = runtime.enumerated(left, None), runtime.enumerated(right, None)
    except TlaError:
        return
    a_elements, b_elements = list(a), list(b)
    stops = a and b and not orderable(a_elements + b_elements)
    try:
        made = getattr(runtime, op)(a, b, None)
    except TlaError:
        assert stops
        return
    assert not stops
    if merged_apart(a_elements, b_elements):  # <<0>> in one, <<FALSE>> in the other: merged (docs/tla.md)
        return
    in_b = [x for x in a_elements if any(same(x, y) for y in b_elements)]
    expected = {"cup": a_elements + [y for y in b_elements if not any(same(x, y) for x in a_elements)],
                "cap": in_b, "diff": [x for x in a_elements if x not in in_b]}[op]
    assert same_set(made, expected)


@settings(max_examples=300, deadline=None)
@given(st.lists(values, max_size=6))
def test_elements_in_tlcs_order_and_without_strings_as_read_at_once(elements):
    assert ordered(elements) == sorted(elements, key=key)
    if runtime._stringless(elements):
        assert not any(runtime.holds_string(v) for v in elements)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2).map(tuple), max_size=6))
def test_pairs_of_numbers_in_tlcs_order(elements):
    assert ordered(elements) == sorted(elements, key=key)
    assert runtime._stringless(elements)


def numbered(value):
    """`value` with each boolean the number Python counts equal to it."""
    if type(value) is bool:
        return int(value)
    if type(value) is tuple:
        return tuple(numbered(v) for v in value)
    if type(value) is frozenset:
        return frozenset(numbered(v) for v in value)
    if isinstance(value, (Rcd, Fcn)):
        return function({numbered(k): numbered(v) for k, v in value.items()})
    return value


@settings(max_examples=400, deadline=None)
@given(st.lists(values, min_size=1, max_size=3), st.lists(values, min_size=1, max_size=3), st.booleans())
def test_two_argument_lists_have_one_key_exactly_when_they_are_equal_in_tla(first, second, alike):
    if alike:  # the same values, or those Python counts equal to them
        second = [numbered(v) for v in first]
    k1, k2 = runtime.memo_key(tuple(first)), runtime.memo_key(tuple(second))
    assert (k1 == k2) == (len(first) == len(second) and all(same(a, b) for a, b in zip(first, second)))
    if k1 == k2:
        assert hash(k1) == hash(k2)


def scrambled(value, flip):
    """`value` with each boolean, 0 and 1 turned into the other kind (the value Python counts equal to it)
    where `flip()` says so."""
    if type(value) in (bool, int) and value in (0, 1):
        return (int(value) if type(value) is bool else bool(value)) if flip() else value
    if type(value) is tuple:
        return tuple(scrambled(v, flip) for v in value)
    if type(value) is frozenset:
        return frozenset(scrambled(v, flip) for v in value)
    if isinstance(value, (Rcd, Fcn)):
        return function({scrambled(k, flip): scrambled(v, flip) for k, v in value.items()})
    return value


@settings(max_examples=400, deadline=None)
@given(st.lists(values, min_size=1, max_size=3), st.lists(values, min_size=1, max_size=3),
       st.sampled_from(["apart", "numbered", "scrambled"]), st.randoms(use_true_random=False))
def test_two_states_are_one_exactly_when_their_values_are_equal_in_tla(first, second, alike, random):
    """The search's look-ups (a dict of states) take two states for one only where TLA+ does: a variable that
    is FALSE in one and 0 in the other makes two states, as TLC counts them."""
    if alike == "numbered":
        second = [numbered(v) for v in first]
    elif alike == "scrambled":  # some booleans and numbers swapped: equal in Python, mostly not in TLA+
        second = [scrambled(v, lambda: random.random() < 0.5) for v in first]
    s1, s2 = runtime.State(first), runtime.State(second)
    equal = len(first) == len(second) and all(same(a, b) for a, b in zip(first, second))
    for _ in range(2):  # the second time, with what the first found of the functions' booleans
        assert (s1 == s2, s2 == s1, s1 != s2, len({s1: 1, s2: 2})) == (equal, equal, not equal, 1 if equal else 2)
    if equal:
        assert hash(s1) == hash(s2)


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(st.sampled_from([A, B, 0, -1, False]), values, min_size=1, max_size=4), st.data(), values,
       st.booleans(), st.booleans())
def test_a_function_changed_by_except_knows_where_its_booleans_are_as_if_found_afresh(pairs, data, new, known,
                                                                                     hashed):
    """EXCEPT passes on what its source knew of its booleans where the new value keeps it so (`known`: the new
    value's own found before, as a state's are; a path of two keys where the value changed is a function),
    and its hash where the source knew its own (`hashed`); a state holding the function made is then one with
    another exactly where TLA+ says. A boolean given to values not all booleans may leave "booleans in the
    values" where they are now all booleans: that reading is walked, never taken for one it is not."""
    f = function(pairs)
    runtime.booleans_in(f)  # known, as it is of a state's value once compared
    if hashed:
        hash(f)
    if known and isinstance(new, (Rcd, Fcn)):
        runtime.booleans_in(new)
    changed = data.draw(st.sampled_from(sorted(pairs, key=key)))
    path = (changed,)
    inner = pairs[changed]
    if isinstance(inner, (Rcd, Fcn)) and data.draw(st.booleans()):
        runtime.booleans_in(inner)
        path = (changed, data.draw(st.sampled_from(sorted(inner, key=key))))
    g = runtime.except_(f, path, lambda old: new, None)
    copy = type(g)(dict(g))
    afresh = runtime.booleans_in(copy)
    assert runtime.booleans_in(g) == afresh or (runtime.booleans_in(g), afresh) == (1, 3)
    assert hash(g) == hash(copy)
    twin = numbered(g)
    assert (runtime.State([g]) == runtime.State([twin])) == same(g, twin)


SPEC = """---- MODULE Memo ----
EXTENDS Naturals, Sequences
VARIABLE x
Wrap(a) == <<a>>
Min(a, b) == IF a <= b THEN a ELSE b
Pick(a) == LET s == {a, a} IN {y \\in s : TRUE}
Twice(a) == Wrap(a) \\o Wrap(a)
Sum(s) == IF s = <<>> THEN 0 ELSE Head(s) + Len(Tail(s))
RECURSIVE Fact(_)
Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)
Up(n) == [i \\in 1..n |-> i]
fact[n \\in Nat] == IF n = 0 THEN 1 ELSE n * fact[n - 1]
Itself == fact = fact /\\ <<fact>> = <<fact>>
Val == <<Pick(TRUE), Pick(1), Pick({FALSE}), Pick({0}), Wrap(TRUE), Wrap(1), Twice(1), Min(2, 1), Fact(4)>>
Doubled == x + x
Triangle == LET tri[i \\in 0..x] == IF i = 0 THEN 0 ELSE i + tri[i - 1] IN tri[x]
Init == x = 0
Next == x' = (x + 1) % 3
====
"""


def program_and_names(tmp_path):
    (tmp_path / "Memo.tla").write_text(SPEC)
    (tmp_path / "Memo.cfg").write_text("INIT Init\nNEXT Next\n")
    spec = load(str(tmp_path / "Memo.tla"))
    return spec.program, spec.names.all


def test_a_definition_of_a_few_operations_remembers_nothing_and_others_remember(tmp_path):
    program, names = program_and_names(tmp_path)
    cheap = {name: program.cheap(names[name]) for name in ("Wrap", "Min", "Twice", "Sum", "Pick", "Fact", "Up")}
    assert cheap == {"Wrap": True, "Min": True, "Twice": True, "Sum": True, "Pick": False, "Fact": False, "Up": False}


def test_remembered_values_tell_a_boolean_from_a_number(tmp_path):
    program, names = program_and_names(tmp_path)
    d = names["Val"]
    value = program.evaluator(t.Apply(d.loc, "Val", (), target=d))(None)
    assert [type(next(iter(v))) for v in value[:2]] == [bool, int]
    assert [type(next(iter(next(iter(v))))) for v in value[2:4]] == [bool, int]
    assert [type(v[0]) for v in value[4:6]] == [bool, int]
    assert value[6:] == ((1, 1), 1, 24)


def test_a_value_equals_itself_without_being_listed(tmp_path):
    """A recursive function over Nat is the same as itself: comparing it does not list it to look for booleans."""
    program, names = program_and_names(tmp_path)
    d = names["Itself"]
    assert program.evaluator(t.Apply(d.loc, "Itself", (), target=d))(None) is True


def test_a_state_level_definition_is_right_in_each_of_three_states_asked_in_turn(tmp_path):
    program, names = program_and_names(tmp_path)
    d = names["Doubled"]
    doubled = program.evaluator(t.Apply(d.loc, "Doubled", (), target=d))
    states = [(0,), (1,), (2,)]
    for order in ([0, 1, 0, 1, 2, 0, 2, 1, 1, 0], [2, 2, 1, 0, 0, 1]):
        assert [doubled(states[i]) for i in order] == [2 * states[i][0] for i in order]


def test_a_recursive_function_made_in_each_state_leaves_no_cycle_behind(tmp_path):
    program, names = program_and_names(tmp_path)
    d = names["Triangle"]
    triangle = program.evaluator(t.Apply(d.loc, "Triangle", (), target=d))
    gc.collect()
    gc.disable()
    try:
        assert [triangle((n,)) for n in range(6)] == [n * (n + 1) // 2 for n in range(6)]
        assert gc.collect() == 0
    finally:
        gc.enable()
