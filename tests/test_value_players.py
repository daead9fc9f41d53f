"""The minimax and perfect players against an independent minimax, written here from seeds 001 and 002.

The reference plays on `tests.enumerator`'s string boards ("X.O......") with a
plain recursive minimax (memoised on the board, for speed only): 002's
+1/-1/0 values, and 001's `score(game, depth)` with `10 - depth` and
`depth - 10`. Nothing of `model/` is used to compute the expected values.
"""

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.explore.bfs import explore
from model.players.kinds import KINDS, build
from model.spec.tictactoe import TicTacToe
from tests.enumerator import OTHER, Game, empties, has_won, is_full, is_over, minimax, outcome, play, strategy

@lru_cache(maxsize=None)
def depth_score(board: str, turn: str, depth: int) -> int:
    """001's minimax(game, depth) with score(game, depth): 10 - depth, depth - 10 or 0."""
    if has_won(board, "X"):
        return 10 - depth
    if has_won(board, "O"):
        return depth - 10
    if is_full(board):
        return 0
    scores = [depth_score(play(board, i, turn), OTHER[turn], depth + 1) for i in empties(board)]
    return max(scores) if turn == "X" else min(scores)


def best(evaluate):
    """A choice function for `Game`: every empty square whose move `evaluate`s best for the mover."""

    def plays(board: str, mark: str) -> list:
        if is_over(board):
            return []
        sign = 1 if mark == "X" else -1
        values = {i: sign * evaluate(play(board, i, mark), OTHER[mark]) for i in empties(board)}
        top = max(values.values())
        return [(None, i) for i, v in values.items() if v == top]

    return plays


REFERENCE = {
    "any": None,
    "strategy": strategy,
    "minimax": best(minimax),
    "perfect": best(lambda board, turn: depth_score(board, turn, 1)),
}


def as_text(state) -> tuple[str, str]:
    """A state of the model as the reference's (board string, turn)."""
    board = "".join("X" if state.x >> i & 1 else "O" if state.o >> i & 1 else "." for i in range(9))
    return board, state.nextTurn


def reference(x: str, o: str):
    kwargs = {k: v for k, v in (("x_plays", REFERENCE[x]), ("o_plays", REFERENCE[o])) if v is not None}
    return Game(**kwargs).explore()


@pytest.mark.parametrize(
    "x, o, states, final, never_wins",
    [
        ("minimax", "any", 3658, None, "O"),
        ("any", "minimax", 2042, None, "X"),
        ("minimax", "minimax", 884, 16, "XO"),
        ("strategy", "minimax", 133, None, "XO"),
        ("perfect", "any", None, None, "O"),
        ("any", "perfect", None, None, "X"),
        ("perfect", "perfect", None, 16, "XO"),
    ],
)
def test_a_pairing_reaches_the_states_of_the_reference(x, o, states, final, never_wins):
    expected = reference(x, o)
    model = build(TicTacToe, KINDS[x], KINDS[o])
    found = explore(model, check_deadlock=False, keep_graph=True).graph
    assert {as_text(s) for s in found} == expected.states
    if states is not None:  # the figures this pairing is known by
        assert len(expected.states) == states
    if final is not None:
        assert len(expected.final) == final
    for mark in never_wins:
        assert not any(has_won(board, mark) for board, _ in expected.states)
    if never_wins == "XO":
        assert {outcome(board) for board, _ in expected.final} == {"draw"}


@pytest.mark.parametrize("kind", ["minimax", "perfect"])
def test_labels_name_the_player_and_the_value_it_saw(kind):
    model = build(TicTacToe, KINDS[kind], KINDS[kind])
    graph = explore(model, check_deadlock=False, keep_graph=True).graph
    words = {1: "win", 0: "draw", -1: "loss"}
    for state in graph:
        for label, after in model.next_steps(state):
            if label.path == ("GameOverStutter",):
                continue
            assert label.path[1] == kind
            board, turn = as_text(after)
            sign = 1 if state.nextTurn == "X" else -1
            notes = dict(label.notes)
            assert notes["value"] == words[sign * minimax(board, turn)]
            if kind == "perfect":
                assert notes["score"] == sign * depth_score(board, turn, 1)


def test_every_tied_best_move_is_a_choice():
    """At the start every square is a draw for X: minimax may open anywhere."""
    model = build(TicTacToe, KINDS["minimax"], KINDS["any"])
    assert len(list(model.next_steps(model.init()))) == 9


def test_value_players_on_the_command_line(ttt_check):
    code, out, _ = ttt_check("--x", "minimax", "-i", "OHasNotWon")
    assert code == 0 and "[ok] invariant OHasNotWon holds in all 3,658 reachable states" in out
    code, out, _ = ttt_check("--spec", "random", "--o", "minimax", "-i", "XHasNotWon")
    assert code == 0 and "2,042 reachable states" in out
    code, out, _ = ttt_check("--o", "perfect", "--x", "any", "-i", "OHasNotWon")
    assert code == 12 and "MoveO › perfect  coordinate=" in out and "value=win score=" in out


boards_anywhere = st.tuples(st.lists(st.sampled_from("XO."), min_size=9, max_size=9).map("".join), st.sampled_from("XO"))


def as_state(board: str, turn: str):
    from model.spec.state import State

    x = sum(1 << i for i, mark in enumerate(board) if mark == "X")
    o = sum(1 << i for i, mark in enumerate(board) if mark == "O")
    return State(x, o, turn)


@settings(max_examples=60, deadline=None)
@given(boards_anywhere)
def test_value_players_on_any_board_reachable_or_not(position):
    """A replay may start anywhere: on every board the players choose the reference's best moves."""
    board, turn = position
    for kind in ("minimax", "perfect"):
        model = build(TicTacToe, KINDS[kind], KINDS[kind])
        chosen = {as_text(after)[0] for _, after in model.next_steps(as_state(board, turn)) if after.nextTurn != turn}
        expected = {play(board, i, turn) for _, i in REFERENCE[kind](board, turn)}
        assert chosen == expected


@settings(max_examples=60, deadline=None)
@given(boards_anywhere)
def test_strategy_keeps_value_on_any_board(position):
    from model.players.keeps_value import ValuedStrategy

    board, _ = position
    keeps = is_over(board) or all(
        minimax(play(board, i, "X"), "O") >= minimax(board, "X") for _, i in strategy(board, "X")
    )
    assert ValuedStrategy().StrategyKeepsValue(as_state(board, "X")) == keeps
