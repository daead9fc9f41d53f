"""The fast engine and symmetry, against the ordinary model and independent counts.

`checker.explore.packed` steps whole arrays of packed states; every figure it
gives is compared with `next_steps` state by state, with the generic engine,
and with counts computed here from scratch (boards as strings, the 8
symmetries written as string permutations).
"""

from functools import lru_cache

import enumerator
import numpy as np
import pytest
from test_boards import as_string, model_levels, reference_levels
from test_counterexamples import assert_replays

from checker.explore.bfs import INTERRUPTED, MAX_STATES, explore
from checker.explore.packed import explore_packed
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

SPECS = {"random": (TicTacToe, enumerator.any_square), "strategy": (StrategyTicTacToe, enumerator.strategy)}
VARIANTS = [(spec, stutter) for spec in SPECS for stutter in (True, False)]


def variant_id(variant):
    spec, stutter = variant
    return spec if stutter else f"{spec}-no-stutter"


def images(board: str, n: int) -> list[str]:
    """The 8 rotations and reflections of a board written row by row."""
    rows = [board[i * n : (i + 1) * n] for i in range(n)]
    found = []
    for _ in range(4):
        rows = ["".join(row[c] for row in reversed(rows)) for c in range(n)]  # a quarter turn
        found += ["".join(rows), "".join(row[::-1] for row in rows)]
    return found


def classes(boards, n: int) -> int:
    return len({min(images(b, n)) for b in boards})


@lru_cache(maxsize=None)
def reachable(spec, stutter):
    return enumerator.Game(SPECS[spec][1], stutter).explore()


def model_of(spec, stutter, n=3, k=None):
    return SPECS[spec][0](n, k, stutter=stutter)


def assert_same_steps(model, states, symmetry=False):
    """For each state: the packed engine's successors (decoded), labelled steps and self-loop are the model's."""
    packed = model.pack()
    same = model.canonical if symmetry else lambda state: state
    for state in states:
        real = list(model.next_steps(state))
        expansion = packed.expand(np.array([packed.encode(same(state))], dtype=packed.dtype), symmetry)
        targets = {packed.decode(int(t)) for _, group in expansion.groups for t in group}
        assert bool(expansion.loops[0]) == (state in [t for _, t in real])
        assert bool(expansion.moves[0]) == any(t != state for _, t in real)
        if expansion.loops[0]:
            targets.add(same(state))
        assert targets == {same(t) for _, t in real}, as_string(model, state)
        assert expansion.steps == len(real)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_symmetry_classes_are_counted_independently(variant):
    boards = {board for board, _ in reachable(*variant).states}
    model = model_of(*variant)
    result = explore(model, symmetry=True, keep_going=True, check_deadlock=False)
    assert result.stats.distinct == classes(boards, 3) == {"random": 765, "strategy": 121}[variant[0]]


@pytest.mark.parametrize("symmetry", [False, True], ids=["plain", "symmetry"])
@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_packed_engine_steps_as_the_model_does(variant, symmetry):
    model = model_of(*variant)
    assert_same_steps(model, reachable_states(*variant), symmetry)


@lru_cache(maxsize=None)
def reachable_states(spec, stutter) -> tuple:
    """The variant's reachable states, as the generic engine finds them (once for both symmetry cases)."""
    return tuple(explore(model_of(spec, stutter), keep_graph=True, check_deadlock=False).graph)


@pytest.mark.parametrize("symmetry", [False, True], ids=["plain", "symmetry"])
@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_packed_engine_agrees_with_the_generic_one(variant, symmetry):
    model = model_of(*variant)
    invariants = list(model.invariants.values())
    fast = explore_packed(model, invariants, keep_going=True, symmetry=symmetry, packed=model.pack())
    slow = explore(model, invariants, keep_going=True, symmetry=symmetry)
    figures = ("distinct", "generated", "transitions", "final", "deadlocks", "per_depth")
    assert [getattr(fast.stats, f) for f in figures] == [getattr(slow.stats, f) for f in figures]
    if not symmetry:
        space = reachable(*variant)
        assert fast.stats.distinct == len(space.states) and fast.stats.generated == space.generated
    assert {k: len(t) for k, t in fast.violations.items()} == {k: len(t) for k, t in slow.violations.items()}
    assert (fast.deadlock is None) == (slow.deadlock is None)
    for trace in [*fast.violations.values(), *slow.violations.values(), fast.deadlock, slow.deadlock]:
        if trace is not None:
            assert_replays(model, trace)
    for name, trace in [*fast.violations.items(), *slow.violations.items()]:
        assert not model.invariants[name].holds(trace.states[-1])


def code(board: str) -> int:
    """Seed 004's hash of a board string: X is 1, O is 2, square i weighs 3^i."""
    return int(board[::-1].translate(str.maketrans(".XO", "012")), 3)


@pytest.mark.parametrize("spec", SPECS)
def test_4x4_three_in_a_row_first_levels(spec):
    model = model_of(spec, True, 4, 3)
    packed = model.pack()
    levels, level = [], np.zeros(1, dtype=packed.dtype)
    for _ in range(7):  # levels 0..6, by the packed steps alone (levels are disjoint: a move adds a stone)
        levels.append(level)
        level = np.unique(np.concatenate([t for _, t in packed.expand(level, False).groups]))
    if spec == "random":
        assert [set(lv.tolist()) for lv in levels] == [set(map(code, lv)) for lv in reference_levels(4, 3, 6)]
    else:  # the strategy's levels are few enough to step through next_steps
        assert [set(lv.tolist()) for lv in levels] == [set(map(code, lv)) for lv in model_levels(model, 6)]
    rng = np.random.default_rng(4)
    for depth, codes in enumerate(levels):
        sample = codes if depth < 3 else rng.choice(codes, 200, replace=False)
        states = [packed.decode(int(c)) for c in sample]
        assert_same_steps(model, states)
        assert_same_steps(model, states[:50], symmetry=True)


def test_4x4_counts():
    """The published 9,722,011 positions of 4x4 four-in-a-row (6,036,001 for three in a row: benchmarks/)."""
    four = TicTacToe(4)
    result = explore_packed(four, [four.invariants["NotStalemate"]], keep_going=True)
    assert result.stats.distinct == 9_722_011 and result.stats.final == 659_392
    assert result.stats.transitions - result.stats.final == 51_562_424  # without the stutter self-loops
    assert_replays(four, result.violations["NotStalemate"])
    assert explore_packed(four, symmetry=True, check_deadlock=False, keep_going=True).stats.distinct == 1_217_977
    three = TicTacToe(4, 3)
    result = explore_packed(three, [three.invariants["OHasNotWon"]], symmetry=True)
    trace = result.violations["OHasNotWon"]
    assert_replays(three, trace)
    assert not three.OHasNotWon(trace.states[-1]) and len(trace) - 1 == 6


def test_max_states_stops_with_partial_statistics():
    model = TicTacToe()
    for search in (explore, lambda *a, **k: explore_packed(*a, packed=model.pack(), **k)):
        result = search(model, [model.invariants["XHasNotWon"]], max_states=100)
        assert result.stats.stopped == MAX_STATES and not result.violations
        assert 100 < result.stats.distinct < 5478


class Interrupted(TicTacToe):
    """A model whose exploration is interrupted (as by Ctrl-C) after some steps."""

    def __init__(self, after):
        super().__init__()
        self.left = after

    def next_steps(self, state):
        self.left -= 1
        if self.left < 0:
            raise KeyboardInterrupt
        return super().next_steps(state)


def test_ctrl_c_gives_partial_statistics_to_a_caller_that_asks_for_them():
    result = explore(Interrupted(50), [], interruptible=True)
    assert result.stats.stopped == INTERRUPTED and 50 < result.stats.distinct < 5478


def test_ctrl_c_otherwise_interrupts_the_caller():
    """A caller that does not look at `stopped` (solve, learn, explore) must not take a partial graph for a whole."""
    with pytest.raises(KeyboardInterrupt):
        explore(Interrupted(50), [])
