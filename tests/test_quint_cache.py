"""The IR cache is trusted no more than it proves: an entry written for another spec, or one that does
not load, is compiled again, and the verdict is the one of the spec asked for."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

DICE = ["--spec", "tests/specs/dice.qnt"]
#: dice.qnt: the initial state, then one roll of a die of 2 or of 8 faces
DICE_STATES = 1 + 2 + 8


def entries(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.json"))


def only_entry(cache: Path) -> Path:
    found = entries(cache)
    assert len(found) == 1, found
    return found[0]


def dice_holds(ttt_check) -> None:
    code, out, _ = ttt_check(*DICE)
    assert code == 0 and f"{DICE_STATES} distinct states" in out


@pytest.mark.parametrize(
    "content",
    ["{}", "[]", "null", '{"key": "', "not json", '{"ir": {"main": "dice"}}', ""],
    ids=["empty-object", "list", "null", "truncated", "text", "wrong-shape", "empty-file"],
)
def test_an_entry_that_does_not_load_is_compiled_again(ttt_check, with_quint, content):
    dice_holds(ttt_check)
    entry = only_entry(with_quint)
    entry.write_text(content)
    dice_holds(ttt_check)
    assert json.loads(entry.read_text())["ir"]["main"] == "dice"  # written again, whole


def test_another_specs_entry_copied_over_is_not_taken_for_this_spec(ttt_check, with_quint):
    code, _, _ = ttt_check("--spec", "tests/specs/tictactoe_no_block.qnt", "-i", "OHasNotWon")
    assert code == 12
    other = only_entry(with_quint)
    code, out, _ = ttt_check("--spec", "specs/tictactoe.qnt", "-i", "OHasNotWon")
    assert code == 0 and "holds in all 871 reachable states" in out
    [own] = [path for path in entries(with_quint) if path != other]
    shutil.copyfile(other, own)
    code, out, _ = ttt_check("--spec", "specs/tictactoe.qnt", "-i", "OHasNotWon")
    assert code == 0 and "holds in all 871 reachable states" in out


def test_an_entry_of_an_edited_imported_file_is_not_used(ttt_check, with_quint, tmp_path):
    """The entry records every file Quint read: editing an imported one compiles again."""
    specs = tmp_path / "specs"
    shutil.copytree(Path("tests/specs"), specs, ignore=shutil.ignore_patterns("*.json"))
    code, out, _ = ttt_check("--spec", specs / "clocks.qnt", "--main", "minutesOnly")
    assert code == 0 and "4 distinct states" in out
    counter = specs / "lib" / "counter.qnt"
    edited = counter.read_text().replace("(count + 1) % LIMIT", "(count + 2) % LIMIT").replace("0.to(LIMIT - 1)", "0.to(0)")
    counter.write_text(edited)
    code, out, _ = ttt_check("--spec", specs / "clocks.qnt", "--main", "minutesOnly")
    assert code == 0 and "2 distinct states" in out  # 0, and 2 by a tick


def test_a_folder_in_place_of_the_entry_is_left_alone(ttt_check, with_quint):
    dice_holds(ttt_check)
    entry = only_entry(with_quint)
    entry.unlink()
    entry.mkdir()
    dice_holds(ttt_check)
    dice_holds(ttt_check)
    assert entry.is_dir()


def test_a_relative_xdg_cache_home_is_ignored(ttt_check, with_quint, tmp_path, monkeypatch):
    """As the XDG convention says: the cache goes to ~/.cache, not to a folder relative to wherever ttt-check runs."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative-cache")
    dice_holds(ttt_check)
    assert not Path("relative-cache").exists()
    assert len(entries(home / ".cache" / "ttt-check")) == 1
