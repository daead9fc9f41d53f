"""`ttt-check` as a student meets it: outputs, exit codes, and bad usage.

Most tests run the console script's entry point in-process (same code path,
no interpreter start-up); a few run the installed `ttt-check` itself.
"""

import re
from pathlib import Path

import click
import console
import enumerator
from boards import drawn
import pytest

from checker.cli.app import make_cli
from checker.cli.guard import run_guarded
from model.commands import cli as ttt_cli

ROOT = Path(__file__).resolve().parent.parent
SPEC_FILES = {"strategy": ROOT / "specs" / "tictactoe.qnt", "random": ROOT / "specs" / "tictactoe_random.qnt"}
INVARIANTS = ["XHasNotWon", "OHasNotWon", "NotStalemate", "inv"]


def assert_one_line_usage_error(code, out, err):
    assert code == 2
    assert out == ""
    assert err.startswith("ttt-check: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def documented(path: Path, keyword: str) -> dict[str, str]:
    """`name -> its /// comment` for each `keyword name` declared in a Quint file."""
    found = {}
    for match in re.finditer(rf"((?:[ \t]*///.*\n)+)\s*{keyword} (\w+) =", path.read_text()):
        comment = " ".join(line.strip().removeprefix("///").strip() for line in match[1].splitlines())
        found[match[2]] = comment
    return found


# ---- bad usage ---------------------------------------------------------------------


def test_unknown_invariant(ttt_check):
    code, out, err = ttt_check("--invariant", "OHasWon")
    assert_one_line_usage_error(code, out, err)
    assert "'OHasWon'" in err
    assert all(name in err for name in INVARIANTS)


def test_unknown_spec(ttt_check):
    code, out, err = ttt_check("--spec", "minimax")
    assert_one_line_usage_error(code, out, err)
    assert "'minimax'" in err and "strategy" in err and "random" in err


def test_unknown_view(ttt_check):
    code, out, err = ttt_check("-i", "NotStalemate", "--view", "ascii")
    assert_one_line_usage_error(code, out, err)
    assert "'ascii'" in err and all(view in err for view in ("quint", "board", "all"))


def test_unknown_option(ttt_check):
    assert_one_line_usage_error(*ttt_check("--invariants", "inv"))


def with_a_subcommand():
    """A `ttt-check` with one more subcommand, to test how the group treats its options."""
    group = make_cli(ttt_cli.SPECS)

    @group.command()
    def noop():
        click.echo("noop ran")

    return group


def test_check_options_before_a_subcommand_conflict(ttt_check):
    group = with_a_subcommand()
    code, out, err = ttt_check("-i", "OHasNotWon", "noop", main=lambda: run_guarded(lambda: group, "ttt-check"))
    assert_one_line_usage_error(code, out, err)
    assert "--invariant " in err and "'noop'" in err


def test_a_subcommand_alone_runs(ttt_check):
    group = with_a_subcommand()
    assert ttt_check("noop", main=lambda: run_guarded(lambda: group, "ttt-check")) == (0, "noop ran\n", "")


@pytest.mark.parametrize("command", sorted(ttt_cli.cli.commands))
def test_check_options_before_each_real_subcommand_conflict(ttt_check, command):
    code, out, err = ttt_check("--invariant", "OHasNotWon", command)
    assert_one_line_usage_error(code, out, err)


def test_out_itf_into_a_missing_folder_is_refused_before_the_search(ttt_check, tmp_path):
    code, out, err = ttt_check("-i", "NotStalemate", "--out-itf", str(tmp_path / "missing" / "cex.itf.json"))
    assert_one_line_usage_error(code, out, err)
    assert "--out-itf" in err and "does not exist" in err


# ---- help and listing ----------------------------------------------------------------


def test_help_states_the_exit_codes(ttt_check):
    code, out, _ = ttt_check("--help")
    assert code == 0
    text = " ".join(out.split())
    for meaning in ("0 every property holds", "11 deadlock", "12 invariant violated", "2 bad usage"):
        assert meaning in text


def test_list_shows_each_spec_with_its_properties_and_their_comments(ttt_check):
    code, out, _ = ttt_check("--list")
    assert code == 0
    text = " ".join(out.split())
    for spec, path in SPEC_FILES.items():
        assert f"spec {spec}" in text and str(path.relative_to(ROOT)) in text
        block = text.split(f"spec {spec}")[1].split(" spec ")[0]
        invariants = documented(path, "val")
        assert set(INVARIANTS) <= set(invariants)
        for name in INVARIANTS:
            assert f"{name} {invariants[name]}" in block
        for name, comment in documented(path, "temporal").items():
            assert f"{name} {comment}" in block


# ---- verdicts and exit codes --------------------------------------------------------------


STRATEGY_STATES = len(enumerator.STRATEGY.explore().states)


def test_the_default_invariant_is_inv_and_holds(ttt_check):
    code, out, err = ttt_check()
    assert code == 0 and err == ""
    assert "Invariants: inv = OHasNotWon\n" in out
    assert f"[ok] invariant inv holds in all {STRATEGY_STATES:,} reachable states" in out
    assert "[State" not in out


def test_OHasNotWon_holds_and_says_over_how_many_states(ttt_check):
    code, out, _ = ttt_check("--invariant", "OHasNotWon")
    assert code == 0
    assert f"[ok] invariant OHasNotWon holds in all {STRATEGY_STATES:,} reachable states" in out
    assert f"{STRATEGY_STATES:,} distinct states" in out


def test_NotStalemate_prints_a_shortest_trace_ending_in_a_draw(ttt_check):
    code, out, _ = ttt_check("--invariant", "NotStalemate", "--view", "board")
    assert code == 12
    assert "[violation] invariant NotStalemate is violated after 9 steps" in out
    assert re.findall(r"\[State (\d+)\]", out) == [str(i) for i in range(10)]
    board = drawn(out.split("[State 9]")[1])
    assert len(board) == 9 and enumerator.is_stalemate(board)


def test_board_drawings_mark_the_last_move_and_the_winning_line(ttt_check):
    code, out, _ = ttt_check("--spec", "random", "-i", "XHasNotWon", "--view", "board")
    states = out.split("[State ")[1:]
    assert "[" not in states[0] and "*" not in states[0]
    for block in states[1:6]:  # each step fills one square: that one, and only it, is in brackets
        row, column = re.search(r"coordinate=\((\d),(\d)\)", block).groups()
        letter = "ABC"[int(row) - 1]
        # rows lettered A to C, columns numbered 1 to 3
        assert block.splitlines()[1] == "    1  2  3"
        rows = {r: line for r, line in re.findall(r"^ ([ABC]) (.*)$", block, re.MULTILINE)}
        drawing = "\n".join(rows.values())
        assert len(re.findall(r"\[[XO]\]", drawing)) == 1 and rows[letter][3 * (int(column) - 1)] == "["
        # the label and the line under the drawing name the square in both notations
        mark = rows[letter][3 * (int(column) - 1) + 1]
        assert f"coordinate=({row},{column}) {letter}{column}\n" in block
        assert f"\n [{mark}] {letter}{column} = ({row},{column})\n" in block
    last = states[5]
    board = "\n".join(re.findall(r"^ [ABC] .*$", last, re.MULTILINE))
    assert "\n *X* winning line" in last and len(re.findall(r"\*X\*", board)) == 2  # the line's other two squares


def test_one_verdict_per_invariant(ttt_check):
    code, out, _ = ttt_check("-i", "XHasNotWon", "-i", "OHasNotWon", "-i", "NotStalemate", "--view", "quint")
    assert code == 12
    verdicts = re.findall(r"^\[(ok|violation)\] invariant (\w+)", out, re.MULTILINE)
    assert verdicts == [("violation", "XHasNotWon"), ("ok", "OHasNotWon"), ("violation", "NotStalemate")]


@pytest.mark.parametrize(
    "args, code",
    [
        ([], 0),
        (["-i", "NotStalemate"], 12),
        (["--spec", "random"], 12),  # inv = OHasNotWon breaks without the strategy
        (["--no-stutter", "-i", "OHasNotWon"], 11),  # holds, but finished games deadlock
        (["--no-stutter", "--no-deadlock", "-i", "OHasNotWon"], 0),
        (["--spec", "random", "--no-stutter", "-i", "OHasNotWon"], 12),  # a violation outranks a deadlock
    ],
)
def test_exit_codes_as_TLC(ttt_check, args, code):
    assert ttt_check(*args, "--view", "board")[0] == code


def test_a_deadlock_is_reported_with_its_trace(ttt_check):
    code, out, _ = ttt_check("--no-stutter", "-i", "OHasNotWon", "--view", "board")
    assert code == 11
    shortest = enumerator.Game(enumerator.strategy, stutter=False).explore()
    steps = shortest.shortest(shortest.deadlocks)
    assert f"[violation] deadlock: no step is possible after {steps} steps" in out
    assert f"[State {steps}]" in out and f"[State {steps + 1}]" not in out


# ---- the installed command ------------------------------------------------------------------


def test_the_console_script_reports_bad_usage_in_one_line():
    done = console.run("-i", "Nope")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "valid names: XHasNotWon, OHasNotWon, NotStalemate, inv" in done.stderr


def test_the_console_script_checks_the_main_job():
    done = console.run("--invariant", "OHasNotWon")
    assert done.returncode == 0 and done.stderr == ""
    assert f"holds in all {STRATEGY_STATES:,} reachable states" in done.stdout
