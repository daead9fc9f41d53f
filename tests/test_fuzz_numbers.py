"""NaN, infinities and huge numbers in every numeric option and policy field; policies that no game can
produce; play's input when it is closed, not text, or not ASCII digits.

Each is the input's fault: exit 2 (play's closed input: 1) with one line, never 70, and no file written
with a NaN in it.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess

import console
import pytest
from enumerator import RANDOM
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_cli import EXAMPLES, assert_well_behaved, run_in_process

#: numbers no option takes, written as a user might
BAD_NUMBERS = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "1" + "0" * 400, "9" * 5000,
               "0x" + "f" * 5000, "-1", "", " "]
#: every numeric option, with the rest of a command line that is quick when the number is fine
NUMERIC = {
    "--max-states": ["--spec", "random", "--max-states"],
    "--max-memory": ["--spec", "random", "--max-memory"],
    "run --max-samples": ["run", "--max-steps", "3", "--max-samples"],
    "run --max-steps": ["run", "--max-samples", "2", "--max-steps"],
    "run --seed": ["run", "--max-samples", "2", "--seed"],
    "solve --max-states": ["solve", "--no-slips", "--max-states"],
    "learn --alpha": ["learn", "--epochs", "3", "--out", "{out}", "--alpha"],
    "learn --epsilon": ["learn", "--epochs", "3", "--out", "{out}", "--epsilon"],
    "learn --epochs": ["learn", "--out", "{out}", "--epochs"],
    "learn --verify-every": ["learn", "--epochs", "3", "--out", "{out}", "--verify-every"],
    "learn --seed": ["learn", "--epochs", "3", "--out", "{out}", "--seed"],
    "play --seed": ["play", "--seed"],
    "play --size": ["play", "--size"],
    "explore --port": ["explore", "--port"],
}


@pytest.mark.parametrize("option", NUMERIC)
def test_a_number_no_option_takes_is_one_line_and_exit_2(option, tmp_path):
    out = tmp_path / "p.json"
    for number in BAD_NUMBERS:
        args = [a.format(out=out) for a in NUMERIC[option]] + [number]
        code, stdout, err = run_in_process(args)
        assert_well_behaved(code, stdout, err)
        assert code == 2, (option, number, err)
        assert not out.exists(), (option, number)


@settings(max_examples=EXAMPLES // 2, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["--alpha", "--epsilon"]), st.floats(allow_nan=True, allow_infinity=True))
def test_learn_writes_only_finite_numbers(tmp_path_factory, option, number):
    learn_with(tmp_path_factory, option, number)


@pytest.mark.parametrize("number", [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, 5e-324, 1 + 1e-16])
@pytest.mark.parametrize("option", ["--alpha", "--epsilon"])
def test_learn_takes_a_probability_or_refuses_it(tmp_path_factory, option, number):
    learn_with(tmp_path_factory, option, number)


def learn_with(tmp_path_factory, option: str, number: float) -> None:
    """`learn OPTION NUMBER`: exit 0 and a policy of finite numbers when NUMBER is in the option's range, else
    exit 2 and no file."""
    out = tmp_path_factory.mktemp("learn") / "p.json"
    code, stdout, err = run_in_process(["learn", "--epochs", "3", "--seed", "1", "--out", str(out), option, repr(number)])
    assert_well_behaved(code, stdout, err)
    valid = 0 < number <= 1 if option == "--alpha" else 0 <= number <= 1
    assert code == (0 if valid else 2), (number, err)
    if valid:
        json.loads(out.read_text(), parse_constant=lambda name: pytest.fail(f"{name} written to the policy"))
    else:
        assert not out.exists()


# ---- policy files ---------------------------------------------------------------------------


def learned(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("policy") / "p.json"
    assert run_in_process(["learn", "--epochs", "30", "--seed", "1", "--out", str(out)])[0] == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def policy(tmp_path_factory) -> dict:
    return learned(tmp_path_factory)


def refused(tmp_path, text: str) -> str:
    """The one error line a check with the policy `text` prints, asserting exit 2."""
    path = tmp_path / "p.json"
    path.write_text(text)
    code, out, err = run_in_process(["--spec", "random", "--x", "any", "--o", f"learned:{path}", "-i", "XHasNotWon"])
    assert_well_behaved(code, out, err)
    assert code == 2 and out == "", err
    return err


def with_field(policy: dict, name: str, raw: str) -> str:
    """The policy as JSON text with field `name` set to the JSON text `raw` (NaN and 10^400 included)."""
    return json.dumps({**policy, name: "@@"}).replace('"@@"', raw)


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e400", "1" + "0" * 400, "-1", "0", "2.5", "true",
                                 '"12"', "[]", "1" + "0" * 5000])
@pytest.mark.parametrize("name", ["epochs", "seed", "alpha", "epsilon", "version", "size"])
def test_a_policy_field_that_is_no_valid_number_is_refused(policy, tmp_path, name, raw):
    if (name, raw) in {("seed", "0"), ("epsilon", "0")}:
        return  # a seed and an epsilon of 0 are fine
    err = refused(tmp_path, with_field(policy, name, raw))
    assert "p.json" in err


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "1e400", "1" + "0" * 400, "true", "null", '"0.5"', "[0.5]"])
def test_a_board_value_that_is_no_finite_number_is_refused(policy, tmp_path, raw):
    values = policy["values"]
    board = next(iter(values["X"]))
    text = json.dumps({**policy, "values": {**values, "X": {**values["X"], board: "@@"}}}).replace('"@@"', raw)
    assert "must be a finite number" in refused(tmp_path, text) or "not JSON" in refused(tmp_path, text)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_nesting_too_deep_is_refused(policy, tmp_path, depth):
    assert "p.json" in refused(tmp_path, json.dumps({**policy, "extra": "@@"}).replace('"@@"', "[" * depth + "]" * depth))


def test_the_version_is_a_number_not_true(policy, tmp_path):
    assert "version" in refused(tmp_path, with_field(policy, "version", "true"))


def board_text(board: str) -> str:
    return "/".join(board[i : i + 3] for i in (0, 3, 6))


#: every board of 3x3 a game reaches (the independent enumerator's), and every board of marks X, O and '.'
REACHABLE = {board for board, _ in RANDOM.explore().states}
ALL_BOARDS = ["".join(marks) for marks in itertools.product("XO.", repeat=9)]


def test_the_boards_a_policy_may_hold_are_exactly_those_a_game_reaches(policy):
    """Every one of the 3^9 boards is put in a policy: accepted exactly when some game reaches it."""
    from model.players.policy import from_json

    assert len(REACHABLE) == 5478
    for board in ALL_BOARDS:
        text = {**policy, "values": {"X": {board_text(board): 0.5}}}
        try:
            from_json(text)
        except ValueError as error:
            assert board not in REACHABLE, (board, error)
            assert "cannot happen in a game" in str(error)
        else:
            assert board in REACHABLE, board


@pytest.mark.parametrize("board", ["XXX/OOO/...", "XXX/XXX/OOO", "OOO/XX./XX.", "XXX/OO./OO."])
def test_a_board_no_game_reaches_is_refused_in_one_line(policy, tmp_path, board):
    text = json.dumps({**policy, "values": {"X": {board: 0.5}}})
    assert "cannot happen in a game" in refused(tmp_path, text)


# ---- play's input ---------------------------------------------------------------------------


def test_a_closed_standard_input_ends_the_input():
    done = console.run("play", "--seed", "1", preexec_fn=lambda: os.close(0))
    assert (done.returncode, done.stderr) == (1, "")
    assert "The game stopped before its end." in done.stdout


@pytest.mark.parametrize("move", ["B٢", "٢,٢", "B²", "Ｂ2", "(２,2)"])
def test_a_move_takes_ascii_digits_only(move):
    done = console.run("play", "--seed", "1", input=f"{move}\n")
    assert done.returncode == 1 and done.stderr == ""
    assert "is not a move" in done.stdout or "there is no" in done.stdout
    assert "You (O) play" not in done.stdout


def test_input_that_is_not_text_is_a_bad_move_not_a_crash():
    done = subprocess.run([str(console.TTT_CHECK), "play", "--seed", "1"], input=b"\xff\xfe\nq\n", capture_output=True)
    assert done.returncode == 1 and done.stderr == b""
    assert b"is not a move" in done.stdout
