"""A `.qnt` of the lecture's shape as a tic-tac-toe model (`model.spec.shape`), and player kinds on it.

The oracle for the conversion is the evaluated spec itself (`QuintSpec`, whose
states are Quint's values); for the player kinds, the transcription's `Match`,
written apart from the file: on the unchanged lecture spec the two must give
the same labelled state graph for every pairing of players.
"""

from __future__ import annotations

import pytest

from model.players.kinds import KINDS, SpecMatch, build
from model.spec.shape import SpecGame, game_of
from model.spec.state import O, X
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from quint_specs import spec, state_graph


@pytest.mark.parametrize("name, size", [("tictactoe", 3), ("tictactoe_random", 3), ("tictactoe_no_block", 3),
                                        ("mutex", None), ("jugs", None), ("dice", None)])
def test_the_shape_is_read_from_the_variables_types(name, size):
    game = game_of(spec(name))
    assert (game.grid.size if game else None) == size


@pytest.mark.parametrize("name", ["tictactoe", "tictactoe_no_block"])
def test_the_game_has_the_files_states_steps_and_properties(name):
    evaluated = spec(name)
    game = game_of(evaluated)
    assert state_graph(game) == state_graph(evaluated)
    assert list(game.invariants) == list(evaluated.invariants)
    assert list(game.temporal_properties) == list(evaluated.temporal_properties)
    for state in game.init_states():
        assert game.views["board"](state).splitlines()[0].split() == ["1", "2", "3"]


def graph(model) -> set:
    """Every labelled edge reachable in `model`, whose states are the transcription's (a plain worklist)."""
    seen, todo, edges = set(model.init_states()), list(model.init_states()), set()
    while todo:
        state = todo.pop()
        for label, successor in model.next_steps(state):
            edges.add((state, str(label), successor))
            if successor not in seen:
                seen.add(successor)
                todo.append(successor)
    return edges


#: the lecture's spec with each side's own player: strategy for X, any for O
OWN = {X: "strategy", O: "any"}


@pytest.mark.parametrize("x", [None, "any", "strategy", "minimax", "perfect"])
@pytest.mark.parametrize("o", [None, "any", "minimax", "perfect"])
def test_a_match_on_the_file_is_the_transcriptions_match(x, o):
    game = game_of(spec("tictactoe"))
    match = SpecMatch(game, KINDS[x] if x else None, KINDS[o] if o else None)
    transcribed = build(StrategyTicTacToe, KINDS[x or OWN[X]], KINDS[o or OWN[O]])
    assert graph(match) == graph(transcribed)


def test_the_random_file_against_perfect_o_is_the_transcriptions():
    game = game_of(spec("tictactoe_random"))
    assert graph(SpecMatch(game, None, KINDS["perfect"])) == graph(build(TicTacToe, o=KINDS["perfect"]))


def test_rules_are_the_sides_whose_moves_are_restricted():
    assert game_of(spec("tictactoe")).rules() == {X: "MoveX of specs/tictactoe.qnt"}
    assert game_of(spec("tictactoe_random")).rules() == {}
    assert SpecMatch(game_of(spec("tictactoe_random")), None, KINDS["perfect"]).rules() == {O: "perfect"}


def test_a_player_kind_needs_the_lectures_actions():
    game = game_of(spec("tictactoe"))
    assert isinstance(game, SpecGame)
    with pytest.raises(ValueError, match="plays X only, not O"):
        SpecMatch(game, None, KINDS["strategy"])


@pytest.mark.parametrize("name, transcription", [("tictactoe", StrategyTicTacToe), ("tictactoe_random", TicTacToe)])
def test_the_transcriptions_definitions_are_the_files(name, transcription):
    """The values the explorer shows for the unchanged spec (the transcription's methods) are the
    file's `val`s evaluated from its IR, by name and in order, at every reachable state."""
    from checker.quint.value import flat

    evaluated, model = spec(name), transcription()
    assert list(model.definitions) == list(evaluated.definitions)
    assert {"canWin", "gameOver"} <= set(evaluated.definitions) or name == "tictactoe_random"
    game = game_of(evaluated)
    for _, _, state in graph(model):
        ours = {n: flat(f(state)) for n, f in model.definitions.items()}
        assert ours == {n: flat(f(state)) for n, f in game.definitions.items()}
