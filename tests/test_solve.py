"""`ttt-check solve` and StrategyKeepsValue against minimax written here, on `tests.enumerator`'s boards.

The reference values come from a recursive minimax over the enumerator's
choices (its own boards, its own reading of the strategy), not from
`checker.games` or `model/`.
"""

import re
from collections import Counter

import pytest

from checker.explore.bfs import explore
from checker.games.retrograde import solve
from model.players.keeps_value import ValuedStrategy
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from tests.enumerator import RANDOM, START, STRATEGY, is_over, strategy
from tests.lassos import successors
from tests.enumerator import minimax as plain
from tests.enumerator import minimax_over
from tests.test_value_players import as_text


def for_mover(state, payoff: int) -> int:
    return payoff if state[1] == "X" else -payoff


@pytest.mark.parametrize("spec, game", [(TicTacToe, RANDOM), (StrategyTicTacToe, STRATEGY)])
def test_every_reachable_state_gets_its_minimax_value(spec, game):
    model = spec()
    solution = solve(model, explore(model, check_deadlock=False, keep_graph=True).graph)
    value = minimax_over(game)
    assert {as_text(s): v.payoff for s, v in solution.values.items()} == {s: value(s) for s in game.explore().states}


def outcome_counts(game) -> Counter:
    value = minimax_over(game)
    return Counter({1: "won", 0: "drawn", -1: "lost"}[for_mover(s, value(s))] for s in game.explore().states)


def test_solve_random(ttt_check):
    code, out, err = ttt_check("solve", "--spec", "random")
    assert code == 0 and err == ""
    value = plain(START[0], "X")
    assert value == 0 and "Value of the initial state: a draw (X to move)." in out
    # every drawn game fills the board: best play lasts 9 moves
    assert {moves for (end, moves) in RANDOM.endings() if end == "draw"} == {9}
    assert "the game lasts 9 moves" in out
    games = RANDOM.games()[0]
    assert f"Complete games from the initial state: {sum(games.values()):,}" in out
    assert f"won by X:    {games['X']:,}\n  won by O:    {games['O']:,}\n  drawn:       {games['draw']:,}" in out
    counts = outcome_counts(RANDOM)
    assert f"{counts['won']:,} won, {counts['drawn']:,} drawn, {counts['lost']:,} lost." in out
    table = out.split("The value of each first move, for X:\n")[1].split("\n\n")[0].splitlines()[1:]
    for row, line in enumerate(table):
        for column, word in enumerate(line.split()[1:]):
            after = START[0][: 3 * row + column] + "X" + START[0][3 * row + column + 1 :]
            assert word == {1: "win", 0: "draw", -1: "loss"}[plain(after, "O")]


def independent_slips() -> dict:
    """X-to-move positions of the strategy spec -> the strategy's moves that lower X's minimax value."""
    found = {}
    for board, turn in STRATEGY.explore().states:
        if turn != "X" or is_over(board):
            continue
        worse = {i for _, i in strategy(board, "X") if plain(board[:i] + "X" + board[i + 1 :], "O") < plain(board, "X")}
        if worse:
            found[board] = worse
    return found


def test_the_strategy_throws_away_wins_in_20_positions_by_28_moves(ttt_check):
    slips = independent_slips()
    assert (len(slips), sum(map(len, slips.values()))) == (20, 28)
    model = ValuedStrategy()
    graph = explore(model, check_deadlock=False, keep_graph=True).graph
    assert {as_text(s)[0] for s in graph if not model.StrategyKeepsValue(s)} == set(slips)
    code, out, _ = ttt_check("solve")
    assert code == 0
    assert f"{len(slips)} positions, {sum(map(len, slips.values()))} moves." in out
    assert len(re.findall(r"^\d+\. X to move, a win for X", out, re.MULTILINE)) == 20
    assert "O can force a draw against X's strategy from the initial state, but not a win." in out


def test_o_drawing_replies_against_the_strategy(ttt_check):
    value = minimax_over(STRATEGY)
    _, out, _ = ttt_check("solve")
    block = out.split("After MoveX › StartInCorner  corner=(1,1) A1:\n")[1].split("\n\n")[0].splitlines()[1:]
    for row, line in enumerate(block):
        for column, word in enumerate(line.split()[1:]):
            board = "X........"
            i = 3 * row + column
            if board[i] == "X":
                assert word == "X"
                continue
            expected = -value((board[:i] + "O" + board[i + 1 :], "X"))
            assert word == {1: "win", 0: "draw", -1: "loss"}[expected]


def test_strategy_keeps_value_fails_after_two_steps_and_names_a_better_move(ttt_check):
    code, out, _ = ttt_check("-i", "StrategyKeepsValue", "--view", "board")
    assert code == 12
    assert "[violation] invariant StrategyKeepsValue is violated after 2 steps" in out
    assert "MoveX › StartInCorner  corner=(1,1)" in out and "MoveO › MoveToEmpty  coordinate=(1,3)" in out
    assert "B2 = (2,2) by MoveX › TakeCenter, after which it is a draw" in out
    keeping = re.search(r"A move that keeps the win: (.*)\. ", out).group(1).split(" or ")
    board = "X.O......"  # the counterexample's last state, as the trace shows it
    assert set(independent_slips()[board]) == {4}
    expected = {f"{'ABC'[i // 3]}{i % 3 + 1} = ({i // 3 + 1},{i % 3 + 1})" for i in range(9) if board[i] == "." and plain(board[:i] + "X" + board[i + 1 :], "O") == 1}
    assert set(keeping) == expected and expected
    # the trace is a behaviour of the spec
    model = ValuedStrategy()
    states = [model.init()]
    for coordinate in ((1, 1), (1, 3)):
        nxt = [s for s in successors(model, states[-1]) if as_text(s)[0].count(".") == as_text(states[-1])[0].count(".") - 1]
        states.append(next(s for s in nxt if model.grid.bit[coordinate] & (s.x | s.o)))
    assert as_text(states[-1]) == (board, "X") and not model.StrategyKeepsValue(states[-1])


def test_two_value_players_throw_nothing_away_and_always_draw(ttt_check):
    code, out, _ = ttt_check("solve", "--x", "minimax", "--o", "perfect")
    assert code == 0 and "0 positions, 0 moves." in out
    assert re.search(r"Complete games from the initial state: [\d,]+\n  drawn: ", out)


def test_solve_refuses_a_pairing_that_cannot_be(ttt_check):
    code, out, err = ttt_check("solve", "--o", "strategy")
    assert (code, out, err) == (2, "", "ttt-check: error: player kind 'strategy' plays X only, not O\n")


def test_a_game_too_large_to_solve_in_memory_is_refused_in_one_line(ttt_check):
    code, out, err = ttt_check("solve", "--size", "4", "--max-states", "1000")
    assert code == 2 and out == ""
    assert err == "ttt-check: error: spec 'strategy' has more than 1,000 reachable states: too many to solve in memory (raise --max-states to try)\n"
