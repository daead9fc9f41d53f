"""The exact probabilities of the step `run` draws on an evaluated spec, over every sequence of draws.

`quint run` tries the disjuncts of an `any` in the order of a random shuffle and the picks of a
`nondet` from a uniformly drawn one on, cyclically, and keeps the first that works. The evaluator draws
from a tree of choices it computes as draws reach it: its probabilities must be exactly those of the
plain procedure, written out here on the same tree, and each sequence of draws must give the same step
whatever part of the tree is computed already (so that a seed replays its sample). tests/specs/draws.qnt's first step is also
computed by hand.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import factorial, prod

import pytest

from checker.quint.runtime import Choice, Exit, drawn_order, walk
from quint_specs import spec


class Scripted:
    """A random generator whose draws are given (then 0), recording the range of each."""

    def __init__(self, draws: list[int]):
        self.draws, self.ranges = draws, []

    def randrange(self, n: int) -> int:
        assert n > 0
        k = len(self.ranges)
        self.ranges.append(n)
        return self.draws[k] if k < len(self.draws) else 0


def distribution(draw) -> Counter:
    """outcome -> its exact probability, `draw(rng)` run once for every sequence of draws."""
    found: Counter = Counter()
    draws: list[int] = []
    while True:
        rng = Scripted(draws)
        found[draw(rng)] += Fraction(1, prod(rng.ranges))
        values = draws + [0] * (len(rng.ranges) - len(draws))
        k = len(values) - 1
        while k >= 0 and values[k] + 1 == rng.ranges[k]:
            k -= 1
        if k < 0:
            return found
        draws = values[:k] + [values[k] + 1]


#: Quint's simulator tries the next elements of a `nondet` whose body is false only in smaller sets
QUINT_RETRY_NONDET_SMALLER_THAN = 100


def plain(node, rng):
    """Quint's procedure: a whole shuffle of the disjuncts (Fisher-Yates), a pick from a drawn one on
    (in a set of 100 or more, the drawn one alone); each branch computed afresh."""
    while isinstance(node, Choice):
        n = node.size
        if node.shuffled:
            order = list(range(n))
            for i in range(n - 1, 0, -1):
                j = rng.randrange(i + 1)
                order[i], order[j] = order[j], order[i]
        elif n:
            start = rng.randrange(n)
            order = [(start + k) % n for k in range(n if n < QUINT_RETRY_NONDET_SMALLER_THAN else 1)]
        else:
            return None
        for i in order:
            branch = node.branch(i)
            end = branch if branch is None or isinstance(branch, Exit) else plain(branch, rng)
            if end is not None:
                node = end.then
                break
        else:
            return None
    return node


def expand(node) -> None:
    """Compute every branch of a tree."""
    if isinstance(node, Choice):
        for i in range(node.size):
            expand(node.get(i))
    elif isinstance(node, Exit):
        expand(node.then)


def shown(step) -> tuple | None:
    return None if step is None else (str(step[0]), step[1])


def reachable(model, limit: int) -> list:
    seen = dict.fromkeys(model.init_states())
    todo = list(seen)
    while todo and len(seen) < limit:
        for successor in model.next_states(todo.pop()):
            if successor not in seen:
                seen[successor] = None
                todo.append(successor)
    return list(seen)[:limit]


def test_first_step_of_draws_by_hand():
    """Skip or Nested first, half the time each (Never fails); Skip's pick is 1, 4 or 5, and 4 is taken
    when 2, 3 or 4 is drawn; Nested's outer picks 1 and 2 find no inner pick: 0 is taken, then b = 0."""
    model = spec("draws")
    start = model.init_states()[0]
    found = distribution(lambda rng: walk(model.step_action.tree(start), rng)[1])
    assert found == {(0, 0): Fraction(1, 2), (1, 0): Fraction(1, 10), (4, 0): Fraction(3, 10), (5, 0): Fraction(1, 10)}


@pytest.mark.parametrize("name, limit", [("draws", 100), ("dice", 100), ("picks", 100), ("tictactoe", 60), ("channel", 60)])
def test_the_same_probabilities_as_quints_procedure(name, limit):
    """In each state: drawing from a fresh tree, or from a tree computed whole, as Quint's procedure does."""
    model = spec(name)
    for state in reachable(model, limit):
        expected = distribution(lambda rng: shown(plain(model.step_action.tree(state), rng)))
        assert distribution(lambda rng: shown(walk(model.step_action.tree(state), rng))) == expected
        whole = model.step_action.tree(state)
        expand(whole)
        assert distribution(lambda rng: shown(walk(whole, rng))) == expected


@pytest.mark.parametrize("name, limit", [("draws", 100), ("tictactoe", 60), ("channel", 60)])
def test_each_sequence_of_draws_gives_one_step_whatever_is_computed(name, limit):
    """Drawing from a fresh tree, or from the same tree after every branch is computed: for every
    sequence of draws, the same step and the same draws taken."""
    model = spec(name)
    for state in reachable(model, limit):
        whole = model.step_action.tree(state)
        expand(whole)
        for draws in ([], [1], [2, 1], [1, 0, 1], [3, 2, 1, 0], [4, 4, 4, 4]):
            fresh_rng, whole_rng = Scripted(list(draws)), Scripted(list(draws))
            fresh = shown(walk(model.step_action.tree(state), bounded(fresh_rng)))
            assert shown(walk(whole, bounded(whole_rng))) == fresh
            assert whole_rng.ranges == fresh_rng.ranges


def bounded(rng: Scripted) -> Scripted:
    """`rng` with each scripted draw taken modulo its range, so any script is a valid sequence of draws."""
    draw = rng.randrange

    def randrange(n: int) -> int:
        k = len(rng.ranges)
        if k < len(rng.draws):
            rng.draws[k] %= n
        return draw(n)

    rng.randrange = randrange
    return rng


@pytest.mark.parametrize("size, found", [(99, True), (100, False)])
def test_a_large_set_keeps_the_element_drawn(ttt_check, with_quint, tmp_path, size, found):
    """A step whose nondet must pick one element of `size`: Quint's simulator tries the next elements only
    in a set of fewer than 100, so `run` takes every step there, and almost never in a set of 100."""
    spec = tmp_path / "pick.qnt"
    spec.write_text(
        "module pick {\n  var x: int\n  action init = x' = 0\n"
        f"  action step = {{ nondet v = 1.to({size}).oneOf()\n all {{ v == {size}, x' = x + 1 }} }}\n"
        "  val inv = x < 3\n}\n"
    )
    code, out, _ = ttt_check("run", "--spec", spec, "-i", "inv", "--max-samples", "20", "--max-steps", "5", "--seed", "1")
    assert (code == 12) is found, out


@pytest.mark.parametrize("n", [0, 1, 2, 6, 7])
def test_an_order_drawn_one_at_a_time_is_a_uniform_shuffle(n):
    """An `any` of more than 5 disjuncts draws its order one index at a time: each of the n! orders
    is exactly as likely, as in Quint's Fisher-Yates shuffle."""
    found = distribution(lambda rng: tuple(drawn_order(n, rng)))
    assert found == {order: Fraction(1, factorial(n)) for order in permutations(range(n))}
