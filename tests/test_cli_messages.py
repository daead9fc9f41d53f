"""What the command line says when a bound, an option or a policy is not what the user may think."""

from __future__ import annotations

import re

import pytest

from checker.explore.bfs import MAX_STATES, Stats
from checker.report import format_stats


def test_help_gives_max_states_its_exit_code(ttt_check):
    code, out, _ = ttt_check("--help")
    assert code == 0
    text = " ".join(out.split())
    assert "(exit 4 when no violation was found)" in text and "exit 3 when" not in text
    assert "4 stopped by --max-states or the memory bound" in text


def test_a_deep_search_shows_its_first_and_last_depths_only():
    counts = list(range(1, 10_001))  # 10,000 depths, each count its own number
    line = format_stats(Stats(distinct=sum(counts), per_depth=counts, stopped=MAX_STATES)).splitlines()[-1]
    assert len(line) < 400
    shown = re.findall(r"\d[\d,]*", line.split("(")[0]) + re.findall(r"\d[\d,]*", line.split(")")[-1])
    numbers = [int(n.replace(",", "")) for n in shown]
    assert numbers[:20] == counts[:20] and numbers[-20:] == counts[-20:]
    assert "(9,960 depths not shown)" in line


def test_a_shallow_search_shows_every_depth():
    counts = [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
    line = format_stats(Stats(per_depth=counts)).splitlines()[-1]
    assert line == "States per depth: " + ", ".join(f"{n:,}" for n in counts)


def test_symmetry_with_a_policy_learned_without_it_blames_the_policy(ttt_check, tmp_path):
    policy = tmp_path / "p.json"
    assert ttt_check("learn", "--epochs", "10", "--seed", "1", "--out", policy)[0] == 0
    code, out, err = ttt_check("--spec", "random", "--x", "any", "--o", f"learned:{policy}", "--symmetry")
    assert code == 2 and out == ""
    assert f"learned:{policy}" in err and "learned without --symmetry" in err and "declares no symmetry" not in err


def test_symmetry_with_a_policy_learned_with_it_is_fine(ttt_check, tmp_path):
    policy = tmp_path / "p.json"
    assert ttt_check("learn", "--epochs", "10", "--seed", "1", "--symmetry", "--out", policy)[0] == 0
    code, _, err = ttt_check("--spec", "random", "--x", "any", "--o", f"learned:{policy}", "--symmetry", "-i",
                             "XHasNotWon")
    assert code in (0, 12), err


@pytest.mark.parametrize("args", [["-i", "bogus"], ["-i", "XHasNotWon"], ["-t", "GameEventuallyEnds"], ["--size", "4"],
                                  ["--max-states", "10"]])
def test_list_refuses_what_it_would_ignore(ttt_check, args):
    code, out, err = ttt_check("--list", *args)
    assert code == 2 and out == ""
    assert "has no effect with --list" in err


def test_list_takes_a_spec(ttt_check):
    code, out, _ = ttt_check("--list", "--spec", "random")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines() if line.startswith("spec ")] == ["random"]


@pytest.mark.parametrize(
    "args, why",
    [
        (["--coverage"], "--coverage and --dump watch every step"),
        (["--engine", "generic"], "--engine generic asks for it"),
    ],
)
def test_a_slower_engine_is_announced_with_its_reason(ttt_check, args, why):
    code, _, err = ttt_check("--size", "4", "--max-states", "2000", *args)
    assert code == 4
    assert err.count("\n") == 1 and "explored by the generic engine" in err and why in err


def test_the_packed_engine_is_not_announced(ttt_check):
    code, _, err = ttt_check("--size", "4", "--max-states", "2000")
    assert code == 4 and err == ""


@pytest.mark.parametrize(
    "args, unknown, meant",
    [
        (["-i", "OHasNotWin"], "unknown invariant 'OHasNotWin' for spec 'strategy'", "OHasNotWon"),
        (["--spec", "random", "-i", "notstalemate"], "unknown invariant 'notstalemate' for spec 'random'", "NotStalemate"),
        (["-t", "XMustEventualyWin"], "unknown temporal property 'XMustEventualyWin' for spec 'strategy'", "XMustEventuallyWin"),
        (["-i", "OHasNotWon", "--view", "bord"], "unknown view 'bord'", "board"),
        (["--spec", "stratgy"], "'stratgy' is neither a spec (strategy, random) nor a .qnt or .tla file", "strategy"),
        (["explore", "-i", "XHasNotWin"], "unknown invariant 'XHasNotWin' for spec 'strategy'", "XHasNotWon"),
        (["run", "--spec", "random", "-i", "OHasnotWon"], "unknown invariant 'OHasnotWon' for spec 'random'", "OHasNotWon"),
    ],
)
def test_a_mistyped_name_gets_the_name_meant(ttt_check, args, unknown, meant):
    code, out, err = ttt_check(*args)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert f"{unknown} (did you mean '{meant}'?)" in err


def test_a_name_like_none_gets_no_guess(ttt_check):
    code, _, err = ttt_check("-i", "Zebra")
    assert code == 2 and "unknown invariant 'Zebra'" in err and "did you mean" not in err
