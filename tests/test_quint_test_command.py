"""`ttt-check test`: a spec's runs (tests/specs/runs.qnt: `init.then(step)`, `reps`, `expect`, `fail`,
`nondet` in a run) pass and fail as `quint test` says, the real Quint run on the same file."""

from __future__ import annotations

import json
import re
import subprocess

from conftest import ROOT, quint_or_skip

RUNS = "tests/specs/runs.qnt"
#: the samples of each randomized test: `rareTest` fails in one sample of 2^6, so almost surely in these
SAMPLES = "3000"
#: what runs.qnt's comments say of each test
EXPECTED = {
    "initThenStepTest": True, "repsTest": True, "nondetTest": True, "disabledFailTest": True,
    "expectTest": False, "enabledFailTest": False, "thenTest": False, "rareTest": False,
}  # fmt: skip


def verdicts(out: str) -> dict[str, bool]:
    """test name -> passed, from the lines `ok NAME passed ...` and `N) NAME failed ...` both tools print."""
    found = {}
    for line in out.splitlines():
        if match := re.fullmatch(r"\s+ok (\w+) passed \d+ test\(s\)", line):
            found[match[1]] = True
        elif match := re.fullmatch(r"\s+\d+\) (\w+) failed after \d+ test\(s\)", line):
            found[match[1]] = False
    return found


def places(out: str) -> list[str]:
    """`line:column` of each failure, in order (`at tests/specs/runs.qnt:18:28`)."""
    return re.findall(r"^\s+at \S*runs\.qnt:(\d+:\d+)$", out, re.M)


def quint_test(*options: str) -> tuple[int, dict[str, bool], str]:
    done = subprocess.run(
        [str(quint_or_skip()), "test", "--backend=typescript", "--seed", "7", "--max-samples", SAMPLES, *options, RUNS],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    return done.returncode, verdicts(done.stdout), done.stdout


def test_every_test_passes_or_fails_as_in_quint(ttt_check, quint_cache):
    code, out, err = ttt_check("test", RUNS, "--seed", "7", "--max-samples", SAMPLES)
    quint_code, quints, quint_out = quint_test()
    assert verdicts(out) == quints == EXPECTED
    assert places(out) == places(quint_out) and len(places(out)) == 4  # each error where Quint says it is
    assert code == 1 and quint_code != 0 and "Traceback" not in err


def test_only_the_matching_tests_and_exit_0_when_they_pass(ttt_check, quint_cache):
    code, out, _ = ttt_check("test", RUNS, "--match", "initThenStep|reps|nondet", "--seed", "7", "--max-samples", "200")
    quint_code, quints, _ = quint_test("--match", "initThenStep|reps|nondet")
    assert verdicts(out) == quints == {"initThenStepTest": True, "repsTest": True, "nondetTest": True}
    assert code == quint_code == 0


def test_a_failing_test_prints_its_trace_as_a_counterexample_is_printed(ttt_check, quint_cache):
    code, out, _ = ttt_check("test", RUNS, "--match", "^expectTest$", "--seed", "3")
    assert code == 1 and "Error [QNT508]: Expect condition does not hold true" in out
    run = out.split("The test's run", 1)[1]
    # the check's counterexample to `small` (x < 2): init, then a step to x == 2, each state as the test shows it
    code, check, _ = ttt_check("--spec", RUNS, "-i", "small", "--max-states", "100")
    assert code == 12
    shown = re.compile(r"^\[State (\d+)\]  (.+)\n(\{ x: (\d+) \})$", re.M)
    assert [(i, text) for i, _, text, _ in shown.findall(check.split("[violation]")[0])] == [("0", "{ x: 0 }"), ("1", "{ x: 2 }")]
    blocks = shown.findall(run)
    assert [(i, label, text) for i, label, text, _ in blocks][:1] == [("0", "init", "{ x: 0 }")]
    (i, label, _, x), = blocks[1:]
    assert i == "1" and label.startswith("step")
    assert int(x) in (1, 2)  # a step from 0: never 3, which the test expected
    assert re.search(r"Use --seed=0x[0-9a-f]+ --match=expectTest to repeat", out)


def test_the_seed_printed_repeats_the_failing_sample(ttt_check, quint_cache):
    code, out, _ = ttt_check("test", RUNS, "--match", "rareTest", "--seed", "7", "--max-samples", SAMPLES)
    assert code == 1
    seed = re.search(r"Use --seed=(0x[0-9a-f]+) --match=rareTest", out)[1]
    code, again, _ = ttt_check("test", RUNS, "--match", "rareTest", "--seed", seed)
    assert code == 1 and "rareTest failed after 1 test(s)" in again
    assert "{ x: 12 }" in again  # every step added 2


def test_each_tests_trace_is_written_under_quints_name_and_replays(ttt_check, quint_cache, tmp_path):
    """`{test}_{seq}` names as `quint test --out-itf` gives them (Quint writes no trace of a failing
    test; ttt-check writes it too). Each trace, theirs and ours, is a behaviour of the spec: these tests
    take `init`, then `step`, its length from the spec's text (3 reps: 4 states)."""
    matching = ["--match", "initThenStepTest|repsTest|expectTest"]
    (tmp_path / "quint").mkdir()
    (tmp_path / "ours").mkdir()
    quint_test(*matching, "--out-itf", str(tmp_path / "quint" / "{test}_{seq}.itf.json"))
    code, _, _ = ttt_check("test", RUNS, *matching, "--seed", "7", "--out-itf", tmp_path / "ours" / "{test}_{seq}.itf.json")
    ours = sorted(path.name for path in (tmp_path / "ours").iterdir())
    theirs = sorted(path.name for path in (tmp_path / "quint").iterdir())
    assert code == 1 and ours == ["expectTest_2.itf.json", "initThenStepTest_0.itf.json", "repsTest_1.itf.json"]
    assert theirs == ["initThenStepTest_0.itf.json", "repsTest_1.itf.json"]
    lengths = {name: len(json.loads((tmp_path / "ours" / name).read_text())["states"]) for name in ours}
    assert lengths == {"expectTest_2.itf.json": 2, "initThenStepTest_0.itf.json": 2, "repsTest_1.itf.json": 4}
    traces = [*(tmp_path / "ours").iterdir(), *(tmp_path / "quint").iterdir()]
    code, out, err = ttt_check("replay", "--spec", RUNS, "--quiet", *traces)
    assert (code, err) == (0, "") and "5 traces are behaviours of the spec, 0 are not" in out


def test_a_failed_then_shows_the_state_it_failed_in(ttt_check, quint_cache):
    """`init.then(all { x > 5, x' = 1 })`: the second step is false in the state init made (x == 0), so the
    run ends in that state, which is shown last; no state of unset variables follows it."""
    code, out, _ = ttt_check("test", RUNS, "--match", "^thenTest$", "--seed", "1")
    assert code == 1 and "Error [QNT513]" in out
    run = out.split("The test's run", 1)[1]
    assert re.findall(r"^\[State (\d+)\]  (.+)\n(.+)$", run, re.M) == [("0", "init", "{ x: 0 }")]
    assert "It failed in state 0, the last one above." in run and "no assignment" not in out


def test_a_spec_without_tests_names_its_module(ttt_check, quint_cache):
    code, out, _ = ttt_check("test")
    assert code == 0 and out.splitlines()[1:] == ["  tictactoe", "", "No test: no definition of module tictactoe ends with Test."]
    code, out, _ = ttt_check("test", RUNS, "--match", "nothingLikeThis")
    assert code == 0 and "No test: no definition of module runs matches 'nothingLikeThis'." in out
