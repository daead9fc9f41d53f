"""Golden files: the whole output of `ttt-check` for two counterexamples, and
each state's record text checked against what `quint run` prints for it.

Timing figures (seconds, states/s) are masked. After an intended change of
the output, regenerate the files and review the diff:

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

This rewrites tests/golden/<case>.txt from the current `ttt-check` and, when
Quint is installed (`quint` on PATH, or QUINT=/path/to/quint), also
tests/golden/<case>.quint.txt: the `[State i]` records that `quint run`
prints for the same states, obtained by running a small module that imports
the spec and replays the trace (see `quint_replay`).
"""

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from boards import drawn, state
from click.testing import CliRunner

from checker.explore.bfs import explore
from model.commands.cli import SPECS, cli

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parent.parent
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

#: case -> (ttt-check arguments, spec, invariant whose trace is shown)
CASES = {
    "strategy-NotStalemate": (["--invariant", "NotStalemate"], "strategy", "NotStalemate"),
    "random-inv-quint": (["--spec", "random", "--view", "quint"], "random", "inv"),
}


def mask_timing(output: str) -> str:
    return re.sub(r"\d+\.\d+ s \([\d,]+ states/s\)", "<seconds> s (<rate> states/s)", output)


def blocks(output: str) -> list[list[str]]:
    """The lines under each `[State i]` title, up to the blank line that ends them."""
    parts = re.split(r"^(?=\[State \d+\])", output, flags=re.M)[1:]
    return [lines for part in parts if (lines := part.split("\n\n")[0].splitlines()[1:])]


def records(output: str) -> list[str]:
    """The Quint record of each `[State i]` block, in order. The record is the block's right column (its first
    line ends in `{`; with the quint view alone that is column 0): every line cut at that column, whatever
    stands left of it (a drawing) dropped, which must hold none of the record's text."""
    found = []
    for lines in blocks(output):
        column = lines[0].rindex("{")
        assert all("->" not in line[:column] and "}" not in line[:column] for line in lines), lines
        found.append("\n".join(line[column:] for line in lines))
    return found


def marks(record: str) -> str:
    """The board of a record as 9 characters (`.` for Empty), read from its text."""
    return "".join(
        "." if square == "Empty" else square[-2]
        for square in re.findall(r"\d -> (Empty|Occupied\([XO]\))", record)
    )


@pytest.mark.parametrize("case", CASES)
def test_the_output_matches_the_golden_file(case):
    args, _, _ = CASES[case]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 12, result.output
    output = mask_timing(result.output)
    golden = GOLDEN / f"{case}.txt"
    if UPDATE:
        golden.write_text(output)
    assert output == golden.read_text()


# ---- the records are what `quint run` prints ---------------------------------------------


def quint_literal(board: str) -> str:
    """A Quint expression for a board given as 9 marks, written independently of the model."""
    square = {".": "Empty", "X": "Occupied(X)", "O": "Occupied(O)"}
    rows = [", ".join(f"{c} -> {square[board[3 * r + c - 1]]}" for c in (1, 2, 3)) for r in range(3)]
    return "Map(" + ", ".join(f"{r} -> Map({row})" for r, row in enumerate(rows, 1)) + ")"


def quint_replay(quint: str, spec: str, invariant: str) -> str:
    """`quint run` on a module that steps exactly through the checker's trace; its `[State i]` records."""
    model = SPECS.factories[spec]()
    trace = explore(model, [model.invariants[invariant]], check_deadlock=False).violations[invariant]
    states = [
        (quint_literal("".join(model.square(s.board, (r, c)) or "." for r in (1, 2, 3) for c in (1, 2, 3))), s.nextTurn)
        for s in trace.states
    ]
    source = ROOT / model.source
    steps = ",\n    ".join(
        f"all {{ board == {b}, nextTurn == {t}, board' = {b2}, nextTurn' = {t2} }}"
        for (b, t), (b2, t2) in zip(states, states[1:])
    )
    (first, first_turn), (last, last_turn) = states[0], states[-1]
    module = f"""module replay {{
  import {source.stem}.* from "./{source.stem}"
  action replayInit = all {{ board' = {first}, nextTurn' = {first_turn} }}
  action replayStep = any {{
    {steps}
  }}
  val notLast = not(board == {last} and nextTurn == {last_turn})
}}
"""
    with tempfile.TemporaryDirectory() as work:
        shutil.copy(source, work)
        Path(work, "replay.qnt").write_text(module)
        done = subprocess.run(
            [quint, "run", "--backend=typescript", "replay.qnt", "--init=replayInit", "--step=replayStep",
             "--invariant=notLast", f"--max-steps={len(states) - 1}", "--max-samples=1"],
            cwd=work, capture_output=True, text=True,
        )
    printed = re.findall(r"^\[State \d+\]\n\{\n(?:.*\n)*?\}$", done.stdout, re.MULTILINE)
    assert len(printed) == len(states), done.stdout + done.stderr
    return "\n\n".join(printed) + "\n"


@pytest.mark.parametrize("case", CASES)
def test_each_record_is_what_quint_run_prints(case):
    _, spec, invariant = CASES[case]
    captured = GOLDEN / f"{case}.quint.txt"
    quint = os.environ.get("QUINT") or shutil.which("quint")
    if UPDATE and quint:
        captured.write_text(quint_replay(quint, spec, invariant))
    ours = records((GOLDEN / f"{case}.txt").read_text())
    assert ours and ours == records(captured.read_text())


def test_the_board_drawing_shows_the_record():
    output = (GOLDEN / "strategy-NotStalemate.txt").read_text()
    for lines, record in zip(blocks(output), records(output), strict=True):
        assert drawn("\n".join(lines)) == marks(record)


def test_the_lectures_slide_prints_the_same():
    """The `[State 9]` counterexample on the lecture's slide, lines as the slide breaks them undone."""
    slide = """{ board: Map( 1 -> Map(1 -> Occupied(O), 2 -> Occupied(X), 3 -> Occupied(O)),
        2 -> Map(1 -> Occupied(O), 2 -> Occupied(X), 3 -> Occupied(X)),
        3 -> Map(1 -> Occupied(X), 2 -> Occupied(O), 3 -> Occupied(X)) ), nextTurn: O }"""
    model = SPECS.factories["random"]()
    ours = model.format_state(state(model, "OXO/OXX/XOX", "O"), "quint")
    assert ours.split() == slide.split()
    assert ours.splitlines()[:3] == ["{", "  board:", "    Map("]
