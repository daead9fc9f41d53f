r"""The TLA+ interpreter's fast paths answer as the plain readings they stand in for.

CHOOSE from a set of numbers or of tuples of numbers sorts it in Python's order, which is TLC's there
(`values.plain`), instead of TLC's order of any values (`values.key`); model values are sorted by their
place in the cfg, an interval listed as it is made. The integer operators, `Len`, `i \in DOMAIN s` and
`r.f` are written out in the code for the values they expect, and call the runtime's functions for any
other (which stop as TLC does); a variable bound to the elements of `a..b` is known to be an integer there.
A set of functions on 1..n lists its sequences at once, and answers membership without copying the
function. A LET definition without parameters is a cell its reads look into, computed at the first read:
never when unread (in ENABLED too), never twice. A function's canonical form is told by its keys' kinds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import itertools

from checker.tla import lazy, runtime
from checker.tla import tree as t
from checker.tla.spec_model import load
from checker.tla.errors import TlaError
from checker.tla.values import Fcn, ModelValue, Rcd, function, interval, key, ordered, plain

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


MODEL_VALUES = [ModelValue(f"fast_{i}") for i in range(5)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(MODEL_VALUES), max_size=6), st.integers(-3, 3), st.integers(-3, 3))
def test_model_values_and_intervals_are_listed_in_tlcs_order(values, low, high):
    assert ordered(values) == sorted(values, key=key)
    assert runtime.enum(interval(low, high), None) == sorted(interval(low, high), key=key)


@settings(max_examples=400, deadline=None)
@given(sets, st.integers(0, 6))
def test_choose_takes_the_first_element_in_tlcs_order_that_satisfies_the_condition(s, salt):
    def holds(x):
        return hash((x, salt)) % 3 == 0 or salt == 0

    if salt == 0:  # always TRUE: as CHOOSE x \in S : TRUE takes it
        assert outcome(lambda: runtime.choose_first(s, None)) == outcome(lambda: runtime.choose(s, holds, None))
    wanted = [x for x in sorted(s, key=key) if holds(x)]
    if wanted:
        assert runtime.choose(s, holds, None) == wanted[0]
        assert type(runtime.choose(s, holds, None)) is type(wanted[0])
    else:
        with pytest.raises(TlaError, match="no element of S satisfied P"):
            runtime.choose(s, holds, None)


#: sets of values TLC orders part by part (a fresh one is not sorted when one element alone satisfies P)
compound_sets = st.one_of(
    st.frozensets(st.frozensets(numbers, max_size=2), max_size=5),
    st.frozensets(st.lists(st.one_of(numbers, st.booleans()), min_size=1, max_size=2).map(tuple), max_size=5),
    st.frozensets(st.fixed_dictionaries({"f": numbers}).map(Rcd), max_size=5))  # one field: TLC's order of
#: strings does not decide between them


@settings(max_examples=400, deadline=None)
@given(compound_sets, st.integers(0, 20))
def test_choose_of_values_ordered_part_by_part_answers_as_tlc_where_the_condition_fails_on_some(s, salt):
    def holds(x):
        h = hash((key(x), salt)) % 4
        if h == 3:
            raise TlaError("the condition fails here", None)
        return h == 0

    for x in sorted(s, key=key):  # TLC's walk: it stops at the first element that satisfies P or fails
        try:
            chosen = holds(x)
        except TlaError:
            with pytest.raises(TlaError, match="fails here"):
                runtime.choose(s, holds, None)
            return
        if chosen:
            assert runtime.choose(s, holds, None) == x
            return
    with pytest.raises(TlaError, match="no element of S satisfied P"):
        runtime.choose(s, holds, None)


SPEC = r"""---- MODULE Fast ----
EXTENDS Integers, Sequences, FiniteSets, TLC
VARIABLE v
Plus(a, b) == a + b
Minus(a, b) == a - b
Times(a, b) == a * b
Less(a, b) == a < b
AtMost(a, b) == a <= b
More(a, b) == a > b
AtLeast(a, b) == a >= b
Length(s, b) == Len(s)
Field(r, b) == r.f
InDomain(a, b) == a \in DOMAIN b
Twice(a) == a + a
Indexed(a, b) == [i \in 1..3 |-> <<i + a, a - i, i * a, i < a, i <= a, i > a, i >= a, b[i]>>]
Spans(a, b) == <<{2 * i : i \in a..b}, \E i \in a..b : i = 2, [i \in a..b |-> i + 1], \A i \in a..b : i < 3>>
Evens == {y \in 0..6 : Cardinality({y, 0}) > 0 /\ y % 2 = 0}
IsEven(a, b) == a \in Evens
Pairs == {y \in [1..2 -> {0, 1}] : Cardinality({y[1], y[2]}) > 0}
IsPair(a, b) == a \in Pairs
EvensUpTo(a, b) == {w \in 0..a : w \in Evens}
RECURSIVE Sum(_)
Sum(S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN x[1] - 2 * Sum(S \ {x})
Sums == <<Sum({<<3, 1>>, <<1, 2>>, <<2, 0>>}), Sum({<<1>>, <<0, 5>>}), Sum({<<2, FALSE>>, <<1, TRUE>>})>>
Literals(a, b) == <<a + 1, 2 - a, 3 * 4, a < -1, 0 >= a>>
Alias == LET x == v IN LET y == x IN LET z == 3 IN y + x + z
Unread == LET x == 1 \div 0 IN TRUE
Once == LET x == RandomElement(1..1000000) IN x = x /\ Twice(x) = 2 * x /\ \A i \in {1, 2} : x = x
Inside == LET x == v + 1 IN {x + i : i \in 1..2} \cup {y \in {x, x + 1} : y > x}
UnreadEnabled == LET x == 1 \div 0 IN ENABLED (FALSE /\ v' = x)
ReadEnabled == LET x == v + 1 IN ENABLED (v' = x)
Init == v = 0
Next == LET x == (v + 1) % 3 IN LET z == x IN LET y == 1 \div 0 IN v' = z
====
"""

OPERATORS = {"Plus": runtime.add, "Minus": runtime.sub, "Times": runtime.mul, "Less": runtime.lt,
             "AtMost": runtime.le, "More": runtime.gt, "AtLeast": runtime.ge,
             "Literals": lambda a, b, loc: (runtime.add(a, 1, loc), runtime.sub(2, a, loc), 12, runtime.lt(a, -1, loc),
                                            runtime.ge(0, a, loc)),
             "Length": lambda s, b, loc: runtime.length(s, loc), "Field": lambda r, b, loc: runtime.field(r, "f", loc),
             "InDomain": lambda a, b, loc: runtime.member(a, runtime.dom(b, loc), loc),
             "Indexed": lambda a, b, loc: tuple((runtime.add(i, a, loc), runtime.sub(a, i, loc), runtime.mul(i, a, loc),
                                                 runtime.lt(i, a, loc), runtime.le(i, a, loc), runtime.gt(i, a, loc),
                                                 runtime.ge(i, a, loc), runtime.apply(b, i, loc)) for i in range(1, 4)),
             "Spans": lambda a, b, loc: spans(sorted(runtime.listed(runtime.dots(a, b, loc))))}


def spans(s: list) -> tuple:
    """`Spans(a, b)` of the spec, over the elements of a..b."""
    return frozenset(2 * i for i in s), any(i == 2 for i in s), function({i: i + 1 for i in s}), all(i < 3 for i in s)


@pytest.fixture(scope="module")
def fast(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fast")
    (folder / "Fast.tla").write_text(SPEC)
    (folder / "Fast.cfg").write_text("INIT Init\nNEXT Next\n")
    spec = load(str(folder / "Fast.tla"))
    return spec, spec.program, spec.names.all


def outcome(compute):
    """What `compute()` gives: its value (and kind), or the message of the error it stops on."""
    try:
        value = compute()
    except TlaError as error:
        return "error", error.message
    return type(value), value


arguments = st.one_of(st.integers(-3, 3), st.booleans(), st.sampled_from(["", "ab"]),
                      st.lists(st.integers(0, 2), max_size=3).map(tuple),
                      st.dictionaries(st.sampled_from(["f", "g"]), st.integers(0, 2), min_size=1).map(Rcd),
                      st.dictionaries(st.integers(0, 3), st.integers(0, 2), min_size=1).map(function))


@pytest.mark.parametrize("name", sorted(OPERATORS))
@settings(max_examples=200, deadline=None)
@given(a=arguments, b=arguments)
def test_operators_written_out_answer_and_stop_as_the_runtimes_functions(fast, name, a, b):
    _, program, names = fast
    compiled = program.ns[program.function(names[name])]
    assert outcome(lambda: compiled(None, a, b)) == outcome(lambda: OPERATORS[name](a, b, None))


def value_of(fast, name, state=(0,)):
    _, program, names = fast
    d = names[name]
    return program.evaluator(t.Apply(d.loc, name, (), target=d))(state)


def test_a_let_definition_is_computed_only_when_read_and_once(fast):
    assert value_of(fast, "Unread") is True
    assert value_of(fast, "Once") is True
    assert value_of(fast, "Inside", (1,)) == frozenset({3, 4})
    assert value_of(fast, "Alias", (2,)) == 7


def test_a_fold_over_a_set_takes_its_elements_in_tlcs_order(fast):
    assert value_of(fast, "Sums") == (1 - 2 * (2 - 2 * 3), 1 - 2 * 0, 1 - 2 * 2)
    assert value_of(fast, "UnreadEnabled") is False
    assert value_of(fast, "ReadEnabled") is True
    spec, _, _ = fast
    successors = spec.next_states
    assert [successors(state) for state in spec.init_states()] == [[(1,)]]  # the action's LET read, not the other


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(0, 3).map(lambda n: interval(1, n)), st.frozensets(st.sampled_from([0, 1, 2, "a"]),
                                                                                 max_size=3)),
       st.frozensets(st.one_of(numbers, st.booleans(), st.sampled_from(["x", "y"])), max_size=3), st.data())
def test_a_set_of_functions_lists_and_answers_as_the_functions_of_each_argument_in_turn(domain, range_, data):
    made = lazy.Functions(domain, range_)
    arguments, values = ordered(domain), ordered(range_)
    written = [function(dict(zip(arguments, chosen))) for chosen in itertools.product(values, repeat=len(arguments))]
    listed = list(made.generate())
    assert listed == written and [type(f) for f in listed] == [type(f) for f in written]
    for f in written:
        assert made.contains(f)
    other = data.draw(st.dictionaries(st.sampled_from([0, 1, 2, 3, "a"]), st.sampled_from([0, 1, 5, "x"]), max_size=3))
    inside = set(other) == set(domain) and all(v in range_ for v in other.values())
    assert made.contains(function(other)) == inside


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from([1, 2, 3, 0, 5, True, False, "a", "b", MODEL_VALUES[0]]), st.integers(0, 2),
                       max_size=4),
       st.randoms(use_true_random=False))
def test_a_function_takes_its_canonical_form_whatever_order_its_keys_come_in(pairs, random):
    """A function on 1..n is a tuple, on strings a record, else a Fcn: told by the keys' kinds (a boolean,
    equal to 1 in Python, is no 1) and not by the order they come in."""
    keys = list(pairs)
    random.shuffle(keys)
    made = function({k: pairs[k] for k in keys})
    n = len(pairs)
    if n == 0:
        assert made == ()
    elif all(type(k) is int for k in keys) and sorted(keys) == list(range(1, n + 1)):
        assert made == tuple(pairs[i] for i in range(1, n + 1)) and type(made) is tuple
    elif all(type(k) is str for k in keys):
        assert type(made) is Rcd and dict(made) == pairs
    else:
        assert type(made) is Fcn and dict(made) == pairs


def test_a_constant_set_listed_already_is_looked_up_and_answers_as_its_condition(tmp_path):
    """`x \\in Evens` evaluates Evens' condition on x until something lists Evens; then it looks x up, and asks
    the condition only of what it does not find (TRUE is no element, and TLC stops comparing it with 1)."""
    (tmp_path / "Fast.tla").write_text(SPEC)
    (tmp_path / "Fast.cfg").write_text("INIT Init\nNEXT Next\n")
    spec = load(str(tmp_path / "Fast.tla"))
    is_even = spec.program.ns[spec.program.function(spec.names.all["IsEven"])]
    counted = []
    spec.program.ns["size"] = lambda s, loc: counted.append(s) or runtime.size(s, loc)  # Cardinality, in the condition
    asked = [-1, 0, 1, 2, 3, 6, 7, True, False, "ab", (0,), frozenset({0})]
    lazily = [outcome(lambda: is_even(None, x, None)) for x in asked]
    assert len(counted) == 5  # 0, 1, 2, 3, 6: the integers of 0..6
    assert value_of((spec, spec.program, spec.names.all), "Evens") == frozenset({0, 2, 4, 6})
    counted.clear()
    assert [outcome(lambda: is_even(None, x, None)) for x in asked] == lazily
    assert len(counted) == 2  # 1 and 3, not found among 0, 2, 4, 6 (TRUE stops at 0..6, before the condition)


def test_a_constant_set_listed_from_a_lazy_one_answers_as_before_it_was_listed_and_in_a_loops_set(tmp_path):
    """Pairs is listed from [1..2 -> {0, 1}], whose membership compares otherwise than a listed set's: x is
    asked of it as before. `w \\in Evens` inside the set of a loop is compiled (Python forbids := there)."""
    (tmp_path / "Fast.tla").write_text(SPEC)
    (tmp_path / "Fast.cfg").write_text("INIT Init\nNEXT Next\n")
    spec = load(str(tmp_path / "Fast.tla"))
    program, names = spec.program, spec.names.all
    is_pair, up_to = (program.ns[program.function(names[name])] for name in ("IsPair", "EvensUpTo"))
    asked = [(0, 1), (1, 1), (True, False), (2, 0), (0,), "ab"]
    lazily = [outcome(lambda: is_pair(None, x, None)) for x in asked]
    assert value_of((spec, program, names), "Pairs") == frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
    assert [outcome(lambda: is_pair(None, x, None)) for x in asked] == lazily
    assert value_of((spec, program, names), "Evens") == frozenset({0, 2, 4, 6})
    assert [up_to(None, n, None) for n in (-1, 0, 3, 6)] == [frozenset(), {0}, {0, 2}, {0, 2, 4, 6}]
