"""`ttt-check run`: random samples that are real behaviours, reproducible from a seed."""

import re
from collections import Counter

import pytest

from checker.explore.simulate import replay_sample, simulate
from checker.model import Invariant, Label, Model
from checker.quint.itf import decode_trace, encode_trace
from checker.quint.replay import Replayer
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe


class Counter3(Model):
    """A toy: x starts at 0, `Up` adds 1 or 2 (two picks) while x < 3; x >= 3 has no successor."""

    name = "counter"

    def init_states(self):
        return [0]

    def next_steps(self, x):
        if x < 3:
            for by in (1, 2):
                yield Label(("Up",), (("by", by),)), x + by


# ---- the toy: semantics of a sample -------------------------------------------------


def test_invariants_are_checked_in_the_initial_state():
    result = simulate(Counter3(), [Invariant("Positive", lambda x: x > 0)], 100, 20, seed=1)
    assert result.samples == 1
    assert result.violation.trace.states == (0,)
    assert result.violation.violated == ("Positive",)


def test_a_state_without_successor_ends_the_sample_early():
    result = simulate(Counter3(), [], 500, 20, seed=1)
    assert result.samples == 500
    assert result.violation is None
    assert result.ended_early == 500
    # every path from 0 reaches 3 or 4 in 2 steps (0-1-3, 0-2-3, 0-2-4) or 3 (0-1-2-3, 0-1-2-4)
    assert (result.min_length, result.max_length) == (3, 4)


def test_steps_are_chosen_uniformly():
    # from 0, `Up` by 1 and by 2 are the two enabled steps: each should start half the samples
    firsts = Counter(replay_sample(Counter3(), [], 20, seed).trace.states[1] for seed in range(2000))
    assert 900 <= firsts[1] <= 1100 and 900 <= firsts[2] <= 1100


def test_max_steps_bounds_every_sample():
    # the strategy spec never deadlocks (a finished game repeats), so every sample is full
    result = simulate(StrategyTicTacToe(), [], 300, 7, seed=3)
    assert (result.min_length, result.max_length, result.average_length) == (8, 8, 8.0)


# ---- reproducibility and real behaviours ------------------------------------------


def test_the_same_seed_gives_the_same_samples():
    model = TicTacToe()
    inv = [model.invariants["NotStalemate"]]
    first, again = simulate(model, inv, 1000, 20, seed=42), simulate(model, inv, 1000, 20, seed=42)
    assert first.violation.trace == again.violation.trace
    assert first.samples == again.samples


def test_the_seed_reported_replays_the_violating_sample_first():
    model = TicTacToe()
    inv = [model.invariants["NotStalemate"]]
    result = simulate(model, inv, 1000, 20, seed=1)
    again = simulate(model, inv, 1000, 20, seed=result.violation.seed)
    assert again.samples == 1
    assert again.violation.trace == result.violation.trace


@pytest.mark.parametrize("seed", range(10))
def test_a_stalemate_is_found_within_a_few_samples(seed):
    # about one random game in eight ends in a draw
    model = TicTacToe()
    result = simulate(model, [model.invariants["NotStalemate"]], 100, 20, seed=seed)
    assert result.violation is not None and result.samples <= 60
    last = model.to_quint(result.violation.trace.states[-1])["board"]
    assert all(last[r][c].tag == "Occupied" for r in (1, 2, 3) for c in (1, 2, 3))


@pytest.mark.parametrize(
    "model", [TicTacToe(), StrategyTicTacToe(), TicTacToe(stutter=False)], ids=["random", "strategy", "no-stutter"]
)
def test_samples_are_behaviours_with_the_steps_they_took(model):
    replayer = Replayer(model, [])
    for seed in range(200):
        trace = replay_sample(model, [], 12, seed).trace
        # through ITF with mbt:: fields, so replay must find the very labels the sample took
        back = replayer.replay(decode_trace(encode_trace(model, trace, "ok"))).trace
        assert back == trace


# ---- the command ------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, seed",
    [("random", "1"), ("specs/tictactoe_random.qnt", "1"), ("specs/tictactoe.qnt", "5"), ("specs/tictactoe.qnt", "9")],
)
def test_run_finds_a_draw_reproducibly(ttt_check, request, spec, seed):
    """The seed printed replays the violating sample as the first one, whatever samples came before it
    (an evaluated spec draws from trees of choices computed by the earlier samples: never by a different
    sequence of draws)."""
    if spec.endswith(".qnt"):
        request.getfixturevalue("with_quint")
    code, out, _ = ttt_check("run", "--spec", spec, "--invariant", "NotStalemate", "--seed", seed)
    assert code == 12
    seed = re.search(r"Use --seed=(0x[0-9a-f]+) to reproduce\.", out).group(1)
    verdict = re.search(r"\[violation\] invariant NotStalemate violated after (\d+) steps, in sample (\d+)", out)
    assert verdict.group(1) == "9" and int(verdict.group(2)) > 1
    code, again, _ = ttt_check("run", "--spec", spec, "--invariant", "NotStalemate", "--seed", seed)
    assert code == 12
    assert "in sample 1 " in again
    trace = out[out.index("[State 0]") : out.index("[violation]")]
    assert again[again.index("[State 0]") : again.index("[violation]")] == trace


def test_run_without_violation_reports_statistics(ttt_check):
    code, out, _ = ttt_check("run", "-i", "OHasNotWon", "--max-samples", "200", "--seed", "0x10")
    assert code == 0
    assert "[ok] No violation of OHasNotWon found in 200 samples" in out
    assert "Trace length statistics: max=21, min=21, average=21.00 (states per sample)" in out
    assert out.rstrip().endswith("Use --seed=0x10 to reproduce.")


def test_run_says_when_samples_end_early(ttt_check):
    # without the game-over disjunct every game deadlocks within 9 moves, and O never wins against the strategy
    code, out, _ = ttt_check("run", "--no-stutter", "-i", "OHasNotWon", "--max-samples", "50", "--seed", "5")
    assert code == 0
    assert "50 samples ended early: a state with no successor (a deadlock)." in out


def test_run_writes_itf_that_replays(ttt_check, tmp_path):
    path = tmp_path / "run_{seq}.itf.json"
    code, out, _ = ttt_check("run", "-i", "OHasNotWon", "--max-samples", "50", "--seed", "7", "--out-itf", path)
    written = tmp_path / "run_0.itf.json"
    assert code == 0
    assert f"Wrote the longest sample to {written} (ITF, 21 states)." in out
    assert "An example execution (the longest sample):" in out and "[State 20]" in out
    code, out, _ = ttt_check("replay", written)
    assert code == 0
    assert "status ok" in out


@pytest.mark.parametrize("seed, message", [("zz", "'zz' is not a number"), ("-3", "the seed must not be negative")])
def test_bad_seeds_are_usage_errors(ttt_check, seed, message):
    code, out, err = ttt_check("run", "--seed", seed)
    assert code == 2
    assert message in err and len(err.splitlines()) == 1
