"""`ttt-check replay`: Quint's traces are behaviours of the model, broken traces are not.

The broken traces are written by hand (tests/itf_builder.py), so each test
knows which square or variable is wrong and asserts the message names it.
"""

import json
import os
from pathlib import Path

import console
import pytest
from itf_builder import UNIT, bigint, state, trace, write

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "quint"
QUINT_TRACES = sorted(FIXTURES.glob("*.itf.json"))

#: a game of the random spec: X (1,1), O (1,2), X (2,2)
OPENING = [state(".../.../...", "X"), state("X../.../...", "O"), state("XO./.../...", "X"), state("XO./.X./...", "O")]


def error_line(err: str) -> str:
    """The single error line of a failed replay (and no traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ttt-check: error: ")
    return lines[0]


# ---- Quint's own traces ---------------------------------------------------------


@pytest.mark.parametrize("path", QUINT_TRACES, ids=lambda p: p.name)
def test_quint_traces_are_behaviours_written_as_we_write_them(ttt_check, path):
    code, out, err = ttt_check("replay", "--same-encoding", path)
    assert (code, err) == (0, "")
    states = len(json.loads(path.read_text())["states"])
    spec = "random" if "random" in path.name else "strategy"
    assert f"The trace is a behaviour of spec '{spec}': {states} states" in out


def test_the_step_quint_took_is_named_by_its_action_and_picks(ttt_check):
    # In this trace Quint records MoveX without picks at state 3 (only TakeCenter has
    # no nondet), and "" for the game-over disjunct from state 8 on.
    code, out, _ = ttt_check("replay", FIXTURES / "tictactoe.mbt.itf.json")
    rows = {line.split()[0]: line for line in out.splitlines() if line[:5].strip().isdigit()}
    assert code == 0
    assert "MoveX › StartInCorner  corner=(3,3)" in rows["1"]
    assert "MoveX › TakeCenter" in rows["3"]
    assert "MoveX › Win  pattern={(1,3),(2,2),(3,1)} coordinate=(1,3)" in rows["7"]
    assert "GameOverStutter" in rows["8"]
    assert "and its mbt:: fields agree" in out


def test_invariants_are_reported_per_state_and_fail_only_when_named(ttt_check):
    path = FIXTURES / "tictactoe_random.NotStalemate.itf.json"
    code, out, _ = ttt_check("replay", path)
    last = [line for line in out.splitlines() if line.startswith("    9 ")][0]
    assert code == 0
    assert last.split()[-4:] == ["ok", "ok", "VIOLATED", "ok"]  # XHasNotWon OHasNotWon NotStalemate inv
    assert "Invariant NotStalemate is violated, first in state 9." in out
    code, out, _ = ttt_check("replay", "-i", "NotStalemate", path)
    assert code == 12


def test_several_traces_give_a_summary_of_distinct_states(ttt_check):
    paths = [FIXTURES / "tictactoe_random.itf.json", FIXTURES / "tictactoe_random.mbt.itf.json"]
    distinct = set()
    for path in paths:
        for s in json.loads(path.read_text())["states"]:
            distinct.add(json.dumps([s["board"], s["nextTurn"]]))
    code, out, _ = ttt_check("replay", "--quiet", "--coverage", *paths)
    assert code == 0
    assert out.strip() == (
        f"spec random: 2 traces are behaviours of the spec, 0 are not; {len(distinct)} distinct states covered "
        f"of 5,478 reachable ({100 * len(distinct) / 5478:.1f}%)"
    )


# ---- encodings other tools write -------------------------------------------------


@pytest.mark.parametrize("unit", [UNIT, {}, None, {"tag": "UNIT"}], ids=["tuple", "empty", "null", "apalache"])
def test_every_nullary_variant_encoding_is_accepted(ttt_check, tmp_path, unit):
    states = [state(".../.../...", "X", unit), state("X../.../...", "O", unit)]
    code, out, err = ttt_check("replay", write(tmp_path / "t.itf.json", trace(*states)))
    assert (code, err) == (0, "")
    assert "MoveX › MoveToEmpty  coordinate=(1,1)" in out


def test_plain_json_integers_and_unknown_variables_are_accepted(ttt_check, tmp_path):
    document = trace(*({**s, "clock": {"#bigint": str(i)}} for i, s in enumerate(OPENING)))
    text = json.dumps(document).replace('{"#bigint": "1"}', "1")
    path = tmp_path / "t.itf.json"
    path.write_text(text)
    code, out, err = ttt_check("replay", path)
    assert (code, err) == (0, "")
    assert "Variables not in the spec, ignored: clock." in out


def test_the_spec_comes_from_the_trace_source_unless_given(ttt_check, tmp_path):
    game = [*OPENING[:3], state("XO./.../..X", "O")]
    path = write(tmp_path / "t.itf.json", trace(*game, source="/somewhere/tictactoe.qnt"))
    # X's strategy takes the free center at its second move, so (3,3) is no step of it
    code, _, err = ttt_check("replay", path)
    assert code == 1
    assert "state 3: no step of spec 'strategy' leads from state 2 to state 3" in error_line(err)
    code, _, err = ttt_check("replay", "--spec", "random", path)
    assert (code, err) == (0, "")


NO_SOURCE = "its #meta names no source file to choose the spec by: give --spec (strategy, random)"


@pytest.mark.parametrize(
    "meta, expected",
    [
        (
            {"source": "/elsewhere/mine.qnt"},
            'its #meta.source "/elsewhere/mine.qnt" is the file of no spec '
            "(tictactoe.qnt for strategy, tictactoe_random.qnt for random) and no .qnt file here: give --spec",
        ),
        ({}, NO_SOURCE),
        ({"source": ["tictactoe.qnt"]}, NO_SOURCE),
    ],
)
def test_a_trace_whose_source_is_no_spec_file_needs_spec(ttt_check, tmp_path, meta, expected):
    code, message = replay_error(ttt_check, tmp_path, {**trace(*OPENING), "#meta": meta})
    assert (code, message) == (2, expected)
    code, _, err = ttt_check("replay", "--spec", "random", tmp_path / "t.itf.json")
    assert (code, err) == (0, "")


def test_quiet_names_the_violated_invariant_and_where(ttt_check):
    path = FIXTURES / "tictactoe_random.NotStalemate.itf.json"
    last_board = json.loads(path.read_text())["states"][-1]["board"]["#map"]
    # independently: the last state's board is full (a stalemate), earlier ones are not
    assert all(square[1]["tag"] == "Occupied" for row in last_board for square in row[1]["#map"])
    code, out, err = ttt_check("replay", "-q", "-i", "NotStalemate", "-i", "OHasNotWon", path)
    assert (code, err) == (12, "")
    assert out == f"{path}: violates NotStalemate (first in state 9)\n"
    code, out, _ = ttt_check("replay", "-q", path)
    assert (code, out) == (0, "")


def test_an_invariant_named_twice_is_reported_once(ttt_check):
    path = FIXTURES / "tictactoe_random.NotStalemate.itf.json"
    code, out, _ = ttt_check("replay", "-i", "NotStalemate", "-i", "NotStalemate", path)
    assert code == 12
    assert out.count("Invariant NotStalemate is violated") == 1
    header = [line for line in out.splitlines() if line.startswith("state ")][0]
    assert header.split() == ["state", "step", "NotStalemate"]
    code, out, _ = ttt_check("--spec", "random", "-i", "OHasNotWon", "-i", "OHasNotWon")
    assert code == 12
    assert out.count("OHasNotWon = not(won(O))") == 1
    assert out.count("Invariant OHasNotWon is violated.") == 1


# ---- traces that are not behaviours ----------------------------------------------


def replay_error(ttt_check, tmp_path, document_or_text, *args):
    path = tmp_path / "t.itf.json"
    path.write_text(document_or_text if isinstance(document_or_text, str) else json.dumps(document_or_text))
    code, out, err = ttt_check("replay", *args, path)
    return code, error_line(err).removeprefix(f"ttt-check: error: {path}: ")


def test_a_step_that_skips_a_move(ttt_check, tmp_path):
    skipped = [OPENING[0], OPENING[1], OPENING[3]]  # O's move (1,2) and X's (2,2) in one step
    code, message = replay_error(ttt_check, tmp_path, trace(*skipped))
    assert code == 1
    assert message == (
        "state 2: no step of spec 'random' leads from state 1 to state 2, which changes "
        "board[1][2] Empty -> Occupied(O), board[2][2] Empty -> Occupied(X); the nearest step is "
        "MoveO › MoveToEmpty  coordinate=(1,2), by which board[2][2] should stay Empty, not become Occupied(X), "
        "and nextTurn should become X, not stay O"
    )


def test_a_move_on_an_occupied_square(ttt_check, tmp_path):
    taken = [OPENING[0], OPENING[1], state("O../.../...", "X")]  # O plays on X's square
    code, message = replay_error(ttt_check, tmp_path, trace(*taken))
    assert code == 1
    assert message.startswith(
        "state 2: no step of spec 'random' leads from state 1 to state 2, which changes "
        "board[1][1] Occupied(X) -> Occupied(O), nextTurn O -> X;"
    )


def test_a_wrong_next_turn(ttt_check, tmp_path):
    wrong = [OPENING[0], OPENING[1], state("XO./.../...", "O")]  # O moved, but it is still O's turn
    code, message = replay_error(ttt_check, tmp_path, trace(*wrong))
    assert code == 1
    assert message == (
        "state 2: no step of spec 'random' leads from state 1 to state 2, which changes "
        "board[1][2] Empty -> Occupied(O); the nearest step is MoveO › MoveToEmpty  coordinate=(1,2), "
        "by which nextTurn should become X, not stay O"
    )


def test_a_first_state_that_is_not_initial(ttt_check, tmp_path):
    code, message = replay_error(ttt_check, tmp_path, trace(*OPENING[1:]))
    assert code == 1
    assert message == (
        "state 0 is not an initial state of spec 'random': "
        "it differs from `init` in board[1][1] Empty -> Occupied(X), nextTurn X -> O"
    )


def test_a_fragment_from_any_state_is_checked_step_by_step(ttt_check, tmp_path):
    fragment = write(tmp_path / "f.itf.json", trace(*OPENING[2:]))
    code, out, err = ttt_check("replay", "--from-any-state", fragment)
    assert (code, err) == (0, "")
    assert "Every step of the trace, from state 0 as given, is a step of spec 'random': 2 states" in out
    assert "MoveX › MoveToEmpty  coordinate=(2,2)" in out
    assert "not an initial state" in error_line(ttt_check("replay", fragment)[2])


def test_a_fragment_from_any_state_still_needs_real_steps(ttt_check, tmp_path):
    skipping = write(tmp_path / "s.itf.json", trace(OPENING[1], OPENING[3]))
    code, _, err = ttt_check("replay", "--from-any-state", skipping)
    assert code == 1
    assert "state 1: no step of spec 'random' leads from state 0 to state 1" in error_line(err)


def test_an_unknown_variant_tag(ttt_check, tmp_path):
    bad = [OPENING[0], {**OPENING[1], "nextTurn": {"tag": "Z", "value": UNIT}}]
    code, message = replay_error(ttt_check, tmp_path, trace(*bad))
    assert code == 1
    assert message == "state 1: not a state of spec 'random': nextTurn: expected a Player (X or O), got Z"


def test_a_truncated_file(ttt_check, tmp_path):
    text = (FIXTURES / "tictactoe.itf.json").read_text()
    code, message = replay_error(ttt_check, tmp_path, text[: len(text) // 2])
    assert code == 2
    assert message.startswith("the JSON ends early (line 1, column ")
    assert message.endswith("): the file is truncated")


def test_invalid_json(ttt_check, tmp_path):
    code, message = replay_error(ttt_check, tmp_path, '{"states": [1,]}')
    assert code == 2
    assert message == "not valid JSON: Expecting value (line 1, column 15)"


def test_a_json_document_that_is_not_itf(ttt_check, tmp_path):
    code, message = replay_error(ttt_check, tmp_path, {"trace": []})
    assert (code, message) == (2, "no 'states' list: not an ITF trace")
    bad_number = trace(OPENING[0])
    bad_number["states"][0]["board"]["#map"][0][0] = {"#bigint": "one"}
    code, message = replay_error(ttt_check, tmp_path, bad_number)
    assert (code, message) == (2, 'state 0: board key 0: {"#bigint":"one"} is not a big integer')


def with_value(value) -> dict:
    """The opening with an extra variable `x` holding `value` (ITF JSON) in state 0."""
    document = trace(*OPENING)
    document["states"][0]["x"] = value
    return document


@pytest.mark.parametrize(
    "text, expected",
    [
        (with_value({"#bigint": "²"}), 'state 0: x: {"#bigint":"\\u00b2"} is not a big integer'),
        (with_value({"#bigint": "--1"}), 'state 0: x: {"#bigint":"--1"} is not a big integer'),
        (json.dumps(with_value(0)).replace('"x": 0', '"x": ' + "[" * 101 + "]" * 101),
         "nested deeper than 100 levels, the most ttt-check reads"),
        (with_value({"#map": [[1, 1], ["a", 2]]}), 'state 0: x: map keys of different types: 1 and "a"'),
        (with_value({"#set": [1, "a"]}), 'state 0: x: set elements of different types: 1 and "a"'),
        (with_value({"#set": [{"#tup": [1]}, {"#tup": [True]}]}), 'state 0: x: set element 1 repeats element 0: {"#tup":[true]}'),
        (with_value({"#map": [[1, 1], [1, 2]]}), "state 0: x: map key 1 repeats key 0: 1"),
        (json.dumps(with_value("\ud800")),
         "a string holds half of a UTF-16 surrogate pair (\\ud800-\\udfff): no Unicode text"),
        # JSON readers keep one of the values of a repeated key and drop the other
        (json.dumps(with_value(0)).replace('"x": 0', '"x": 0, "x": {"#bigint": "1"}'),
         'an object repeats the key "x": which value it holds is not said'),
        (json.dumps(with_value({"#tup": [1]})).replace('{"#tup": [1]}', '{"#tup": [1], "#tup": [2]}'),
         'an object repeats the key "#tup": which value it holds is not said'),
    ],
    ids=["unicode digit", "two minus signs", "deep", "mixed keys", "mixed set",
         "one and true", "repeated key", "lone surrogate", "repeated variable", "repeated tag"],
)
def test_hostile_values_are_refused_in_one_line(ttt_check, tmp_path, text, expected):
    assert replay_error(ttt_check, tmp_path, text) == (2, expected)


def test_files_that_are_no_trace(ttt_check, tmp_path):
    huge = tmp_path / "huge.itf.json"
    with open(huge, "wb") as out:  # sparse: 33 MiB of zeros that take no disk
        out.truncate(33 * 2**20)
    for path, message in [
        ("/dev/zero", "not a regular file"),
        (tmp_path, "not a regular file"),
        (huge, "larger than 32 MiB, the most ttt-check reads"),
    ]:
        code, _, err = ttt_check("replay", path)
        assert code == 2
        assert error_line(err) == f"ttt-check: error: {path}: {message}"


def test_a_missing_file(ttt_check, tmp_path):
    code, _, err = ttt_check("replay", tmp_path / "nowhere.itf.json")
    assert code == 2
    assert error_line(err).endswith("nowhere.itf.json: cannot read: No such file or directory")


def test_mbt_fields_must_name_the_step(ttt_check, tmp_path):
    document = json.loads((FIXTURES / "tictactoe.mbt.itf.json").read_text())
    document["states"][1]["mbt::nondetPicks"]["corner"]["value"] = {"#tup": [bigint(1), bigint(1)]}
    code, message = replay_error(ttt_check, tmp_path, document)
    assert code == 1
    assert message == (
        "state 1: the mbt:: fields say \"MoveX\" with corner=(1,1), "
        "but the step of spec 'strategy' that leads here: MoveX › StartInCorner  corner=(3,3)"
    )
    document = json.loads((FIXTURES / "tictactoe.mbt.itf.json").read_text())
    document["states"][8]["mbt::actionTaken"] = "MoveO"
    code, message = replay_error(ttt_check, tmp_path, document)
    assert code == 1
    assert message.startswith('state 8: the mbt:: fields say "MoveO" with no picks, but the step')


# ---- loops -----------------------------------------------------------------------


def test_a_loop_must_close_with_a_step(ttt_check, tmp_path):
    won = ["X../.../...", "XO./.../...", "XO./.X./...", "XOO/.X./...", "XOO/.X./..X"]
    game = [OPENING[0]] + [state(b, "O" if i % 2 == 0 else "X") for i, b in enumerate(won)]
    # the game is over: repeating the last state forever is a behaviour
    code, out, err = ttt_check("replay", write(tmp_path / "ok.itf.json", trace(*game, loop=5)))
    assert (code, err) == (0, "")
    assert "then state 5 repeats forever" in out
    code, message = replay_error(ttt_check, tmp_path, trace(*game, loop=2))
    assert code == 1
    assert message == (
        "loop: no step of spec 'random' leads from the last state (5) back to state 2, which would change "
        "board[1][3] Occupied(O) -> Empty, board[2][2] Occupied(X) -> Empty, board[3][3] Occupied(X) -> Empty, "
        "nextTurn O -> X"
    )


def test_errors_are_one_line_from_the_installed_command(tmp_path):
    path = tmp_path / "t.itf.json"
    path.write_text("{")
    done = console.run("replay", path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"ttt-check: error: {path}: the JSON ends early (line 1, column 2): the file is truncated\n"


def test_an_interpreter_with_a_lower_integer_limit_reads_long_integers_all_the_same(tmp_path):
    """Python's limit on converting digits (PYTHONINTMAXSTRDIGITS, at least 640) is not ttt-check's:
    GMP converts them, so the trace reads as anywhere else (its opening replays; x is an extra variable)."""
    path = write(tmp_path / "t.itf.json", with_value({"#bigint": "9" * 1000}))
    done = console.run("replay", path, env={**os.environ, "PYTHONINTMAXSTRDIGITS": "640"})
    assert (done.returncode, done.stderr) == (0, "")
