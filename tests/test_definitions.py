"""Each Quint definition of the lecture's spec, on hand-made boards.

Boards are written row by row, rows separated by `/`: `"XO./.X./..O"`.
Expected values are read off the boards by hand, from the lecture's
definitions (quoted in each model function's docstring).
"""

import pytest
from boards import board, state, text

from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import State, TicTacToe

RANDOM = TicTacToe()
STRATEGY = StrategyTicTacToe()
NO_STUTTER = StrategyTicTacToe(stutter=False)

ROW_1 = {(1, 1), (1, 2), (1, 3)}
ANTI_DIAGONAL = {(3, 1), (2, 2), (1, 3)}

#: the lecture's eight winning patterns, as boards where X fills each one
X_LINES = [
    "XXX/.../...", ".../XXX/...", ".../.../XXX",
    "X../X../X..", ".X./.X./.X.", "..X/..X/..X",
    "X../.X./..X", "..X/.X./X..",
]


def pattern(coordinates):
    """The model's winning pattern with these coordinates."""
    (found,) = [p for p in STRATEGY.grid.winningPatterns if p.coordinates == frozenset(coordinates)]
    return found


def boards_after(steps):
    """The boards an action's steps lead to, as text."""
    return [text(STRATEGY, State(b.x, b.o, "X")) for _, b in steps]


# ---- coordinates -------------------------------------------------------------


def test_square_reads_row_then_column():
    b = board(RANDOM, "XO./.../..O")
    assert RANDOM.square(b, (1, 1)) == "X"
    assert RANDOM.square(b, (1, 2)) == "O"
    assert RANDOM.square(b, (3, 3)) == "O"
    assert RANDOM.square(b, (2, 1)) is None  # Empty
    assert RANDOM.square(b, (1, 3)) is None


def test_hasPlayer():
    b = board(RANDOM, "XO./.../...")
    assert RANDOM.hasPlayer(b, (1, 1), "X") and not RANDOM.hasPlayer(b, (1, 1), "O")
    assert RANDOM.hasPlayer(b, (1, 2), "O") and not RANDOM.hasPlayer(b, (1, 2), "X")
    assert not RANDOM.hasPlayer(b, (2, 2), "X") and not RANDOM.hasPlayer(b, (2, 2), "O")


def test_isEmpty():
    b = board(RANDOM, "XO./.../...")
    assert [RANDOM.isEmpty(b, c) for c in [(1, 1), (1, 2), (1, 3), (3, 3)]] == [False, False, True, True]


# ---- the board -----------------------------------------------------------------


def test_boardEmpty():
    assert RANDOM.boardEmpty(board(RANDOM, ".../.../..."))
    assert not RANDOM.boardEmpty(board(RANDOM, ".../.../..O"))


def test_boardFull():
    assert RANDOM.boardFull(board(RANDOM, "XOX/XOO/OXX"))
    assert not RANDOM.boardFull(board(RANDOM, "XOX/XO./OXX"))
    assert not RANDOM.boardFull(board(RANDOM, ".../.../..."))


@pytest.mark.parametrize("line", X_LINES)
def test_won_on_each_winning_pattern(line):
    assert RANDOM.won(board(RANDOM, line), "X") and not RANDOM.won(board(RANDOM, line), "O")
    as_o = line.replace("X", "O")
    assert RANDOM.won(board(RANDOM, as_o), "O") and not RANDOM.won(board(RANDOM, as_o), "X")


@pytest.mark.parametrize("no_line", ["XX./..X/...", "X.X/.../X.X", ".X./X.X/.X.", "XOX/XOO/OXX"])
def test_won_needs_a_whole_line(no_line):
    assert not RANDOM.won(board(RANDOM, no_line), "X")


def test_stalemate_is_a_full_board_without_a_winner():
    assert RANDOM.stalemate(board(RANDOM, "XOX/XOO/OXX"))
    assert not RANDOM.stalemate(board(RANDOM, "XOX/XOO/XXO"))  # full, X has column 1
    assert not RANDOM.stalemate(board(RANDOM, "XOX/XOO/OX."))  # not full
    assert not RANDOM.stalemate(board(RANDOM, "XOX/OOO/XXO"))  # full, O has row 2


@pytest.mark.parametrize(
    "b, over",
    [
        ("XXX/OO./...", True),  # X won
        ("XX./OOO/X..", True),  # O won
        ("XOX/XOO/OXX", True),  # full, nobody won
        ("XOX/XOO/OX.", False),
        (".../.../...", False),
    ],
)
def test_gameOver(b, over):
    assert RANDOM.gameOver(board(RANDOM, b)) is over


# ---- conditions for X's strategy --------------------------------------------------


@pytest.mark.parametrize(
    "row_1, win, block, setup",
    [
        ("XX.", True, False, False),
        (".XX", True, False, False),
        ("OO.", False, True, False),
        ("X..", False, False, True),
        ("..X", False, False, True),
        ("XXX", False, False, False),  # no empty square left
        ("XXO", False, False, False),
        ("XO.", False, False, False),
        ("...", False, False, False),
        ("OOO", False, False, False),
    ],
)
def test_conditions_with_pattern(row_1, win, block, setup):
    b = board(STRATEGY, row_1 + "/.../...")
    row = pattern(ROW_1)
    assert STRATEGY.canWinWithPattern(b, row) is win
    assert STRATEGY.canBlockWithPattern(b, row) is block
    assert STRATEGY.canSetupWinWithPattern(b, row) is setup


def test_canWin_canBlock_canSetupWin_look_at_every_pattern():
    b = board(STRATEGY, "X../.O./O.X")
    # anti-diagonal (3,1),(2,2),(1,3): O, O, empty -> block; X's lines have one X and two empties
    assert not STRATEGY.canWin(b)
    assert STRATEGY.canBlock(b)
    assert STRATEGY.canSetupWin(b)  # row 1 and column 3 hold one X and two empty squares
    assert STRATEGY.canWin(board(STRATEGY, "X../.O./X.."))  # column 1
    assert not STRATEGY.canSetupWin(board(STRATEGY, "XOX/OXO/O.O"))


def test_canTakeCenter():
    assert STRATEGY.canTakeCenter(board(STRATEGY, "X.O/.../..."))
    assert not STRATEGY.canTakeCenter(board(STRATEGY, "X../.O./..."))
    assert not STRATEGY.canTakeCenter(board(STRATEGY, ".../.X./..."))


# ---- actions ----------------------------------------------------------------------


def test_Move_marks_an_empty_square_only():
    b = board(RANDOM, "X../.../...")
    assert boards_after([(None, RANDOM.Move(b, "O", (2, 3)))]) == ["X../..O/..."]
    assert RANDOM.Move(b, "O", (1, 1)) is None  # isEmpty(coordinate) fails: disabled


def test_MoveToEmpty_chooses_every_empty_square():
    steps = list(RANDOM.MoveToEmpty(board(RANDOM, "XOX/.O./OXO"), "X"))
    assert [str(label) for label, _ in steps] == [
        "MoveToEmpty  coordinate=(2,1)",
        "MoveToEmpty  coordinate=(2,3)",
    ]
    assert boards_after(steps) == ["XOX/XO./OXO", "XOX/.OX/OXO"]


def test_MoveToEmpty_is_disabled_once_the_game_is_over():
    assert list(RANDOM.MoveToEmpty(board(RANDOM, "XXX/OO./..."), "O")) == []
    assert list(RANDOM.MoveToEmpty(board(RANDOM, "XOX/XOO/OXX"), "X")) == []


def test_StartInCorner_offers_the_four_corners():
    steps = list(STRATEGY.StartInCorner(board(STRATEGY, ".../.../...")))
    assert sorted(str(label) for label, _ in steps) == [
        "StartInCorner  corner=(1,1)",
        "StartInCorner  corner=(1,3)",
        "StartInCorner  corner=(3,1)",
        "StartInCorner  corner=(3,3)",
    ]
    assert sorted(boards_after(steps)) == sorted(["X../.../...", "..X/.../...", ".../.../X..", ".../.../..X"])


def test_Win_completes_the_pattern():
    steps = list(STRATEGY.Win(board(STRATEGY, "XX./OO./...")))
    assert [str(label) for label, _ in steps] == ["Win  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)"]
    assert boards_after(steps) == ["XXX/OO./..."]
    assert list(STRATEGY.Win(board(STRATEGY, "X../OO./..."))) == []  # canWin is false


def test_Win_offers_each_pattern_even_when_they_share_the_square():
    # row 1 and column 1 both miss only (1,1): two picks, one resulting board
    steps = list(STRATEGY.Win(board(STRATEGY, ".XX/XOO/XOO")))
    assert sorted(str(label) for label, _ in steps) == [
        "Win  pattern={(1,1),(1,2),(1,3)} coordinate=(1,1)",
        "Win  pattern={(1,1),(2,1),(3,1)} coordinate=(1,1)",
    ]
    assert boards_after(steps) == ["XXX/XOO/XOO"] * 2


def test_Block_takes_the_square_O_needs():
    steps = list(STRATEGY.Block(board(STRATEGY, "OO./.X./.X.")))
    assert [str(label) for label, _ in steps] == ["Block  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)"]
    assert boards_after(steps) == ["OOX/.X./.X."]
    assert list(STRATEGY.Block(board(STRATEGY, "OX./.../..."))) == []


def test_TakeCenter():
    steps = list(STRATEGY.TakeCenter(board(STRATEGY, "X../.../..O")))
    assert [str(label) for label, _ in steps] == ["TakeCenter"]
    assert boards_after(steps) == ["X../.X./..O"]
    assert list(STRATEGY.TakeCenter(board(STRATEGY, "X../.O./..."))) == []


def test_SetupWin_picks_a_pattern_with_one_X_and_two_empty_squares():
    steps = list(STRATEGY.SetupWin(board(STRATEGY, "X../.O./...")))
    # row 1 and column 1 qualify; the diagonal through (2,2) holds an O
    assert sorted(str(label) for label, _ in steps) == [
        "SetupWin  pattern={(1,1),(1,2),(1,3)} coordinate=(1,2)",
        "SetupWin  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)",
        "SetupWin  pattern={(1,1),(2,1),(3,1)} coordinate=(2,1)",
        "SetupWin  pattern={(1,1),(2,1),(3,1)} coordinate=(3,1)",
    ]


# ---- MoveX, MoveO: who moves, and how X chooses ---------------------------------------


def successors(model, b, turn=None):
    """`label text -> board text` of every step of `step` from the state `b`."""
    return [(str(label), text(model, s), s.nextTurn) for label, s in model.step(state(model, b, turn))]


def test_MoveX_random_moves_anywhere_then_passes_the_turn():
    assert successors(RANDOM, "XO./.../...") == [
        (f"MoveX › MoveToEmpty  coordinate={c}", b, "O")
        for c, b in [
            ("(1,3)", "XOX/.../..."),
            ("(2,1)", "XO./X../..."),
            ("(2,2)", "XO./.X./..."),
            ("(2,3)", "XO./..X/..."),
            ("(3,1)", "XO./.../X.."),
            ("(3,2)", "XO./.../.X."),
            ("(3,3)", "XO./.../..X"),
        ]
    ]


def test_MoveO_moves_anywhere_then_passes_the_turn():
    steps = successors(STRATEGY, "XO./.X./XO.", "O")
    assert steps == [
        ("MoveO › MoveToEmpty  coordinate=(1,3)", "XOO/.X./XO.", "X"),
        ("MoveO › MoveToEmpty  coordinate=(2,1)", "XO./OX./XO.", "X"),
        ("MoveO › MoveToEmpty  coordinate=(2,3)", "XO./.XO/XO.", "X"),
        ("MoveO › MoveToEmpty  coordinate=(3,3)", "XO./.X./XOO", "X"),
    ]


def test_only_the_player_whose_turn_it_is_moves():
    s = state(STRATEGY, "X../.../...", "O")
    assert list(STRATEGY.MoveX(s)) == [] and len(list(STRATEGY.MoveO(s))) == 8
    s = state(STRATEGY, "X../.../..O", "X")
    assert list(STRATEGY.MoveO(s)) == [] and len(list(STRATEGY.MoveX(s))) == 1


def test_MoveX_strategy_starts_in_a_corner():
    assert sorted(b for _, b, _ in successors(STRATEGY, ".../.../...")) == sorted(
        ["X../.../...", "..X/.../...", ".../.../X..", ".../.../..X"]
    )


def test_MoveX_commits_to_Win_even_when_it_could_block():
    # X can win on row 1, O threatens row 2, (2,2)... many squares are empty
    assert successors(STRATEGY, "XX./OO./..X", "X") == [
        ("MoveX › Win  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)", "XXX/OO./..X", "O")
    ]


def test_MoveX_commits_to_Block_even_when_the_center_is_free():
    assert successors(STRATEGY, ".X./O../O.X") == [
        ("MoveX › Block  pattern={(1,1),(2,1),(3,1)} coordinate=(1,1)", "XX./O../O.X", "O")
    ]


def test_MoveX_label_for_a_block_on_row_1():
    assert successors(STRATEGY, "OO./.X./.X.") == [
        ("MoveX › Block  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)", "OOX/.X./.X.", "O")
    ]


def test_MoveX_commits_to_TakeCenter_even_when_it_could_set_up_a_win():
    assert successors(STRATEGY, "X../.../..O") == [("MoveX › TakeCenter", "X../.X./..O", "O")]


def test_MoveX_sets_up_a_win_when_the_center_is_taken():
    assert sorted(b for _, b, _ in successors(STRATEGY, "X../.O./...")) == sorted(
        ["XX./.O./...", "X.X/.O./...", "X../XO./...", "X../.O./X.."]
    )


def test_MoveX_falls_back_to_any_empty_square_only_when_nothing_else_applies():
    assert successors(STRATEGY, ".OX/XOO/OXX") == [("MoveX › MoveToEmpty  coordinate=(1,1)", "XOX/XOO/OXX", "O")]


def test_MoveX_does_not_move_after_O_has_won():
    # the spec guards MoveX with not(gameOver): X must not "block" a finished game
    assert successors(STRATEGY, "OOO/XX./X..", "X") == [("GameOverStutter", "OOO/XX./X..", "X")]


# ---- init and step ------------------------------------------------------------------


def test_init_is_an_empty_board_with_X_to_move():
    for model in (RANDOM, STRATEGY):
        (initial,) = model.init_states()
        assert initial == model.init() == state(model, ".../.../...", "X")


def test_step_is_MoveX_or_MoveO_while_the_game_goes_on():
    s = state(STRATEGY, "X../.../..O")
    assert list(STRATEGY.step(s)) == list(STRATEGY.MoveX(s)) + list(STRATEGY.MoveO(s))


@pytest.mark.parametrize("finished", ["XXX/OO./...", "XOX/XOO/OXX", "OOO/XX./X.X"])
@pytest.mark.parametrize("model", [RANDOM, STRATEGY], ids=["random", "strategy"])
def test_step_stutters_once_the_game_is_over(model, finished):
    s = state(model, finished)
    assert [(str(label), t) for label, t in model.step(s)] == [("GameOverStutter", s)]


@pytest.mark.parametrize("finished", ["XXX/OO./...", "XOX/XOO/OXX"])
def test_no_stutter_drops_the_third_disjunct(finished):
    assert list(NO_STUTTER.step(state(NO_STUTTER, finished))) == []
    assert list(TicTacToe(stutter=False).step(state(RANDOM, finished))) == []
    # while the game goes on, nothing changes
    s = state(NO_STUTTER, "X../.../..O")
    assert list(NO_STUTTER.step(s)) == list(STRATEGY.step(s))


def test_invariants():
    x_won, o_won, draw, going = (
        state(STRATEGY, b) for b in ["XXX/OO./...", "OOO/XX./X.X", "XOX/XOO/OXX", "XO./.../..."]
    )
    assert [STRATEGY.XHasNotWon(s) for s in (x_won, o_won, draw, going)] == [False, True, True, True]
    assert [STRATEGY.OHasNotWon(s) for s in (x_won, o_won, draw, going)] == [True, False, True, True]
    assert [STRATEGY.NotStalemate(s) for s in (x_won, o_won, draw, going)] == [True, True, False, True]
    # `val inv = OHasNotWon`
    assert STRATEGY.invariants["inv"].holds(o_won) is False
    assert STRATEGY.invariants["inv"].holds(x_won) is True
