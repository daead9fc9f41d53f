"""`ttt-check --spec FILE.qnt` on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.quint.frontend import FrontEndError, find_quint

ROOT = Path(__file__).resolve().parents[1]


def test_without_quint_one_line_says_how_to_install_it(ttt_check, tmp_path, monkeypatch):
    (tmp_path / "mine.qnt").write_text("module mine { var x: int }\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("QUINT", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    code, out, err = ttt_check("--spec", "mine.qnt")
    assert code == 3 and out == ""
    assert len(err.splitlines()) == 1 and "npm install" in err and '"antlr4ts":"0.5.0-alpha.4"' in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--spec", "missing.qnt"], "no such spec file: missing.qnt"),
        (["--spec", "nonsense"], "is neither a spec (strategy, random) nor a .qnt file"),
        (["--spec", "specs/tictactoe.qnt", "--no-stutter"], "--no-stutter applies to the registered specs"),
        (["--spec", "specs/tictactoe.qnt", "--size", "4"], "--size applies to the registered specs"),
        (["--spec", "random", "--init", "start"], "--init applies to a .qnt file"),
    ],
)
def test_bad_usage_gets_one_line(ttt_check, args, message, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, _, err = ttt_check(*args)
    assert code in (2, 3) and message in err and len(err.splitlines()) == 1


def quint_or_skip() -> Path:
    try:
        return find_quint(None, ROOT / "specs/tictactoe.qnt")
    except FrontEndError:
        pytest.skip("needs the quint executable (QUINT, .quint/ or PATH)")


@pytest.fixture
def with_quint(tmp_path, monkeypatch):
    """Quint found, the IR cache in a fresh folder, run from the project folder."""
    quint_or_skip()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    return tmp_path / "cache"


def test_real_quint_the_lecture_spec_and_its_edit(ttt_check, with_quint):
    code, out, _ = ttt_check("--spec", "specs/tictactoe.qnt", "-i", "OHasNotWon")
    assert code == 0 and "[ok] invariant OHasNotWon holds in all 871 reachable states" in out
    assert len(list(with_quint.rglob("*.json"))) == 1  # cached: the next run does not start Quint
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_block.qnt", "-i", "OHasNotWon")
    assert code == 12 and "[violation] invariant OHasNotWon is violated after 6 steps" in out
    assert "1,211 distinct states" in out


def test_real_quint_deadlock_without_the_stutter_step(ttt_check, with_quint):
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_stutter.qnt", "-i", "OHasNotWon")
    assert code == 11 and "[violation] deadlock" in out
    code, out, _ = ttt_check("--spec", "tests/specs/tictactoe_no_stutter.qnt", "-i", "OHasNotWon", "--no-deadlock")
    assert code == 0 and "871 reachable states" in out


def test_real_quint_a_spec_that_does_not_compile_gets_quints_message(ttt_check, with_quint, tmp_path):
    bad = tmp_path / "bad.qnt"
    bad.write_text("module bad {\n  var x: int\n  action init = x' = 1\n  action step = x' = x + y\n}\n")
    code, out, err = ttt_check("--spec", str(bad))
    assert code == 3 and out == ""
    assert "Name 'y' not found" in err and "Traceback" not in err


def test_real_quint_replay_finds_the_qnt_file_a_trace_names(ttt_check, with_quint):
    """A Quint trace of tests/specs/mutex.qnt (its #meta.source) replays against that file, evaluated."""
    code, out, err = ttt_check("replay", "tests/fixtures/quint_ir/mutex.mbt.itf.json")
    assert code == 0 and err == ""
    assert "[ok] The trace is a behaviour of spec 'mutex': 11 states" in out


def test_real_quint_step_chosen_with_step_and_refused_in_one_line(ttt_check, with_quint):
    code, out, err = ttt_check("--spec", "tests/specs/errors.qnt", "--step", "pickNat")
    assert code == 3 and len(err.splitlines()) == 1
    assert err.startswith("ttt-check: error: Nat is infinite: it cannot be enumerated")
    assert "'pickNat' (tests/specs/errors.qnt:8)" in err


def test_real_quint_coverage_names_a_branch_an_edit_made_dead(ttt_check, with_quint, tmp_path):
    """`if (canTakeCenter) TakeCenter` edited to `if (false) TakeCenter`: the branch is declared from the IR
    and, after the whole search, named dead."""
    edited = tmp_path / "tictactoe.qnt"
    text = (ROOT / "specs/tictactoe.qnt").read_text()
    assert "if (canTakeCenter) TakeCenter" in text
    edited.write_text(text.replace("if (canTakeCenter) TakeCenter", "if (false) TakeCenter"))
    code, out, _ = ttt_check("--spec", str(edited), "--coverage")
    assert code == 12 and "Never taken (dead): MoveX › TakeCenter" in out  # and O can win without it
