"""The IR cache is trusted no more than it proves: an entry written for another spec, or one that does
not load, is compiled again, and the verdict is the one of the spec asked for."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, quint_or_skip
from console import run

DICE = ["--spec", "tests/specs/dice.qnt"]
#: dice.qnt: the initial state, then one roll of a die of 2 or of 8 faces
DICE_STATES = 1 + 2 + 8
NO_BLOCK, LECTURE = "tests/specs/tictactoe_no_block.qnt", "specs/tictactoe.qnt"


def entries(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.json"))


def only_entry(cache: Path) -> Path:
    found = entries(cache)
    assert len(found) == 1, found
    return found[0]


def dice_holds(ttt_check) -> None:
    code, out, _ = ttt_check(*DICE)
    assert code == 0 and f"{DICE_STATES} distinct states" in out


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> dict[str, tuple[Path, bytes]]:
    """The cache entry ttt-check writes for each spec these tests use, compiled once for the module, each into
    a cache of its own: spec -> (the entry's path in a cache folder, its bytes)."""
    quint_or_skip()
    found = {}
    for spec in ("tests/specs/dice.qnt", NO_BLOCK, LECTURE):
        folder = tmp_path_factory.mktemp("entry")
        done = run("--spec", spec, "--max-states", "1", cwd=ROOT, env={**os.environ, "XDG_CACHE_HOME": str(folder)})
        assert done.returncode in (0, 4, 12), done.stderr
        entry = only_entry(folder)
        found[spec] = (entry.relative_to(folder), entry.read_bytes())
    return found


def cached(cache: Path, compiled: dict, spec: str) -> Path:
    """`spec`'s entry, as ttt-check wrote it, put in `cache`: a run finds it there."""
    name, data = compiled[spec]
    (cache / name).parent.mkdir(parents=True, exist_ok=True)
    (cache / name).write_bytes(data)
    return cache / name


def test_an_entry_written_is_used(ttt_check, fresh_cache, compiled):
    entry = cached(fresh_cache, compiled, "tests/specs/dice.qnt")
    before = entry.stat().st_mtime_ns
    dice_holds(ttt_check)
    assert entries(fresh_cache) == [entry] and entry.stat().st_mtime_ns == before  # read, not compiled again


@pytest.mark.parametrize(
    "content",
    ["{}", "[]", "null", '{"key": "', "not json", '{"ir": {"main": "dice"}}', ""],
    ids=["empty-object", "list", "null", "truncated", "text", "wrong-shape", "empty-file"],
)
def test_an_entry_that_does_not_load_is_compiled_again(ttt_check, fresh_cache, compiled, content):
    entry = cached(fresh_cache, compiled, "tests/specs/dice.qnt")
    entry.write_text(content)
    dice_holds(ttt_check)
    assert json.loads(entry.read_text())["ir"]["main"] == "dice"  # written again, whole


def test_another_specs_entry_copied_over_is_not_taken_for_this_spec(ttt_check, fresh_cache, compiled):
    other = cached(fresh_cache, compiled, NO_BLOCK)
    code, _, _ = ttt_check("--spec", NO_BLOCK, "-i", "OHasNotWon")
    assert code == 12
    own = cached(fresh_cache, compiled, LECTURE)
    code, out, _ = ttt_check("--spec", LECTURE, "-i", "OHasNotWon")
    assert code == 0 and "holds in all 871 reachable states" in out
    shutil.copyfile(other, own)
    code, out, _ = ttt_check("--spec", LECTURE, "-i", "OHasNotWon")
    assert code == 0 and "holds in all 871 reachable states" in out
    assert own.read_bytes() == compiled[LECTURE][1]  # compiled again, and written again as it was


def test_an_entry_of_an_edited_imported_file_is_not_used(ttt_check, fresh_cache, tmp_path):
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


def test_a_folder_in_place_of_the_entry_is_left_alone(ttt_check, fresh_cache, compiled):
    entry = cached(fresh_cache, compiled, "tests/specs/dice.qnt")
    entry.unlink()
    entry.mkdir()
    dice_holds(ttt_check)
    dice_holds(ttt_check)
    assert entry.is_dir()


def test_a_relative_xdg_cache_home_is_ignored(ttt_check, fresh_cache, tmp_path, monkeypatch):
    """As the XDG convention says: the cache goes to ~/.cache, not to a folder relative to wherever ttt-check runs."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative-cache")
    dice_holds(ttt_check)
    assert not Path("relative-cache").exists()
    assert len(entries(home / ".cache" / "ttt-check")) == 1
