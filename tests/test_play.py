"""`ttt-check play`: moves typed, piped or read from a file, against the computer; and in a real terminal.

What the computer may play and what the status must be are worked out here
from `tests.enumerator`'s boards (its own reading of the strategy) and
`tests.test_value_players`' minimax, not from `model/`.
"""

import re
import shutil
import subprocess
import time
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model.spec.grid import Grid
from model.commands.play import BadMove, parse_move
from click.testing import CliRunner

from model.commands.cli import cli
from tests.console import TTT_CHECK, run
from tests.enumerator import any_square, outcome, strategy
from tests.test_value_players import REFERENCE

GRID = Grid(3)
ROW_LINE = re.compile(r"^ ([ABC]) (.*)$")


def play(*args, input: str) -> str:
    """The output of `ttt-check play ARGS` run in-process with `input` piped in."""
    return CliRunner().invoke(cli, ["play", *map(str, args)], input=input).output


def boards(out: str) -> list[tuple[str, str | None, str]]:
    """(board string, square of the bracketed last move, status) for each board the output shows."""
    found, rows, last = [], [], None
    for line in out.splitlines():
        if m := ROW_LINE.match(line):
            cells = [(m[2] + " " * 9)[i : i + 3] for i in (0, 3, 6)]  # ' X ', '[X]' (last move), '*X*' (a won line)
            marks = []
            for column, cell in enumerate(cells):
                marks.append(cell[1])
                if cell[0] == "[":
                    last = f"{m[1]}{column + 1}"
            rows.append("".join(marks))
        elif line.startswith("Status: "):
            found.append(("".join(rows), last, line.removeprefix("Status: ")))
            rows, last = [], None
    return found


STATUS = {"X": "X won", "O": "O won", "draw": "Draw", None: "Not Done"}


def index(square: str) -> int:
    return 3 * ("ABC".index(square[0])) + int(square[1]) - 1


def assert_a_game(out: str, x_plays, o_plays) -> list[str]:
    """Every board follows from the one before by one move of the side to move, allowed by its player; the
    status is right; the last move is marked. Returns the boards."""
    shown = boards(out)
    assert shown[0] == ("." * 9, None, "Not Done")
    for (before, _, _), (after, last, status) in zip(shown, shown[1:]):
        changed = [i for i in range(9) if before[i] != after[i]]
        assert len(changed) == 1 and before[changed[0]] == "." and changed == [index(last)]
        mark = after[changed[0]]
        assert mark == ("X" if before.count("X") == before.count("O") else "O")
        plays = x_plays if mark == "X" else o_plays
        assert changed[0] in {i for _, i in plays(before, mark)}
        assert status == STATUS[outcome(after)]
    return [board for board, _, _ in shown]


@pytest.mark.parametrize("text, square", [("A1", (1, 1)), ("b2", (2, 2)), ("C3", (3, 3)), ("c1", (3, 1)),
                                          ("(2,2)", (2, 2)), ("2,3", (2, 3)), ("( 1 , 3 )", (1, 3)), (" a3 ", (1, 3))])
def test_moves_in_002_and_quint_notation(text, square):
    assert parse_move(text, GRID) == square


@pytest.mark.parametrize("text, why", [("Z9", "no row Z"), ("A4", "no column 4"), ("A9", "no column 9"),
                                       ("B", "not a move"), ("", "not a move"), ("22", "not a move"),
                                       ("(4,1)", "no row 4"), ("1,0", "no column 0"), ("B2B", "not a move")])
def test_bad_moves_say_what_is_wrong(text, why):
    with pytest.raises(BadMove, match=why):
        parse_move(text, GRID)


@given(st.text(max_size=12))
def test_any_text_is_a_square_or_one_line_of_error(text):
    expected = re.fullmatch(r"\s*([A-Ca-c])([1-3])\s*", text)
    try:
        square = parse_move(text, GRID)
    except BadMove as error:
        assert "\n" not in str(error) and not expected
    else:
        assert 1 <= square[0] <= 3 and 1 <= square[1] <= 3
        if expected:
            assert square == ("ABC".index(expected[1].upper()) + 1, int(expected[2]))


def test_piped_game_with_every_kind_of_bad_move(tmp_path):
    """O against the strategy: bad moves are refused with one line and the prompt again."""
    moves = "Z9\nA4\nB\nb2\nb2\n(3,1)\nC3\n2,3\nA2\nq\n"
    saved = tmp_path / "game.itf.json"
    done = run("play", "--seed", "1", "--save", saved, input=moves)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "'Z9': there is no row Z: rows are A to C\nYour move (O): " in out
    assert "'A4': there is no column 4: columns are 1 to 3\nYour move (O): " in out
    assert "'B' is not a move: type a row letter and a column number, like B2\nYour move (O): " in out
    assert re.search(r"B2 = \(2,2\) is taken: O is there\nYour move \(O\): ", out)
    assert re.search(r"the game is over \((X won|O won|Draw)\): no more moves\nThe game is over; q quits: ", out)
    shown = assert_a_game(out, strategy, any_square)
    assert outcome(shown[-1]) is not None
    assert "Earlier rules, not taken:\n  StartInCorner: the board is not empty\n" in out
    # the saved game is a behaviour of the spec, and the same seed plays the same game
    assert run("replay", saved).returncode == 0
    again = run("play", "--seed", "1", input=moves)
    assert boards(again.stdout) == boards(out)


def test_the_rules_not_taken_are_true():
    """Each 'Earlier rules, not taken' reason holds of the board the strategy moved on, by the enumerator's
    reading of the rules (a line with two X / two O / one X, and an empty rest)."""
    from tests.enumerator import lines_with

    applies = {
        "StartInCorner": lambda b: b == "." * 9,
        "Win": lambda b: bool(lines_with(b, "X", 2)),
        "Block": lambda b: bool(lines_with(b, "O", 2)),
        "TakeCenter": lambda b: b[4] == ".",
        "SetupWin": lambda b: bool(lines_with(b, "X", 1)),
    }
    checked = 0
    for seed in range(4):
        out = play("--seed", seed, input="b2\na2\nc3\nb1\nb3\na3\nc2\nq\n")
        before, *moves = out.split("The computer (X) plays ")
        for move in moves:
            board = boards(before)[-1][0]
            chosen = re.search(r"rule (\w+) ", move)[1]
            assert chosen == "MoveToEmpty" or applies[chosen](board)
            for rule in re.findall(r"^  (\w+): ", move.split("Status:")[0], re.MULTILINE):
                assert not applies[rule](board), (rule, board)
                checked += 1
            before = move
    assert checked


def test_the_computer_picks_among_the_tied_best_moves_reproducibly():
    """A minimax X may open anywhere (every square is a draw): the seed picks the square, the same every time."""
    openings = set()
    for seed in range(12):
        out = play("--x", "minimax", "--spec", "random", "--seed", seed, input="q\n")
        first = boards(out)[1][0]
        assert first == boards(play("--x", "minimax", "--spec", "random", "--seed", seed, input="q\n"))[1][0]
        openings.add(first.index("X"))
    assert len(openings) > 1 and all(i in {j for _, j in REFERENCE["minimax"]("." * 9, "X")} for i in openings)


def test_human_x_against_perfect_o(tmp_path):
    saved = tmp_path / "g.itf.json"
    done = run("play", "--human", "x", "--seed", "3", "--save", saved, input="a1 b1\nc3\nc2\na2 b3 a3\n")
    shown = assert_a_game(done.stdout, any_square, REFERENCE["perfect"])
    assert "you play X, the computer plays O (perfect)" in done.stdout
    assert "Chosen by perfect: value=" in done.stdout
    assert done.returncode == (0 if outcome(shown[-1]) else 1)
    replayed = run("replay", saved)
    assert replayed.returncode == 0 and "spec 'random'" in replayed.stdout


def a_whole_game(seed) -> tuple[list[str], str, str]:
    """O's moves (the first empty square each time) for a whole game against the strategy with `seed`,
    found by replaying the game with one more move each time; and the last board and status."""
    moves: list[str] = []
    while True:
        board, _, status = boards(play("--seed", seed, input="\n".join([*moves, "q"]) + "\n"))[-1]
        if status != "Not Done":
            return moves, board, status
        i = board.index(".")
        moves.append(f"{'ABC'[i // 3]}{i % 3 + 1}")


def test_moves_from_a_file(tmp_path):
    moves, board, status = a_whole_game(2)
    good = tmp_path / "good.txt"
    quint = [f"({'ABC'.index(m[0]) + 1}, {m[1]})" for m in moves]  # Quint's notation, with a space
    good.write_text(" ".join(quint[:2]) + "\n" + "\n".join(quint[2:]) + "\n")
    done = run("play", "--moves", good, "--seed", "2")
    assert done.returncode == 0 and boards(done.stdout)[-1] == (board, boards(done.stdout)[-1][1], status)
    bad = tmp_path / "bad.txt"
    bad.write_text("B2\n\nZ9 A1\n")
    done = run("play", "--moves", bad, "--seed", "2")
    assert (done.returncode, done.stderr) == (2, f"ttt-check: error: {bad} line 3: 'Z9': there is no row Z: rows are A to C\n")
    short = tmp_path / "short.txt"
    short.write_text("B2\n")
    done = run("play", "--moves", short, "--seed", "2")
    assert done.returncode == 2 and done.stderr.startswith(f"ttt-check: error: {short} line 2: a move of O is missing")
    missing = run("play", "--moves", tmp_path / "nope.txt")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "nope.txt" in missing.stderr


def test_moves_after_the_end_of_a_filed_game_are_not_played_and_the_game_is_kept(tmp_path):
    moves, board, status = a_whole_game(0)
    extra = tmp_path / "extra.txt"
    extra.write_text("\n".join([*moves, "B2", "q"]) + "\n")  # the end is reported, whatever the square
    saved = tmp_path / "g.itf.json"
    done = run("play", "--moves", extra, "--seed", "0", "--save", saved)
    assert (done.returncode, done.stderr) == (0, "")
    assert boards(done.stdout)[-1][::2] == (board, status)
    note = f"The game is over ({status}): the moves of {extra} from line {len(moves) + 1} on were not played."
    assert note in done.stdout.splitlines() and done.stdout.index(note) < done.stdout.index("Saved the game")
    replayed = run("replay", saved)  # the finished game, kept
    assert replayed.returncode == 0 and f"{board.count('X') + board.count('O') + 1} states" in replayed.stdout


def test_usage_errors(ttt_check):
    code, out, err = ttt_check("play", "--o", "minimax")
    assert (code, out) == (2, "") and err == "ttt-check: error: --o: you play O (--human O); the computer plays X\n"
    code, _, err = ttt_check("play", "--save", "/no/such/folder/g.json")
    assert code == 2 and "does not exist" in err


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_game_in_a_real_terminal(tmp_path):
    """tmux gives the game a real terminal: type moves with send-keys, read the screen with capture-pane."""
    socket = f"ttt-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", socket]
    log = tmp_path / "screen.txt"
    command = f"{TTT_CHECK} play --seed 1; echo EXIT=$?; sleep 30"
    subprocess.run([*tmux, "new-session", "-d", "-x", "100", "-y", "200", command], check=True)
    try:

        def screen() -> str:
            return subprocess.run([*tmux, "capture-pane", "-p", "-S", "-200"], capture_output=True, text=True).stdout

        def wait_for(text: str, count: int = 1) -> str:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                shown = screen()
                if shown.count(text) >= count:
                    return shown
                time.sleep(0.1)
            raise AssertionError(f"{text!r} did not appear:\n{screen()}")

        wait_for("Your move (O):")
        prompts = 1
        for move in ("Z9", "B2", "b2"):
            subprocess.run([*tmux, "send-keys", move, "Enter"], check=True)
            prompts += 1
            wait_for("Your move (O):", prompts)
        shown = screen()
        assert "'Z9': there is no row Z: rows are A to C" in shown and "B2 = (2,2) is taken: O is there" in shown
        subprocess.run([*tmux, "send-keys", "q", "Enter"], check=True)
        shown = wait_for("EXIT=")
        log.write_text(shown)
        assert "EXIT=1" in shown and "The game stopped before its end." in shown
        assert_a_game(shown.split("EXIT=")[0], strategy, any_square)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def test_on_a_larger_board_the_computer_o_plays_anywhere_by_default(tmp_path):
    saved = tmp_path / "g.itf.json"
    done = run("play", "--size", "4", "--human", "X", "--seed", "1", "--save", saved, input="a1\nq\n")
    assert done.returncode == 1 and done.stderr == ""
    assert "the computer plays O (any)" in done.stdout and "replay it with: ttt-check replay --size 4" in done.stdout
    assert run("replay", "--size", "4", saved).returncode == 0
