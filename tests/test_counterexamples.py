"""Every counterexample is a real behaviour of the model, and a shortest one.

Each trace is replayed through the model step by step; its length is
compared with the independent enumerator's shortest distance to a bad state.
"""

from functools import lru_cache

import enumerator
import pytest
from boards import flat

from checker.explore.bfs import explore
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

SPECS = {"random": (TicTacToe, enumerator.any_square), "strategy": (StrategyTicTacToe, enumerator.strategy)}
VARIANTS = [(spec, stutter) for spec in SPECS for stutter in (True, False)]
#: invariant name -> the predicate it is (`inv` is `OHasNotWon`)
INVARIANTS = {"XHasNotWon": "XHasNotWon", "OHasNotWon": "OHasNotWon", "NotStalemate": "NotStalemate", "inv": "OHasNotWon"}


def variant_id(variant):
    spec, stutter = variant
    return spec if stutter else f"{spec}-no-stutter"


@lru_cache(maxsize=None)
def space(spec, stutter):
    return enumerator.Game(SPECS[spec][1], stutter).explore()


def model_of(spec, stutter):
    return SPECS[spec][0](stutter=stutter)


def assert_replays(model, trace):
    """Each state of `trace` follows the previous one by a step of the model, with that step's label."""
    assert trace.states[0] in list(model.init_states())
    assert trace.labels[0] is None and trace.loop is None
    for before, label, after in zip(trace.states, trace.labels[1:], trace.states[1:]):
        steps = list(model.next_steps(before))
        assert after in [t for _, t in steps], "not a transition of the model"
        assert label in [l for l, t in steps if t == after], "the label is not that of this step"


@pytest.mark.parametrize("name", INVARIANTS)
@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_each_counterexample_is_a_shortest_behaviour_of_the_model(variant, name):
    model = model_of(*variant)
    invariant = model.invariants[name]
    result = explore(model, [invariant], check_deadlock=False)
    bad = space(*variant).violating(INVARIANTS[name])
    if not bad:
        assert name not in result.violations
        return
    trace = result.violations[name]
    assert_replays(model, trace)
    assert not invariant.holds(trace.states[-1])
    assert all(invariant.holds(s) for s in trace.states[:-1])
    assert flat(model, trace.states[-1]) in bad
    assert len(trace) - 1 == space(*variant).shortest(bad)


@pytest.mark.parametrize("spec", SPECS)
def test_each_deadlock_trace_is_a_shortest_way_to_a_state_without_steps(spec):
    model = model_of(spec, False)
    result = explore(model, [], check_deadlock=True)
    trace = result.deadlock
    assert_replays(model, trace)
    assert list(model.next_steps(trace.states[-1])) == []
    assert all(list(model.next_steps(s)) for s in trace.states[:-1])
    assert len(trace) - 1 == space(spec, False).shortest(space(spec, False).deadlocks)


@pytest.mark.parametrize("spec", SPECS)
def test_no_deadlock_with_the_stutter(spec):
    assert explore(model_of(spec, True), [], check_deadlock=True).deadlock is None


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_checking_invariants_together_gives_the_same_traces_as_one_by_one(variant):
    model = model_of(*variant)
    together = explore(model, list(model.invariants.values()), check_deadlock=not variant[1])
    for name, invariant in model.invariants.items():
        alone = explore(model, [invariant], check_deadlock=False)
        assert together.violations.get(name) == alone.violations.get(name)


def test_the_lecture_exercises():
    """NotStalemate breaks on a full board after 9 moves, XHasNotWon breaks as soon
    as X can have three marks (5 moves), OHasNotWon holds against the strategy."""
    model = StrategyTicTacToe()
    lecture = [inv for name, inv in model.invariants.items() if name not in model.model_invariants]
    result = explore(model, lecture)
    assert sorted(result.violations) == ["NotStalemate", "XHasNotWon"]
    stalemate = result.violations["NotStalemate"].states[-1]
    assert model.boardFull(stalemate.board) and not model.won(stalemate.board, "X")
    assert not model.won(stalemate.board, "O")
    assert len(result.violations["NotStalemate"]) - 1 == 9
    assert len(result.violations["XHasNotWon"]) - 1 == 5
