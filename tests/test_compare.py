"""`ttt-check compare A B`: the same positions and moves, or a shortest game one spec allows and the other not.

Oracles: the independent enumeration of the tests (`enumerator`, which imports no code of the
project) for the positions and moves of the lecture's specs, each game shown replayed through both
specs (a game of the one named, not of the other), and the stand-ins for a TLA+ spec's model
(`tuple_specs`). The `.qnt` files are read from the IR fixtures Quint wrote, so no Quint is needed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.cli.compare import compare
from checker.explore.compare import project, shortest_difference
from checker.quint import spec_model
from enumerator import RANDOM, STRATEGY, Game, without_block
from model.spec.shape import comparable
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from quint_specs import FIXTURES, spec
from tuple_specs import FreeMoves, Written


@pytest.fixture
def from_fixtures(monkeypatch):
    """A `.qnt` file compiled as Quint compiled it for the fixtures (by its name), without Quint."""

    def compile_spec(path, quint=None, main=None, cache=True, init=None, step=None, tests=False, compiled=None):
        return json.loads((FIXTURES / f"{Path(path).stem}.json").read_text())

    monkeypatch.setattr(spec_model, "compile_spec", compile_spec)


def strings(position) -> tuple[str, str]:
    """A position (its board's size, its `State`) as the enumerator writes it: nine characters and the turn."""
    size, state = position
    assert size == 3
    return "".join("X" if state.x >> i & 1 else "O" if state.o >> i & 1 else "." for i in range(9)), state.nextTurn


def projected(model):
    return project(*comparable(model))


@pytest.mark.parametrize("model, enumerated", [
    (StrategyTicTacToe(), STRATEGY), (TicTacToe(), RANDOM), (spec("tictactoe_no_block"), Game(without_block)),
    (spec("tictactoe"), STRATEGY),
], ids=["strategy", "random", "no_block.qnt", "tictactoe.qnt"])
def test_the_positions_and_moves_compared_are_the_enumerators(model, enumerated):
    projection = projected(model)
    expected = enumerated.explore()
    assert {strings(node) for node in projection.moves} == expected.states
    moves = {(strings(node), strings(after)) for node, following in projection.moves.items() for after in following}
    assert moves == {(state, after) for state, successors in expected.successors.items() for after in successors
                     if after != state}
    assert {strings(node) for node in projection.initial} == {("." * 9, "X")}


#: (model, state) -> the state's successors, asked of the model once
KNOWN: dict = {}


def is_game(model, path) -> bool:
    """Whether `model` (of `State`s) plays the positions of `path` in turn, from an initial state."""

    def successors(state):
        if (model, state) not in KNOWN:
            KNOWN[model, state] = {following for _, following in model.next_steps(state)}
        return KNOWN[model, state]

    states = [state for _, state in path]
    return states[0] in set(model.init_states()) and all(
        after in successors(state) for state, after in zip(states, states[1:])
    )


@pytest.mark.parametrize("first, second, allows, moves", [
    (StrategyTicTacToe(), TicTacToe(), 1, 1),
    (spec("tictactoe_random"), spec("tictactoe_no_block"), 0, 1),
    (FreeMoves(), TicTacToe(), 0, 6),
    (TicTacToe(), FreeMoves(), 1, 6),
], ids=["strategy-random", "random.qnt-no_block.qnt", "free.tla-random", "random-free.tla"])
def test_the_game_shown_is_a_shortest_game_of_one_and_not_of_the_other(first, second, allows, moves):
    games = [comparable(first)[0], comparable(second)[0]]
    found = shortest_difference(projected(first), projected(second))
    assert found.allows == allows and len(found.path) - 1 == moves
    assert is_game(games[allows], found.path) and not is_game(games[1 - allows], found.path)
    # shortest: every shorter game of the one is a game of the other (each game of one move less, by brute force)
    shorter = [[(3, s)] for s in games[allows].init_states()]
    for _ in range(moves - 1):
        shorter = [game + [(3, after)] for game in shorter for _, after in games[allows].next_steps(game[-1][1])
                   if after != game[-1][1]]
    assert all(is_game(games[1 - allows], game) for game in shorter)


def test_a_player_who_moves_after_a_win_is_shown_moving_then(capsys):
    """Part 1 as the next lecture writes it in TLA+, where a move needs only an empty square and the turn."""
    code = compare(("FreeMoves.tla", "random"), [comparable(FreeMoves()), comparable(TicTacToe())], None, "board")
    out = capsys.readouterr().out
    assert code == 1
    assert "A shortest game that FreeMoves.tla allows and random does not, 6 moves:" in out
    assert "*X* winning line" in out.split("[State 5]")[1].split("[State 6]")[0]
    assert "[State 6]  MoveO" in out and "random never reaches the last position." in out
    assert "[differ] FreeMoves.tla allows a game of 6 moves that random does not" in out


def test_a_tuple_spec_that_writes_the_strategy_without_the_stutter_is_the_strategy(capsys):
    """As the next lecture's TLA+ spec, whose finished games have no step of their own: stuttering is no move."""
    code = compare(("Written.tla", "strategy"), [comparable(Written(StrategyTicTacToe(stutter=False))),
                                                  comparable(StrategyTicTacToe())], None, None)
    assert code == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "[same] Written.tla and strategy have the same 871 reachable positions and the same 1,240 moves between them"
    )


def test_compare_strategy_and_its_file_says_the_same(ttt_check, from_fixtures):
    code, out, err = ttt_check("compare", "strategy", "specs/tictactoe.qnt")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Comparing the reachable positions and the moves of",
        "  strategy (specs/tictactoe.qnt): part 2 of the lecture: X follows the strategy, O moves to any empty square",
        "  specs/tictactoe.qnt: the Quint spec as written, evaluated from Quint's IR",
        "",
        "[same] strategy and specs/tictactoe.qnt have the same 871 reachable positions and the same 1,240 moves "
        "between them",
    ]


def test_compare_strategy_and_random_draws_the_game_and_counts_each_side(ttt_check):
    code, out, err = ttt_check("compare", "strategy", "random")
    assert (code, err) == (1, "")
    assert "A shortest game that random allows and strategy does not, 1 move:" in out
    assert re.search(r"\[State 1\]  MoveX › MoveToEmpty  coordinate=\(1,2\)", out)
    assert "strategy never reaches the last position." in out
    assert out.endswith(
        "[differ] random allows a game of 1 move that strategy does not\n\n"
        "Reachable positions, and moves between them:\n"
        "  strategy        871 positions      1,240 moves\n"
        "  random        5,478 positions     16,167 moves\n"
        "  in both         871 positions      1,240 moves\n"
    )


def test_compare_two_files_names_them_as_given(ttt_check, from_fixtures):
    code, out, _ = ttt_check("compare", "specs/tictactoe_random.qnt", "tests/specs/tictactoe_no_block.qnt",
                             "--view", "quint")
    assert code == 1
    assert ("A shortest game that specs/tictactoe_random.qnt allows and tests/specs/tictactoe_no_block.qnt does "
            "not, 1 move:") in out
    last = out.split("[State 1]")[1]
    assert "Occupied(X)" in last and "[X]" not in last  # Quint's record, not the drawing


def test_a_spec_not_of_the_games_shape_is_refused_in_one_line(ttt_check, from_fixtures):
    code, out, err = ttt_check("compare", "strategy", "tests/specs/mutex.qnt")
    assert code == 3 and out == ""
    assert err == (
        "ttt-check: error: tests/specs/mutex.qnt is not of the game's shape (variables board and nextTurn): "
        "it has no variable 'board'\n"
    )


def test_a_search_cut_short_compares_nothing(ttt_check):
    code, out, _ = ttt_check("compare", "strategy", "random", "--max-states", "100")
    assert code == 4
    assert out.splitlines()[-1].startswith("[unknown] the search of strategy stopped at --max-states 100 after ")
    assert "[same]" not in out and "[differ]" not in out


@pytest.mark.parametrize("args, message", [
    (["strategy", "nowhere.txt"], "'nowhere.txt' is neither a spec"),
    (["strategy"], "Missing argument 'B'"),
    (["strategy", "random", "--view", "nope"], "unknown view 'nope'"),
])
def test_bad_usage_is_one_line(ttt_check, args, message):
    code, out, err = ttt_check("compare", *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


ARGUMENTS = st.sampled_from(
    ["strategy", "random", "missing.qnt", "notes.txt", "--max-states", "--view", "--x", "--o", "--no-stutter",
     "--max-memory", "--bogus", "board", "quint", "all", "any", "perfect", "strategy", "0", "10", "nan", "1G", "-"]
) | st.text(max_size=8)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(ARGUMENTS, max_size=5))
def test_any_arguments_end_in_a_documented_code_and_one_line_on_error(ttt_check, arguments):
    # a --max-states first keeps each example quick (a later one overrides it)
    code, out, err = ttt_check("compare", "--max-states", "2000", *arguments)
    assert code in {0, 1, 2, 3, 4} and "Traceback" not in out + err
    if code in {2, 3}:
        assert err.count("\n") == 1 and err.startswith("ttt-check: error: ")
