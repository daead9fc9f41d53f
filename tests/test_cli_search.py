"""The search options on the command line: --size/--k, --symmetry, --continue, --max-states, --engine."""

import pytest
from test_cli import assert_one_line_usage_error
from test_counterexamples import assert_replays

from test_packed import Interrupted

from checker.cli.app import make_cli
from checker.cli.guard import run_guarded
from checker.cli.common import Specs
from checker.quint.itf import read_trace
from checker.quint.replay import Replayer
from model.commands.cli import SPECS
from model.spec.tictactoe import TicTacToe


@pytest.mark.parametrize(
    "args",
    [
        ["--symmetry", "--temporal", "XMustEventuallyWin"],
        ["--engine", "packed"],  # 3x3 checks with the generic engine
        ["--max-states", "0"],
    ],
)
def test_impossible_searches_are_refused_in_one_line(ttt_check, args):
    assert_one_line_usage_error(*ttt_check(*args))


def test_symmetry_with_temporal_says_why(ttt_check):
    _, _, err = ttt_check("--symmetry", "--temporal", "XMustEventuallyWin")
    assert "--symmetry cannot be used with --temporal" in err and "sound only when every symmetry preserves" in err


def test_continue_explores_every_state_after_a_violation(ttt_check):
    code, out, _ = ttt_check("--spec", "random", "-i", "XHasNotWon", "--no-deadlock")
    assert code == 12 and "stopped at the violation" in out and "5,478 distinct states" not in out
    code, out, _ = ttt_check("--spec", "random", "-i", "XHasNotWon", "-i", "NotStalemate", "--continue")
    assert code == 12 and "5,478 distinct states, 17,126 generated" in out and "stopped" not in out
    assert "XHasNotWon is violated after 5 steps" in out and "NotStalemate is violated after 9 steps" in out


def test_a_violation_ends_the_search_with_the_deadlock_check_on_and_leaves_the_deadlock_unknown(ttt_check):
    """X wins after 5 steps: the games still going at depth 5 are not expanded, so no deadlock verdict is given."""
    code, out, _ = ttt_check("--spec", "random", "-i", "XHasNotWon")
    assert code == 12 and "States per depth: 1, 9, 72, 252, 756, 1,260\n" in out
    assert "[unknown] deadlock: not checked past the violation (--continue checks it)" in out
    assert "[ok] no deadlock" not in out
    code, out, _ = ttt_check("--spec", "random", "-i", "XHasNotWon", "--continue")  # as the line says
    assert code == 12 and "[ok] no deadlock: every reachable state has a successor" in out


def test_symmetry_keeps_the_verdicts_and_counts_classes(ttt_check):
    for spec, classes in (("random", "765"), ("strategy", "121")):
        plain = ttt_check("--spec", spec, "--continue", "-i", "XHasNotWon", "-i", "OHasNotWon", "-i", "NotStalemate")
        folded = ttt_check(
            "--spec", spec, "--continue", "--symmetry", "-i", "XHasNotWon", "-i", "OHasNotWon", "-i", "NotStalemate"
        )
        assert plain[0] == folded[0]
        verdicts = [
            [line for line in run[1].splitlines() if line.startswith(("[ok]", "[violation]"))]
            for run in (plain, folded)
        ]
        assert len(verdicts[0]) == 4
        assert [v.split(" holds in all")[0] for v in verdicts[0]] == [v.split(" holds in all")[0] for v in verdicts[1]]
        assert f"\n{classes} distinct states" in folded[1]


def test_max_states_stops_with_partial_statistics_and_exit_4(ttt_check):
    code, out, _ = ttt_check("--spec", "random", "--max-states", "50", "-i", "NotStalemate")
    assert code == 4
    # 1 + 9 states checked; then 8 new ones per state of depth 1: the 6th of them passes 50
    assert "[unknown] invariant NotStalemate: no violation in the 10 states checked" in out
    assert "58 distinct states" in out
    assert "stopped at --max-states" in out


@pytest.mark.parametrize(
    "invariant,steps,extra",
    [
        ("OHasNotWon", 6, []),
        ("OHasNotWon", 6, ["--symmetry"]),
        ("XHasNotWon", 5, ["--engine", "generic", "--symmetry", "--no-deadlock"]),
    ],
)
def test_4x4_counterexamples_are_real_behaviours(ttt_check, tmp_path, invariant, steps, extra):
    out_itf = tmp_path / "t.itf.json"
    code, out, _ = ttt_check("--size", 4, "--k", 3, "--spec", "random", "-i", invariant, "--out-itf", out_itf, *extra)
    assert code == 12 and f"{invariant} is violated after {steps} steps" in out
    model = TicTacToe(4, 3)
    trace = Replayer(model, []).replay(read_trace(str(out_itf))).trace
    assert len(trace) == steps + 1 and not model.invariants[invariant].holds(trace.states[-1])
    assert_replays(model, trace)
    code, out, _ = ttt_check("replay", "--size", 4, "--k", 3, "--spec", "random", out_itf)
    assert "is a behaviour of spec 'random'" in out


def test_ctrl_c_prints_partial_statistics_and_exits_130(ttt_check):
    cli = make_cli(Specs({"random": lambda **options: Interrupted(50)}, default="random", options=SPECS.options))
    code, out, _ = ttt_check("--continue", main=lambda: run_guarded(lambda: cli, "ttt-check"))
    assert code == 130
    assert "(interrupted: the states beyond were not explored)" in out and "[unknown] invariant inv" in out


def test_max_states_leaves_temporal_properties_undecided(ttt_check):
    code, out, _ = ttt_check("--temporal", "XMustEventuallyWin", "--max-states", 100)
    assert code == 4
    assert "[unknown] temporal XMustEventuallyWin: needs the whole state graph, which was not explored" in out


def test_progress_is_reported_while_a_level_grows(monkeypatch):
    from checker.explore import bfs

    monkeypatch.setattr(bfs, "PROGRESS_EVERY", 500)
    calls = []
    bfs.explore(TicTacToe(), [], on_level=lambda depth, states: calls.append((depth, states)))
    levels = [c for c in calls if c[1] in (1, 10, 82, 334, 1090, 2350, 3870, 5010, 5400, 5478)]
    assert len(calls) > len(levels) >= 9  # once per level, and in between
    assert calls == sorted(calls)
