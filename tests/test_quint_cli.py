"""`ttt-check --spec FILE.qnt` on the command line."""

from __future__ import annotations

import sys
import re
from pathlib import Path

import pytest
from conftest import quint_or_skip


ROOT = Path(__file__).resolve().parents[1]


def test_without_quint_one_line_says_how_to_install_it(ttt_check, tmp_path, monkeypatch):
    (tmp_path / "mine.qnt").write_text("module mine { var x: int }\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("QUINT", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    code, out, err = ttt_check("--spec", "mine.qnt")
    assert code == 3 and out == ""
    assert len(err.splitlines()) == 1 and README_INSTALL in err


#: the command README.md gives to install Quint: the one recipe every message gives
README_INSTALL = next(line[2:].strip() for line in (ROOT / "README.md").read_text().splitlines()
                      if line.startswith("$ ") and "install_quint" in line)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--spec", "missing.qnt"], "no such spec file: missing.qnt"),
        (["--spec", "nonsense"], "is neither a spec (strategy, random) nor a .qnt or .tla file"),
        (["--spec", "specs/tictactoe.qnt", "--no-stutter"], "--no-stutter applies to the registered specs"),
        (["--spec", "specs/tictactoe.qnt", "--size", "4"], "--size applies to the registered specs"),
        (["--spec", "random", "--init", "start"], "--init applies to a .qnt file"),
        (["--spec", "specs/tictactoe.qnt", "--quint", sys.executable], "is not the quint of Quint's npm package"),
    ],
)
def test_bad_usage_gets_one_line(ttt_check, args, message, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, _, err = ttt_check(*args)
    assert code in (2, 3) and message in err and len(err.splitlines()) == 1


def test_real_quint_the_lecture_spec_and_its_edit(ttt_check, with_quint):
    code, out, _ = ttt_check("--spec", "specs/tictactoe.qnt", "-i", "OHasNotWon")
    assert code == 0 and "[ok] invariant OHasNotWon holds in all 871 reachable states" in out
    assert len(list(with_quint.rglob("*.json"))) == 1  # cached: the next run does not start Quint
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_block.qnt", "-i", "OHasNotWon", "--continue")
    assert code == 12 and "[violation] invariant OHasNotWon is violated after 6 steps" in out
    assert "1,211 distinct states" in out


def test_real_quint_deadlock_without_the_stutter_step(ttt_check, with_quint):
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_stutter.qnt", "-i", "OHasNotWon")
    assert code == 11 and "[violation] deadlock" in out
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_stutter.qnt", "-i", "OHasNotWon", "--no-deadlock")
    assert code == 0 and "871 reachable states" in out


BAD_STEP = "  action step = x' = x + y"


def write_bad_spec(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "bad.qnt"
    bad.write_text(f"module bad {{\n  var x: int\n  action init = x' = 1\n{BAD_STEP}\n}}\n")
    return bad


def quint_message(err: str, shown: str) -> None:
    """Quint's own message for the `y` of BAD_STEP, over several lines: where, the line, a caret under `y`."""
    lines = err.splitlines()
    column = BAD_STEP.index(" y") + 1
    assert lines[0] == f"ttt-check: error: {shown} does not compile:"
    assert lines[1] == "Error [QNT404]: Name 'y' not found"  # not indented as Quint prints it
    at = lines.index(f"  at {shown}:4:{column + 1}")
    assert lines[at + 1] == f"  4: {BAD_STEP}"
    assert lines[at + 2] == " " * (len("  4: ") + column) + "^"
    assert lines[-1] == "error: parsing failed" and "Traceback" not in err


def test_real_quint_a_spec_that_does_not_compile_gets_quints_message(ttt_check, with_quint, tmp_path, monkeypatch):
    bad = write_bad_spec(tmp_path / "sub")
    monkeypatch.setenv("QUINT", str(quint_or_skip()))
    monkeypatch.chdir(tmp_path)
    for given in ("sub/bad.qnt", str(bad)):  # below the current folder: shown relative to it
        code, out, err = ttt_check("--spec", given)
        assert code == 3 and out == ""
        quint_message(err, "sub/bad.qnt")
    monkeypatch.chdir(tmp_path / "sub")
    elsewhere = write_bad_spec(tmp_path / "other")
    code, _, err = ttt_check("--spec", str(elsewhere))  # not below it: shown as given
    assert code == 3
    quint_message(err, str(elsewhere))


def test_real_quint_replay_finds_the_qnt_file_a_trace_names(ttt_check, with_quint):
    """A Quint trace of tests/specs/mutex.qnt (its #meta.source) replays against that file, evaluated."""
    code, out, err = ttt_check("replay", "tests/fixtures/quint_ir/mutex.mbt.itf.json")
    assert code == 0 and err == ""
    assert "[ok] The trace is a behaviour of spec 'mutex': 11 states" in out


def test_real_quint_step_chosen_with_step_and_refused_in_one_line(ttt_check, with_quint):
    code, out, err = ttt_check("--spec", "tests/specs/errors.qnt", "--step", "pickNat")
    assert code == 3 and len(err.splitlines()) == 1
    line = next(n for n, text in enumerate((ROOT / "tests/specs/errors.qnt").read_text().splitlines(), 1) if "pickNat" in text)
    assert re.match(rf"ttt-check: error: tests/specs/errors.qnt:{line}:\d+: in 'pickNat': Nat is infinite: it cannot be enumerated", err)


def test_real_quint_coverage_names_a_branch_an_edit_made_dead(ttt_check, with_quint, tmp_path):
    """`if (canTakeCenter) TakeCenter` edited to `if (false) TakeCenter`: the branch is declared from the IR
    and, after the whole search, named dead."""
    edited = tmp_path / "tictactoe.qnt"
    text = (ROOT / "specs/tictactoe.qnt").read_text()
    assert "if (canTakeCenter) TakeCenter" in text
    edited.write_text(text.replace("if (canTakeCenter) TakeCenter", "if (false) TakeCenter"))
    code, out, _ = ttt_check("--spec", str(edited), "--coverage")
    assert code == 12 and "Never taken (dead): MoveX › TakeCenter" in out  # and O can win without it
