"""A spec of the game's shape read from its states' values, as a TLA+ spec's model holds them
(`model.spec.tla_shape`), through stand-ins for that model (`tuple_specs`).

The oracles: the transcriptions (a stand-in that writes their states as TLA+ values must be, as a
game, the transcription itself, edge for edge), and the independent enumeration of the tests
(`enumerator`) for part 1 as the next lecture writes it in TLA+.
"""

from __future__ import annotations

import pytest

from checker.model import Label, Model, SpecError
from enumerator import Game, empties
from model.spec.encoding import NotAGame
from model.spec.shape import SpecGame, as_game, game_of, positions_of
from model.spec.state import O, State, X
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from quint_specs import distances
from test_spec_game import graph as edges
from tuple_specs import FreeMoves, ModelValue, Written

MARKS = {
    "strings": ("X", "O", "_"),
    "other strings": ("cross", "nought", "."),
    "model values": (ModelValue("p1"), ModelValue("p2"), ModelValue("nobody")),
}


@pytest.mark.parametrize("marks", MARKS.values(), ids=MARKS)
@pytest.mark.parametrize("variables", [("board", "nextTurn"), ("nextTurn", "board")])
def test_a_tuple_spec_is_the_game_it_writes(variables, marks):
    model = StrategyTicTacToe()
    game = game_of(Written(model, marks, variables))
    assert isinstance(game, SpecGame)
    assert edges(game) == edges(model)


def test_a_tuple_spec_of_part_one_is_its_game():
    model = TicTacToe()
    game = game_of(Written(model, MARKS["model values"], ("nextTurn", "board")))
    assert edges(game) == edges(model)


def test_a_board_of_four_is_read_as_four_by_four():
    model = TicTacToe(4)
    game = game_of(Written(model))
    assert game.grid.size == 4
    assert set(game.init_states()) == set(model.init_states())
    first = {after for _, after in game.next_steps(game.init())}
    assert first == {after for _, after in model.next_steps(model.init())}


def test_the_first_to_move_is_x_whatever_its_mark():
    game = game_of(FreeMoves(marks=("o", "x", ".")))
    (start,) = game.init_states()
    assert start == State(0, 0, X)
    assert {after.nextTurn for _, after in game.next_steps(start)} == {O}
    assert all(after.x.bit_count() == 1 and after.o == 0 for _, after in game.next_steps(start))


def test_marks_written_x_and_o_keep_their_names():
    """A spec where O moves first keeps "O" as O; one that writes X's squares "O" is read as it writes."""
    game = game_of(FreeMoves(first="O"))
    assert game.init_states() == [State(0, 0, O)]
    assert all(after.o and not after.x for _, after in game.next_steps(game.init()))
    swapped = game_of(Written(TicTacToe(), marks=("O", "X", "_")))
    assert swapped.init_states() == [State(0, 0, O)]


def strings(state: State) -> tuple[str, str]:
    """A position as the enumerator writes it: nine characters, row by row, and the turn."""
    return "".join("X" if state.x >> i & 1 else "O" if state.o >> i & 1 else "." for i in range(9)), state.nextTurn


def test_part_one_in_tla_is_the_enumerators_game_without_the_game_over_guard():
    def free(board, mark):
        return [(None, i) for i in empties(board)]

    anywhere = Game(free, stutter=False, o_plays=free)
    expected = anywhere.explore()
    game = game_of(FreeMoves())
    reached = distances(game.init(), lambda state: [after for _, after in game.next_steps(state)])
    assert {strings(state) for state in reached} == expected.states
    moves = {(strings(state), strings(after)) for state, _, after in edges(game)}
    assert moves == {(state, after) for state, successors in expected.successors.items() for after in successors}


def test_the_board_is_drawn_beside_the_specs_own_view():
    spec = Written(TicTacToe(), marks=("x", "o", "."))
    game = game_of(spec)
    after = next(after for _, after in game.next_steps(game.init()))
    assert set(game.views) == {"board", "tla"}
    assert game.format_state(after, "tla") == "/\\ board = " + str((("x", ".", "."), (".", ".", "."), (".", ".", ".")))
    assert game.format_state(after, "board", game.init()).splitlines()[1].split() == ["A", "[X]", ".", "."]


def test_a_spec_without_its_own_faster_steps_or_draws_is_stepped_and_drawn_through_its_steps():
    game = game_of(FreeMoves())
    assert game.next_states is None and game.random_step is None
    assert game.to_move(game.init()) == X


class Stand(Model):
    """A model of one initial state and no step, for the shapes that are not the game's."""

    def __init__(self, variables, state, steps=()):
        self.variables, self.state, self.steps = variables, state, steps
        self.name = self.source = "stand.tla"

    def init_states(self):
        return [self.state] if self.state is not None else []

    def next_steps(self, state):
        return ((Label(("MoveX",)), after) for after in self.steps)


EMPTY = (("_",) * 3,) * 3
NOT_GAMES = {
    "no board": (Stand(("nextTurn",), ("X",)), "it has no variable 'board'"),
    "no turn": (Stand(("board", "turn"), (EMPTY, "X")), "it has no variable 'nextTurn'"),
    "more": (Stand(("board", "nextTurn", "moves"), (EMPTY, "X", 0)), "other than board and nextTurn: moves"),
    "no init": (Stand(("board", "nextTurn"), None), "it has no initial state"),
    "two by two": (Stand(("board", "nextTurn"), ((("_",) * 2,) * 2, "X")), "board is not n x n"),
    "ragged": (Stand(("board", "nextTurn"), ((("_",) * 3, ("_",) * 2, ("_",) * 3), "X")), "board is not n x n"),
    "not empty": (Stand(("board", "nextTurn"), ((("X", "_", "_"),) + EMPTY[1:], "O")), "not all one value"),
    "numbers": (Stand(("board", "nextTurn"), (((0,) * 3,) * 3, 1)), "are not three marks"),
    "turn is empty": (Stand(("board", "nextTurn"), (EMPTY, "_")), "are not three marks"),
    "no o": (Stand(("board", "nextTurn"), (EMPTY, "X")), "holds a mark other than \"X\" and \"_\": O's"),
}


@pytest.mark.parametrize("spec, reason", NOT_GAMES.values(), ids=NOT_GAMES)
def test_a_spec_not_of_the_shape_says_why(spec, reason):
    with pytest.raises(NotAGame, match=reason.replace("(", r"\(")):
        positions_of(spec)
    assert game_of(spec) is None
    with pytest.raises(SpecError, match=r"^stand.tla is not of the game's shape \(variables board and nextTurn\): "):
        as_game(spec)


def test_a_state_that_is_not_a_board_is_an_error_of_the_spec():
    bad = (EMPTY[:2] + (("X", "O", "?"),), "O")
    game = game_of(Stand(("board", "nextTurn"), (EMPTY, "X"), steps=[(EMPTY, "O"), bad]))
    with pytest.raises(SpecError, match=r'board square \(3, 3\): expected "X", "O" or "_", got "\?"'):
        list(game.next_steps(game.init()))
