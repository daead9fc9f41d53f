"""The specs' temporal properties, against an independent count of every complete game.

The brute force is `tests/enumerator.py`, which shares nothing with `model/`
or `checker/`: a board is a 9-character string read row by row ("." for an
empty square), and every complete game is enumerated by recursion from the
empty board, with X's strategy read again from the lecture. A game ends when
somebody has won or the board is full; tic-tac-toe games cannot cycle (each
move fills a square). So, under weak fairness, where a behaviour may stop
only once no move is possible:

  * XMustEventuallyWin fails iff some complete game ends without X winning,
    and a shortest lasso is a shortest such game, then its last state forever;
  * GameEventuallyEnds holds iff every position without a move is game over.

Without fairness, a behaviour may stop anywhere, even in the initial state:
both properties fail there, since the empty board is neither won nor over.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import enumerator
from boards import drawn
import pytest
from lassos import assert_counterexample

from checker.explore.bfs import explore
from checker.properties.liveness import StateGraph, check_temporal
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

#: strategy? -> the enumerator's game, X playing by the lecture's strategy or anywhere
GAMES = {True: enumerator.STRATEGY, False: enumerator.RANDOM}


@lru_cache(maxsize=None)
def all_games(strategy: bool) -> Counter:
    """(how the game ends, moves until then) -> how many complete games."""
    return GAMES[strategy].endings()


# ---- the brute force itself ----------------------------------------------------------


def test_the_brute_force_counts_the_well_known_games():
    """255,168 games of tic-tac-toe: 131,184 won by X, 77,904 by O, 46,080 drawn."""
    ends = Counter()
    for (end, _), count in all_games(strategy=False).items():
        ends[end] += count
    assert ends == {"X": 131_184, "O": 77_904, "draw": 46_080}


def test_against_the_strategy_O_never_wins():
    """The lecture's claim (OHasNotWon holds), here by brute force."""
    assert {end for end, _ in all_games(strategy=True)} == {"X", "draw"}


# ---- the checker against it ------------------------------------------------------------

SPECS = {"strategy": StrategyTicTacToe, "random": TicTacToe}
CONFIGS = [(spec, stutter) for spec in SPECS for stutter in (True, False)]


@pytest.fixture(scope="module")
def checked():
    """(spec, stutter) -> (model, its explored graph, a function checking a property)."""
    cache = {}

    def get(spec, stutter):
        if (spec, stutter) not in cache:
            model = SPECS[spec](stutter=stutter)
            result = explore(model, keep_graph=True, check_deadlock=False)
            graph = StateGraph(result, model)
            cache[spec, stutter] = model, lambda name, fairness: check_temporal(
                model, result, model.temporal_properties[name], fairness, graph
            )
        return cache[spec, stutter]

    return get


def board_of(model, state) -> str:
    """The state's board as the brute force writes it, read through the spec's `square`."""
    return "".join(model.square(state.board, (r, c)) or "." for r in (1, 2, 3) for c in (1, 2, 3))


def assert_legal_game(model, trace, strategy: bool):
    """Each step of the lasso is a move the brute force allows too."""
    boards = [board_of(model, state) for state in trace.states]
    assert boards[0] == "." * 9
    for turn, (before, after) in zip("XOXOXOXOX", zip(boards, boards[1:])):
        changed = [i for i in range(9) if before[i] != after[i]]
        assert len(changed) == 1 and after[changed[0]] == turn
        steps = GAMES[strategy].choices((before, turn))
        assert enumerator.outcome(before) is None and after in {board for _, (board, _) in steps}


@pytest.mark.parametrize("spec, stutter", CONFIGS)
def test_XMustEventuallyWin_under_weak_fairness_a_shortest_game_X_does_not_win(checked, spec, stutter):
    model, check = checked(spec, stutter)
    strategy = spec == "strategy"
    not_won_by_x = {length for end, length in all_games(strategy) if end != "X"}
    verdict = check("XMustEventuallyWin", "weak")
    trace = verdict.counterexample
    assert trace is not None
    assert_counterexample(model, verdict.property.formula, trace, "weak")
    assert_legal_game(model, trace, strategy)
    # a whole game, then its final position forever
    assert len(trace) - 1 == min(not_won_by_x)
    assert trace.loop == len(trace) - 1
    final = board_of(model, trace.states[-1])
    assert enumerator.outcome(final) in {
        end for end, length in all_games(strategy) if end != "X" and length == len(trace) - 1
    }
    assert verdict.holds_under_weak is None


def test_the_shortest_games_X_does_not_win():
    """By hand: a draw fills the board (9 moves); O's quickest win is its third move (6)."""
    assert min(length for end, length in all_games(strategy=True) if end != "X") == 9
    assert min(length for end, length in all_games(strategy=False) if end != "X") == 6
    assert {end for end, length in all_games(strategy=False) if end != "X" and length == 6} == {"O"}


@pytest.mark.parametrize("spec, stutter", CONFIGS)
def test_XMustEventuallyWin_without_fairness_the_initial_state_stutters(checked, spec, stutter):
    model, check = checked(spec, stutter)
    verdict = check("XMustEventuallyWin", "none")
    assert verdict.counterexample.states == tuple(model.init_states())
    assert verdict.counterexample.loop == 0
    assert_counterexample(model, verdict.property.formula, verdict.counterexample, "none")
    # the warning: still violated under weak fairness, as some game ends without X winning
    assert verdict.holds_under_weak is False


@pytest.mark.parametrize("spec, stutter", CONFIGS)
def test_GameEventuallyEnds_holds_under_weak_fairness(checked, spec, stutter):
    model, check = checked(spec, stutter)
    every_game_ends = all(end != "stuck" for end, _ in all_games(spec == "strategy"))
    assert every_game_ends
    assert check("GameEventuallyEnds", "weak").holds


@pytest.mark.parametrize("spec, stutter", CONFIGS)
def test_GameEventuallyEnds_without_fairness_the_initial_state_stutters(checked, spec, stutter):
    model, check = checked(spec, stutter)
    verdict = check("GameEventuallyEnds", "none")
    assert verdict.counterexample.states == tuple(model.init_states())
    assert_counterexample(model, verdict.property.formula, verdict.counterexample, "none")
    assert verdict.holds_under_weak is True


# ---- on the command line -------------------------------------------------------------------


def test_the_lecture_s_answer_a_stalemate(ttt_check):
    code, out, _ = ttt_check("--temporal", "XMustEventuallyWin", "--view", "board")
    assert code == 13
    assert "Invariants: (none)" in out
    assert "Temporal property XMustEventuallyWin = eventually(won(X)) is violated under weak fairness." in out
    assert "A behaviour where won(X) never holds: 9 steps from an initial state, then state 9 repeats forever" in out
    assert "[State 10]  Stuttering: state 9 repeats forever" in out
    assert "Warning" not in out
    board = drawn(out.split("[State 9]")[1].split("[State 10]")[0])
    assert enumerator.outcome(board) == "draw"
    assert "[violation] temporal XMustEventuallyWin is violated under weak fairness" in out


def test_without_fairness_the_warning(ttt_check):
    code, out, _ = ttt_check("--temporal", "GameEventuallyEnds", "--fairness", "none", "--view", "board")
    assert code == 13
    assert "[State 1]  Stuttering: state 0 repeats forever" in out
    assert "a fairness condition may be missing" in out and "--fairness weak" in out
    assert "(under weak fairness, GameEventuallyEnds holds)." in out


@pytest.mark.parametrize(
    "args, code",
    [
        (["-t", "GameEventuallyEnds"], 0),
        (["-t", "XMustEventuallyWin", "-t", "GameEventuallyEnds"], 13),
        # an invariant violation (12) comes first, then a temporal one (13), then a deadlock (11)
        (["-s", "random", "-i", "OHasNotWon", "-t", "XMustEventuallyWin"], 12),
        (["-i", "OHasNotWon", "-t", "XMustEventuallyWin"], 13),
        (["--no-stutter", "-t", "XMustEventuallyWin"], 13),
        (["--no-stutter", "-t", "GameEventuallyEnds"], 11),
    ],
)
def test_exit_codes(ttt_check, args, code):
    assert ttt_check(*args, "--view", "quint")[0] == code


def test_one_verdict_line_per_property(ttt_check):
    _, out, _ = ttt_check("-i", "OHasNotWon", "-t", "XMustEventuallyWin", "-t", "GameEventuallyEnds")
    verdicts = [line for line in out.splitlines() if line.startswith(("[ok]", "[violation]"))]
    assert verdicts[0].startswith("[ok] invariant OHasNotWon holds")
    assert verdicts[-2].startswith("[violation] temporal XMustEventuallyWin is violated under weak fairness")
    assert verdicts[-1] == "[ok] temporal GameEventuallyEnds holds under weak fairness"


def test_unknown_temporal_property(ttt_check):
    code, out, err = ttt_check("--temporal", "XWins")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "'XWins'" in err
    assert "valid names: XMustEventuallyWin, GameEventuallyEnds" in err
