"""ITF out: values and whole traces written exactly as Quint writes them, and read back.

The reference is Quint itself: tests/fixtures/quint holds traces written by
`quint run`, and our encoding of the same behaviour must be the same JSON.
"""

import json
import re
import time
from pathlib import Path

import pytest

from checker.explore.bfs import explore
from checker.explore.trace import Trace, trace_through
from checker.quint.itf import (
    ItfError,
    decode_trace,
    encode_trace,
    from_json,
    read_trace,
    to_json,
    write_trace,
)
from checker.quint.replay import Replayer
from checker.quint.value import Record, Variant
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "quint"
MODELS = {"specs/tictactoe.qnt": StrategyTicTacToe(), "specs/tictactoe_random.qnt": TicTacToe()}


def replayed(model, itf):
    return Replayer(model, list(model.invariants.values())).replay(itf)


# ---- values, by the ITF specification (ADR-015) and Quint's output ---------------


@pytest.mark.parametrize(
    "value, expected",
    [
        (7, {"#bigint": "7"}),
        (-12345678901234567890, {"#bigint": "-12345678901234567890"}),
        (True, True),
        ("MoveX", "MoveX"),
        ((1, 3), {"#tup": [{"#bigint": "1"}, {"#bigint": "3"}]}),
        (
            frozenset({(2, 1), (1, 2)}),
            {"#set": [{"#tup": [{"#bigint": "1"}, {"#bigint": "2"}]}, {"#tup": [{"#bigint": "2"}, {"#bigint": "1"}]}]},
        ),
        ({2: "b", 1: "a"}, {"#map": [[{"#bigint": "1"}, "a"], [{"#bigint": "2"}, "b"]]}),
        (Variant("X"), {"tag": "X", "value": {"#tup": []}}),
        (
            Variant("Occupied", Variant("X")),
            {"tag": "Occupied", "value": {"tag": "X", "value": {"#tup": []}}},
        ),
        (Record(nextTurn="O", board=1), {"board": {"#bigint": "1"}, "nextTurn": "O"}),
    ],
    ids=["int", "bigint", "bool", "str", "tuple", "set", "map", "nullary", "variant", "record"],
)
def test_values_are_written_as_quint_writes_them(value, expected):
    assert json.dumps(to_json(value)) == json.dumps(expected)
    assert from_json(expected, "v") == value


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"#bigint": "1.5"}, 'v: {"#bigint":"1.5"} is not a big integer'),
        ({"#set": [{"#set": []}], "x": 1}, "v: '#set' must be the only key and hold a list"),
        ({"#map": [[1]]}, "v: map entry 0 is not a [key, value] pair"),
        ({"#frob": 1}, "v: unknown ITF form ['#frob']"),
        (1.5, "v: 1.5 is not an ITF value"),
        ({"#unserializable": "Int"}, "v: the tool could not serialize this value: Int"),
    ],
)
def test_malformed_values_are_named(bad, message):
    with pytest.raises(ItfError) as error:
        from_json(bad, "v")
    assert str(error.value) == message


def test_values_python_cannot_compare_are_still_ordered():
    # a set of sets, and tuples whose elements differ in type: Python's `sorted` fails on
    # the tuples and orders sets by inclusion only; each is written in one order whatever
    # order the elements come in, sets by their sorted elements as words are ordered
    sets = [frozenset(), frozenset({2}), frozenset({1, 3})]
    tuples = [("a", 1), (1, "a"), (1, 2)]
    for elements in (sets, tuples):
        written = {json.dumps(to_json(frozenset(elements[i:] + elements[:i]))) for i in range(len(elements))}
        assert len(written) == 1
        assert from_json(json.loads(written.pop()), "v") == frozenset(elements)
    assert [json.dumps(e) for e in to_json(frozenset(sets))["#set"]] == [
        '{"#set": []}', '{"#set": [{"#bigint": "1"}, {"#bigint": "3"}]}', '{"#set": [{"#bigint": "2"}]}'
    ]


def test_records_and_maps_are_read_where_quint_puts_them_in_sets_and_map_keys():
    ana, rui = {"age": {"#bigint": "30"}, "name": "ana"}, {"age": {"#bigint": "7"}, "name": "rui"}
    guests = from_json({"#set": [ana, rui]}, "v")
    seats = from_json({"#map": [[ana, {"#bigint": "0"}], [{"#map": [[rui, {"#bigint": "1"}]]}, {"#bigint": "1"}]]}, "v")
    assert {guest["name"] for guest in guests} == {"ana", "rui"}
    assert len({guests, frozenset(guests)}) == 1 and len(seats) == 2
    with pytest.raises(ItfError, match="repeats"):
        from_json({"#set": [ana, dict(ana)]}, "v")


@pytest.mark.parametrize(
    "elements, written",
    [
        # as `quint run` wrote them for tests/specs/guests.qnt: by their text, so 30 before 7
        ([7, 30, 70], ["30", "7", "70"]),
        ([-1, 2, 10, 9], ["-1", "10", "2", "9"]),
        (["B", "a", "ab", "Aa"], ['"a"', '"Aa"', '"ab"', '"B"']),
    ],
)
def test_set_elements_are_written_in_quints_order(elements, written):
    """Quint sorts a set by the text of each element, as node's `localeCompare` collates it."""
    assert [json.dumps(e) for e in to_json(frozenset(elements))["#set"]] == [
        json.dumps({"#bigint": w}) if w.lstrip("-").isdigit() else w for w in written
    ]


# ---- whole traces: Quint's own files ---------------------------------------------


WITH_MBT = sorted(FIXTURES.glob("*.mbt.itf.json")) + [FIXTURES / "tictactoe_random.NotStalemate.itf.json"]


@pytest.mark.parametrize("path", WITH_MBT, ids=lambda p: p.name)
def test_our_encoding_of_a_quint_trace_is_quints(path):
    theirs = json.loads(path.read_text())
    model = MODELS[theirs["#meta"]["source"]]
    trace = replayed(model, decode_trace(theirs)).trace
    ours = encode_trace(model, trace, theirs["#meta"]["status"])
    assert list(ours) == list(theirs) == ["#meta", "vars", "states"]
    assert ours["vars"] == theirs["vars"]
    assert json.dumps(ours["states"]) == json.dumps(theirs["states"])
    assert list(ours["#meta"]) == list(theirs["#meta"])
    assert {k: ours["#meta"][k] for k in ("format", "format-description", "source", "status")} == {
        k: theirs["#meta"][k] for k in ("format", "format-description", "source", "status")
    }


def test_meta_says_when_as_quint_does():
    theirs = json.loads((FIXTURES / "tictactoe.itf.json").read_text())["#meta"]
    shape = r"Created by {} on \w{{3}} \w{{3}} \d\d \d{{4}} \d\d:\d\d:\d\d GMT[+-]\d{{4}} \(.+\)"
    assert re.fullmatch(shape.format("Quint"), theirs["description"])
    model = TicTacToe()
    before = time.time()
    ours = encode_trace(model, Trace((model.init(),), (None,)), "ok")["#meta"]
    assert re.fullmatch(shape.format("ttt-check"), ours["description"])
    assert before * 1000 - 1 <= ours["timestamp"] <= time.time() * 1000 + 1


def test_quint_traces_without_mbt_decode_to_the_same_states():
    for spec in ("tictactoe", "tictactoe_random"):
        plain = read_trace(FIXTURES / f"{spec}.itf.json")
        mbt = read_trace(FIXTURES / f"{spec}.mbt.itf.json")
        assert plain.vars == ("nextTurn", "board")
        assert mbt.vars == ("nextTurn", "board", "mbt::actionTaken", "mbt::nondetPicks")
        # same seed, same samples: --mbt only adds the metadata
        assert [{k: s[k] for k in plain.vars} for s in mbt.states] == list(plain.states)


# ---- round trips of our own traces ------------------------------------------------


@pytest.mark.parametrize("model", [TicTacToe(), StrategyTicTacToe()], ids=lambda m: m.name)
def test_counterexamples_round_trip_with_their_labels(model, tmp_path):
    result = explore(model, list(model.invariants.values()))
    for name, trace in result.violations.items():
        path = tmp_path / f"{name}.itf.json"
        write_trace(str(path), model, trace, "violation")
        back = replayed(model, read_trace(str(path))).trace
        assert back == trace


def test_a_loop_round_trips():
    model = TicTacToe()
    states = [model.init()]
    for coordinate in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)]:  # X wins the top row
        states.append(next(s for label, s in model.next_steps(states[-1]) if ("coordinate", coordinate) in label.picks))
    trace = trace_through(model, states, loop=5)  # the finished game repeats forever
    document = encode_trace(model, trace, "violation")
    assert document["loop"] == 5
    assert replayed(model, decode_trace(json.loads(json.dumps(document)))).trace == trace


# ---- --out-itf ------------------------------------------------------------------------


def test_out_itf_writes_the_counterexample(ttt_check, tmp_path):
    path = tmp_path / "cex.itf.json"
    code, out, _ = ttt_check("--spec", "random", "--invariant", "NotStalemate", "--out-itf", path)
    assert code == 12
    assert f"Wrote the trace for NotStalemate to {path} (ITF, 10 states)." in out
    document = json.loads(path.read_text())
    assert document["#meta"]["status"] == "violation"
    assert document["#meta"]["source"] == "specs/tictactoe_random.qnt"
    assert [s["mbt::actionTaken"] for s in document["states"]] == ["init"] + ["MoveX", "MoveO"] * 4 + ["MoveX"]
    code, out, _ = ttt_check("replay", path)
    assert code == 0


def test_several_counterexamples_go_to_several_files(ttt_check, tmp_path):
    code, out, _ = ttt_check("-i", "NotStalemate", "-i", "XHasNotWon", "--out-itf", tmp_path / "cex.itf.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cex_NotStalemate.itf.json", "cex_XHasNotWon.itf.json"]
    code, out, _ = ttt_check("-i", "NotStalemate", "-i", "XHasNotWon", "--out-itf", tmp_path / "t{seq}.itf.json")
    assert {"t0.itf.json", "t1.itf.json"} <= {p.name for p in tmp_path.iterdir()}
    assert json.loads((tmp_path / "t1.itf.json").read_text())["states"][-1]["mbt::actionTaken"] == "MoveX"


def test_no_counterexample_no_file(ttt_check, tmp_path):
    code, out, _ = ttt_check("--out-itf", tmp_path / "cex.itf.json")
    assert code == 0
    assert f"No trace to write: {tmp_path / 'cex.itf.json'} was not written" in out
    assert list(tmp_path.iterdir()) == []


def test_no_counterexample_leaves_an_older_file_alone(ttt_check, tmp_path):
    older = tmp_path / "cex.itf.json"
    older.write_text("an older trace")
    code, out, _ = ttt_check("--out-itf", older)
    assert code == 0 and "not from this run" in out
    assert older.read_text() == "an older trace"


def test_itf_py_reads_the_itf_py_style(ttt_check, tmp_path):
    itf_py = pytest.importorskip("itf_py")
    path = tmp_path / "cex.itf.json"
    ttt_check("--spec", "random", "-i", "NotStalemate", "--out-itf", path, "--itf-style", "itf-py")
    trace = itf_py.trace_from_json(json.loads(path.read_text()))
    assert trace.vars == ["nextTurn", "board"]
    assert len(trace.states) == 10
    last = trace.states[-1].values
    assert type(last["nextTurn"]).__name__ == "O"  # X made the ninth move
    assert all(type(last["board"][r][c]).__name__ == "Occupied" for r in (1, 2, 3) for c in (1, 2, 3))
    code, _, _ = ttt_check("replay", path)
    assert code == 0
