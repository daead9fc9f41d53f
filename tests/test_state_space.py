"""The reachable state space, against public figures and an independent enumerator.

`enumerator.py` walks the games by itself (9-character boards, its own
winning lines and its own reading of the strategy); the checker's counts,
its very set of states and its state graph must equal the enumerator's.
"""

from functools import lru_cache

import enumerator
import pytest
from boards import flat

from checker.explore.bfs import explore
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

#: spec name -> (model factory, the enumerator's game)
SPECS = {"random": (TicTacToe, enumerator.any_square), "strategy": (StrategyTicTacToe, enumerator.strategy)}
VARIANTS = [(spec, stutter) for spec in SPECS for stutter in (True, False)]
INVARIANTS = ("XHasNotWon", "OHasNotWon", "NotStalemate")


def variant_id(variant):
    spec, stutter = variant
    return spec if stutter else f"{spec}-no-stutter"


@lru_cache(maxsize=None)
def expected(spec: str, stutter: bool) -> enumerator.Exploration:
    return enumerator.Game(SPECS[spec][1], stutter).explore()


@lru_cache(maxsize=None)
def checked(spec: str, stutter: bool):
    """The model and its whole state graph, as the checker explores it."""
    model = SPECS[spec][0](stutter=stutter)
    return model, explore(model, check_deadlock=False, keep_graph=True)


# ---- public figures ----------------------------------------------------------------

#: reachable positions of tic-tac-toe by number of marks, the 958 terminal
#: positions, and the 255,168 complete games (131,184 won by X, 77,904 by O,
#: 46,080 drawn): widely published figures
PER_DEPTH = [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]


def test_the_enumerator_reproduces_the_public_figures():
    space = expected("random", True)
    assert len(space.states) == 5478 and space.per_depth == PER_DEPTH and len(space.final) == 958
    games, ends = enumerator.RANDOM.games()
    assert sum(games.values()) == 255_168
    assert games == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert len(ends) == 958 and ends == space.final


def test_the_checker_reproduces_the_public_figures():
    _, result = checked("random", True)
    assert result.stats.distinct == 5478
    assert result.stats.per_depth == PER_DEPTH
    assert result.stats.final == 958
    assert result.stats.depth == 9 and result.stats.complete


def test_the_lectures_MoveX_reaches_the_same_states_as_the_guarded_one():
    """The spec adds `not(gameOver)` to the strategy's MoveX; the lecture's has no
    such guard. O never wins against the strategy, so the difference never shows."""
    space = expected("strategy", True)
    assert not space.violating("OHasNotWon")
    model, result = checked("strategy", True)
    assert {flat(model, s) for s in result.graph} == space.states


# ---- the checker against the enumerator -------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_counts_equal_the_enumerators(variant):
    space = expected(*variant)
    _, result = checked(*variant)
    stats = result.stats
    assert stats.distinct == len(space.states)
    assert stats.per_depth == space.per_depth
    assert stats.final == len(space.final)
    assert stats.deadlocks == len(space.deadlocks)
    assert stats.generated == space.generated
    assert stats.transitions == space.transitions


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_the_state_graph_equals_the_enumerators(variant):
    space = expected(*variant)
    model, result = checked(*variant)
    name = {s: flat(model, s) for s in result.graph}
    assert {name[s]: frozenset(name[t] for t in nxt) for s, nxt in result.graph.items()} == space.successors
    assert [name[s] for s in result.initial] == [enumerator.START]


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_verdicts_equal_the_enumerators(variant):
    space = expected(*variant)
    model = SPECS[variant[0]][0](stutter=variant[1])
    result = explore(model, [model.invariants[name] for name in INVARIANTS], check_deadlock=False)
    violated = {name for name in INVARIANTS if space.violating(name)}
    assert set(result.violations) == violated


def test_the_lectures_verdicts():
    """Part 1: every invariant breaks. Part 2: X can still win and games can still
    end in a draw, but O never wins."""
    random, strategy = expected("random", True), expected("strategy", True)
    assert all(random.violating(name) for name in INVARIANTS)
    assert strategy.violating("XHasNotWon") and strategy.violating("NotStalemate")
    assert not strategy.violating("OHasNotWon")


def test_finished_games_deadlock_without_the_stutter():
    for spec in SPECS:
        with_stutter, without = expected(spec, True), expected(spec, False)
        assert not with_stutter.deadlocks
        assert without.deadlocks == without.final == with_stutter.final
        assert all(enumerator.is_over(board) for board, _ in without.deadlocks)


def test_a_shortest_path_to_a_state_has_one_step_per_mark():
    for variant in VARIANTS:
        space = expected(*variant)
        assert all(d == 9 - board.count(".") for (board, _), d in space.distance.items())


def test_the_lectures_counterexample_is_reachable():
    """The `[State 9]` slide of part 1: a full board where nobody won, O to move."""
    space = expected("random", True)
    slide = ("OXO" "OXX" "XOX", "O")
    assert slide in space.violating("NotStalemate") and space.distance[slide] == 9
