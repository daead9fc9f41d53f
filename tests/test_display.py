"""What a student reads: `--view all` shows each state once, the drawing beside Quint's record, within
100 columns on every board size; squares are named both ways (Quint's `(3,1)`, play's `C1`) wherever
they are shown, and never in ITF; the strategy's reasons speak of the board played on.

The letters are worked out here (`"ABCDEFGHIJ"[row - 1]`), the lines of k with
`tests.test_boards.reference_lines`, not from `model/`.
"""

import json
import random
import re
from functools import lru_cache

import pytest
from test_boards import reference_lines

reference_lines = lru_cache(maxsize=None)(reference_lines)

from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

LETTERS = "ABCDEFGHIJ"
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}


def name(row: int, column: int) -> str:
    return f"{LETTERS[row - 1]}{column}"


def a_game(model, rng: random.Random, moves: int) -> list:
    """The states of a random run of `model` from `init`, at most `moves` steps."""
    states = [model.init()]
    for _ in range(moves):
        steps = [after for _, after in model.next_steps(states[-1]) if after != states[-1]]
        if not steps:
            break
        states.append(rng.choice(steps))
    return states


@pytest.mark.parametrize("size", range(3, 11))
def test_all_views_stand_side_by_side_each_one_verbatim_within_100_columns(size):
    model = StrategyTicTacToe(size)
    columns = set()
    for seed in range(3):
        states = a_game(model, random.Random(seed), size * size)
        for previous, state in zip([None, *states], states):
            shown = model.format_state(state, "all", previous).splitlines()
            board = model.format_state(state, "board", previous).splitlines()
            record = model.format_state(state, "quint", previous).splitlines()
            assert max(map(len, shown)) <= 100
            assert len(shown) == max(len(board), len(record))  # each state once: the views beside each other
            column = shown[0].rindex("{")
            columns.add(column)
            assert [line[column:] for line in shown[: len(record)]] == record
            assert [line[:column].rstrip() for line in shown[: len(board)]] == board
            assert all(not line[:column].strip() for line in shown[len(board) :])
    assert len(columns) == 1, "the record keeps its column all along the trace"


def test_views_that_do_not_fit_go_one_under_the_other():
    from model.spec.views import side_by_side

    wide = "x" * 97
    assert side_by_side("ab\ncd", wide) == "ab\ncd\n" + wide
    assert side_by_side("ab\ncd", wide[:-1]) == f"ab  {wide[:-1]}\ncd"
    assert side_by_side("ab\ncd", "{\n}", least=4) == "ab    {\ncd    }"


@pytest.mark.parametrize("size, k", [(3, 3), (4, 4), (5, 4), (10, 5)])
def test_labels_and_drawings_name_each_picked_square_both_ways(size, k):
    model = StrategyTicTacToe(size, k)
    for seed in range(4):
        states = a_game(model, random.Random(seed), 12)
        for before, after in zip(states, states[1:]):
            label = next(label for label, state in model.next_steps(before) if state == after)
            shown = model.show_label(label)
            for pick, (row, column) in ((n, v) for n, v in label.picks if n in ("coordinate", "corner")):
                assert f"{pick}=({row},{column}) {name(row, column)}" in shown
            assert model.show_label(label, "quint") == str(label) and not re.search(r"\) [A-J]\d", str(label))
            moved = [(r, c) for r in range(1, size + 1) for c in range(1, size + 1)
                     if model.square(after.board, (r, c)) and not model.square(before.board, (r, c))]
            (row, column), mark = moved[0], model.square(after.board, moved[0])
            drawing = model.format_state(after, "board", before).splitlines()
            assert f" [{mark}] {name(row, column)} = ({row},{column})" in drawing
            # the columns numbered, the rows lettered: the square named C1 is drawn in row C, column 1
            assert drawing[0].split() == [str(c) for c in range(1, size + 1)]
            line = next(line for line in drawing if line.split()[:1] == [LETTERS[row - 1]])
            width = len(str(size))
            assert line[2 + width + (column - 1) * (width + 2)] == "["


LEGEND = "Squares: rows A to C, columns 1 to 3; C1 is row C, column 1, the spec's (3,1)."


def drawings(out: str) -> list[list[str]]:
    """Each board drawn in `out`: its column numbers, then the letter and the marks of each row."""
    lines = out.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.split() == ["1", "2", "3"]:
            rows = [lines[i + 1 + r].split(maxsplit=1) for r in range(3)]
            found.append([line.strip(), *(" ".join(row) for row in rows)])
    return found


def test_every_command_draws_the_board_one_way_and_says_how_squares_are_named(ttt_check, tmp_path):
    """check, run, replay, play and solve: the columns numbered 1 to 3, the rows lettered A to C, and the
    line that maps the names to the spec's (row, col) once (play: in its greeting)."""
    trace = tmp_path / "t.itf.json"
    outputs = {
        "check": ttt_check("--spec", "random", "-i", "XHasNotWon", "--view", "board", "--out-itf", trace)[1],
        "run": ttt_check("run", "--spec", "random", "-i", "XHasNotWon", "--seed", "3", "--view", "board")[1],
        "replay": ttt_check("replay", "--spec", "random", "--view", "board", trace)[1],
        "play": ttt_check("play", "--seed", "1", "--moves", write(tmp_path / "m", "b2\na2\n"))[1],
        "solve": ttt_check("solve", "--spec", "random", "--no-slips")[1],
    }
    for command, out in outputs.items():
        assert out.count(LEGEND) == 1, command
        shown = drawings(out)
        assert shown and all(d[0] == "1  2  3" or d[0] == "1    2    3" for d in shown), command
        assert all([row[0] for row in d[1:]] == ["A", "B", "C"] for d in shown), command
    # the same state is drawn alike by every command: the first move of the check's trace, replayed
    first = outputs["check"].split("[State 1]")[1].split("\n\n")[0].splitlines()[1:]
    assert "\n".join(first) in outputs["replay"]


def write(path, text: str):
    path.write_text(text)
    return path


def test_no_letter_name_reaches_itf(ttt_check, tmp_path):
    out_itf = tmp_path / "t.itf.json"
    code, out, _ = ttt_check("-i", "NotStalemate", "--out-itf", out_itf)
    assert code == 12 and "coordinate=(3,1) C1" in out
    picks = [state["mbt::nondetPicks"] for state in json.loads(out_itf.read_text())["states"]]
    text = json.dumps(picks)
    assert "C1" not in text and "A1" not in text and '"#tup"' in text


def rules_hold(reason: str, board: dict, n: int) -> bool:
    """Whether the claim of one 'rule not taken' is true of `board` ((row, column) -> mark, '.' empty)."""
    if reason == "StartInCorner: the board is not empty":
        return any(mark != "." for mark in board.values())
    if centre := re.fullmatch(r"TakeCenter: the centre ([A-J])(\d+) = \((\d+),(\d+)\) is taken", reason):
        letter, column, row, column_again = centre.groups()
        middle = (n + 1) // 2
        assert n % 2 and (LETTERS.index(letter) + 1, int(column)) == (int(row), int(column_again)) == (middle, middle)
        return board[middle, middle] != "."
    claim = re.fullmatch(
        r"(\w+): no line(?: of (\w+))? with (\w+) ([XO]) and (?:an empty square|(\w+) empty squares)", reason
    )
    assert claim, reason
    rule, of, players, player, empties = claim.groups()
    k = NUMBERS[of] if of else n
    players, empties = NUMBERS[players], NUMBERS[empties] if empties else 1
    assert players + empties == k
    assert {"Win": (k - 1, "X"), "Block": (k - 1, "O"), "SetupWin": (1, "X")}[rule] == (players, player)
    squares = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    for line in reference_lines(n, k):
        marks = [board[squares[i]] for i in line]
        if marks.count(player) == players and marks.count(".") == empties:
            return False
    return True


@pytest.mark.parametrize("size, k", [(3, 3), (4, 4), (4, 3), (5, 4), (5, 5)])
def test_the_reasons_of_the_rules_not_taken_are_true_on_any_board(size, k):
    model = StrategyTicTacToe(size, k)
    checked = 0
    for seed in range(30):
        for state in a_game(TicTacToe(size, k), random.Random(seed), size * size):
            if state.nextTurn != "X" or model.gameOver(state.board):
                continue
            squares = [(r, c) for r in range(1, size + 1) for c in range(1, size + 1)]
            board = {square: model.square(state.board, square) or "." for square in squares}
            for label, _ in model.next_steps(state):
                reasons = model.rules_not_taken(label.path[1], name=lambda s: f"{name(*s)} = ({s[0]},{s[1]})")
                assert ("TakeCenter" in " ".join(reasons)) <= bool(size % 2)  # an even board has no centre
                for reason in reasons:
                    assert rules_hold(reason, board, size), (reason, board)
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("size", [3, 4, 5])
def test_play_speaks_of_the_board_played_on(size):
    from tests.console import run

    done = run("play", "--size", size, "--seed", "1", input="q\n")
    last = name(size, size)
    greeting = done.stdout.split("\n\n")[0]
    assert f"A1 to {last}," in greeting and (size == 3 or "A1 to C3" not in done.stdout)
    middle = (size + 1) // 2
    if size % 2:
        assert f"{name(middle, middle)} = ({middle},{middle}), the centre" in greeting
    else:
        assert "centre" not in done.stdout
