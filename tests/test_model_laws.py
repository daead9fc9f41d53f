"""Laws of the lecture's game that every step of the model must obey.

Checked with hypothesis on arbitrary boards (reachable or not) and on
random games played from `init`.
"""

import enumerator
from boards import flat, state, text
from hypothesis import given, settings
from hypothesis import strategies as st

from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

MODELS = {"random": TicTacToe(), "strategy": StrategyTicTacToe()}
COORDINATES = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]

laws = settings(max_examples=150, deadline=None)

specs = st.sampled_from(sorted(MODELS))
boards = st.text(alphabet=".XO", min_size=9, max_size=9).map(lambda b: f"{b[:3]}/{b[3:6]}/{b[6:]}")
turns = st.sampled_from("XO")


def changed(model, before, after) -> list:
    """The coordinates whose square differs between two states."""
    a, b = text(model, before).replace("/", ""), text(model, after).replace("/", "")
    return [c for c, x, y in zip(COORDINATES, a, b) if x != y]


def over(b: str) -> bool:
    return enumerator.is_over(b.replace("/", ""))


@laws
@given(specs, boards, turns)
def test_a_step_marks_one_empty_square_for_the_mover_or_stutters_when_over(spec, b, turn):
    model = MODELS[spec]
    s = state(model, b, turn)
    steps = list(model.step(s))
    if over(b):
        assert [t for _, t in steps] == [s]  # only the stutter; no move after the game is over
        return
    assert steps, "a game that goes on always has a next move"
    for label, t in steps:
        (square,) = changed(model, s, t)
        assert model.isEmpty(s.board, square)
        assert model.square(t.board, square) == turn
        assert t.nextTurn != turn
        assert label.path[0] == ("MoveX" if turn == "X" else "MoveO")


@laws
@given(specs, boards, turns)
def test_the_label_names_the_square_that_changed(spec, b, turn):
    model = MODELS[spec]
    s = state(model, b, turn)
    for label, t in model.step(s):
        picks = dict(label.picks)
        squares = changed(model, s, t)
        if label.path[-1] == "GameOverStutter":
            assert squares == [] and picks == {}
        elif label.path[-1] == "TakeCenter":
            assert squares == [(2, 2)]
        else:
            (picked,) = [picks[k] for k in ("coordinate", "corner") if k in picks]
            assert squares == [picked]
            assert "pattern" not in picks or picked in picks["pattern"]


@laws
@given(boards, turns)
def test_the_strategy_is_one_way_of_moving_anywhere(b, turn):
    strategy, anywhere = MODELS["strategy"], MODELS["random"]
    s = state(strategy, b, turn)
    assert {t for _, t in strategy.MoveX(s)} <= {t for _, t in anywhere.MoveX(s)}
    assert list(strategy.MoveO(s)) == list(anywhere.MoveO(s))


@laws
@given(boards)
def test_MoveX_follows_the_lectures_priority_list(b):
    """The if/else chain, against the enumerator's own reading of the lecture."""
    model = MODELS["strategy"]
    s = state(model, b, "X")
    moves = {flat(model, t)[0] for _, t in model.MoveX(s)}
    if over(b):
        assert moves == set()
        return
    board = b.replace("/", "")
    expected = {board[:i] + "X" + board[i + 1 :] for _, i in enumerator.strategy(board, "X")}
    assert moves == expected and moves, "MoveX is never disabled while the game goes on"


@laws
@given(specs, boards, turns)
def test_quint_values_round_trip(spec, b, turn):
    model = MODELS[spec]
    s = state(model, b, turn)
    assert model.from_quint(model.to_quint(s)) == s
    assert text(model, s) == b


@laws
@given(specs, st.lists(st.integers(min_value=0, max_value=1000), max_size=12))
def test_random_games_alternate_and_keep_the_counts(spec, choices):
    """Play a game from `init`, taking the `choice`-th step (modulo how many there are)."""
    model = MODELS[spec]
    (s,) = model.init_states()
    moves = 0
    for choice in choices:
        steps = list(model.step(s))
        label, t = steps[choice % len(steps)]
        if t == s:
            assert model.gameOver(s.board) and len(steps) == 1
            continue
        assert t.nextTurn != s.nextTurn
        s, moves = t, moves + 1
        xs, os = (text(model, s).count(p) for p in "XO")
        # X goes first: equal counts when X is next, one more X when O is next
        assert xs - os == (0 if s.nextTurn == "X" else 1)
        assert xs + os == moves
