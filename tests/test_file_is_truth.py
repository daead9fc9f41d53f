"""The registered specs mean their `.qnt` files as they are on disk.

The transcription answers only while the file is byte for byte the one it was
verified against (its SHA-256 in specs/manifest.json); an edited file is
evaluated as written, or, without Quint, refused in one line. The figures of
the edited spec come from tests/enumerator.py (which imports neither the
checker nor the model), with the exercise's edit made there too.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

import enumerator
from checker.quint.frontend import FrontEndError, find_quint
from console import run

ROOT = Path(__file__).resolve().parents[1]
DROP_BLOCK = "    if (canBlock) Block else\n"


def give_quint(env: dict) -> None:
    """Let the environment find Quint (QUINT) and node (PATH); skip when Quint is not installed."""
    try:
        quint = find_quint(None, ROOT / "specs/tictactoe.qnt")
    except FrontEndError:
        pytest.skip("needs the quint executable (QUINT, .quint/ or PATH)")
    node = shutil.which("node")
    env.update(QUINT=str(quint), PATH=os.pathsep.join([str(Path(node).parent)] * bool(node) + [env["PATH"]]))


def test_the_manifest_records_the_committed_files_hashes():
    """Update the hash (with the transcription) whenever a spec file changes."""
    sources = json.loads((ROOT / "specs/manifest.json").read_text())["sources"]
    assert set(sources) == {"specs/tictactoe.qnt", "specs/tictactoe_random.qnt"}
    for path, entry in sources.items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == entry["sha256"]
        assert (ROOT / entry["transcription"]).is_file()


@pytest.fixture
def project(tmp_path):
    """A copy of the project's specs in a fresh folder, with an environment that finds no Quint."""
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    env = {k: v for k, v in os.environ.items() if k != "QUINT"}
    env.update(PATH=str(tmp_path / "nothing"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    return tmp_path, env


def drop_block(folder: Path) -> None:
    spec = folder / "specs/tictactoe.qnt"
    text = spec.read_text()
    assert DROP_BLOCK in text
    spec.write_text(text.replace(DROP_BLOCK, ""))


def test_the_drop_block_exercise_through_the_default_spec(project):
    folder, env = project
    drop_block(folder)
    give_quint(env)
    done = run("-i", "OHasNotWon", "--continue", cwd=folder, env=env)  # every state counted
    explored = enumerator.Game(enumerator.without_block).explore()
    o_wins = explored.shortest(explored.violating("OHasNotWon"))
    assert o_wins == 6
    lines = done.stdout.splitlines()
    assert done.returncode == 12, done.stderr
    assert lines[0] == "specs/tictactoe.qnt changed since the Python transcription: evaluating the file as written"
    assert f"[violation] invariant OHasNotWon is violated after {o_wins} steps" in done.stdout
    assert f"{len(explored.states):,} distinct states" in done.stdout
    assert " *O* " in done.stdout or "*O*" in done.stdout  # the winning line drawn on the board


def test_an_edited_file_without_quint_is_refused_in_one_line(project):
    folder, env = project
    drop_block(folder)
    done = run("-i", "OHasNotWon", cwd=folder, env=env)
    assert done.returncode == 3 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("ttt-check: error: specs/tictactoe.qnt changed since the Python transcription")
    assert ".ci/install_quint" in line and "npm install" not in line and "holds" not in line


def test_an_unchanged_file_needs_no_quint(project):
    folder, env = project
    done = run("-i", "OHasNotWon", cwd=folder, env=env)
    explored = enumerator.STRATEGY.explore()
    assert done.returncode == 0 and done.stderr == ""
    assert f"[ok] invariant OHasNotWon holds in all {len(explored.states):,} reachable states" in done.stdout


def test_below_the_project_folder_the_projects_file_is_meant(project):
    folder, env = project
    drop_block(folder)
    (folder / "work").mkdir()
    done = run("-i", "OHasNotWon", cwd=folder / "work", env=env)
    assert done.returncode == 3 and "../specs/tictactoe.qnt changed" in done.stderr


def test_a_changed_file_refuses_the_transcriptions_options(project):
    folder, env = project
    drop_block(folder)
    give_quint(env)
    done = run("--size", "4", cwd=folder, env=env)
    assert done.returncode == 2 and "--size applies to the registered specs' Python transcriptions" in done.stderr


def minimax_o(board: str, mark: str) -> list[tuple]:
    """O's moves of the best minimax value (the free game's), every tied one."""
    if enumerator.is_over(board):
        return []
    values = {i: enumerator.minimax(enumerator.play(board, i, "O"), "X") for i in enumerator.empties(board)}
    return [(None, i) for i, value in values.items() if value == min(values.values())]


@pytest.fixture
def quint_in_project(ttt_check, monkeypatch):
    """Quint found, run from the project folder (the run's IR cache shared)."""
    env: dict = {"PATH": os.environ.get("PATH", "")}
    give_quint(env)
    monkeypatch.setenv("QUINT", env["QUINT"])
    monkeypatch.chdir(ROOT)
    return ttt_check


def test_does_my_edited_strategy_survive_minimax_play(quint_in_project):
    explored = enumerator.Game(enumerator.without_block, o_plays=minimax_o).explore()
    steps = explored.shortest(explored.violating("OHasNotWon"))
    code, out, _ = quint_in_project("--spec", "tests/specs/tictactoe_no_block.qnt", "--o", "minimax", "-i", "OHasNotWon",
                                    "--continue")
    assert code == 12 and f"violated after {steps} steps" in out
    assert f"{len(explored.states):,} distinct states" in out
    # the lecture's strategy, as written, does survive it
    kept = enumerator.Game(enumerator.strategy, o_plays=minimax_o).explore()
    code, out, _ = quint_in_project("--spec", "specs/tictactoe.qnt", "--o", "perfect", "-i", "OHasNotWon")
    assert code == 0 and "holds" in out
    code, out, _ = quint_in_project("--spec", "specs/tictactoe.qnt", "--o", "minimax", "-i", "OHasNotWon")
    assert code == 0 and f"holds in all {len(kept.states):,} reachable states" in out


def test_play_against_the_edited_spec(quint_in_project, monkeypatch):
    """O plays the corner trap the missing Block cannot stop; X's moves are the file's MoveX."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("B2\nA2\nC1\nC3\nB1\nB3\n"))
    code, out, err = quint_in_project("play", "--spec", "tests/specs/tictactoe_no_block.qnt", "--seed", "7")
    assert err == "" and "the computer plays X (the spec's MoveX)" in out
    moves = [line for line in out.splitlines() if line.startswith("The computer (X) plays")]
    assert moves and all("MoveX ›" in line for line in moves)
    assert "Chosen by the spec's own action MoveX" in out
    assert "Block" not in "".join(moves)


def test_play_refuses_a_spec_of_another_shape_naming_no_option(quint_in_project):
    code, out, err = quint_in_project("play", "--spec", "tests/specs/mutex.qnt")
    assert code == 2 and "play needs a spec of the game's shape" in err and "--o" not in err and "--x" not in err


def test_game_views_of_a_qnt(quint_in_project):
    code, out, _ = quint_in_project("--spec", "tests/specs/tictactoe_no_block.qnt", "-i", "OHasNotWon", "--view", "board")
    assert code == 12 and "*O*" in out and "Map(" not in out
    code, out, _ = quint_in_project("run", "--spec", "specs/tictactoe.qnt", "-i", "XHasNotWon", "--seed", "1", "--view", "board")
    assert code == 12 and "*X*" in out


def test_eval_prints_quints_value_at_the_state_a_path_names(quint_in_project):
    code, out, err = quint_in_project("eval", "canTakeCenter")
    assert (code, out, err) == (0, "true\n", ""), err
    # 0/1/2: X in a corner, then O's third move (as the explorer orders successors)
    code, out, _ = quint_in_project("eval", "board", "--path", "0/1/2")
    squares = out.count("Occupied(X)"), out.count("Occupied(O)"), out.count("Empty")
    assert code == 0 and squares == (1, 1, 7) and out.startswith("Map(")
    code, out, _ = quint_in_project("eval", "won(X)", "--path", "0/1/2")
    assert (code, out) == (0, "false\n")
    code, out, _ = quint_in_project("eval", "nextTurn", "--spec", "tests/specs/tictactoe_no_block.qnt", "--path", "0/1")
    assert (code, out) == (0, "O\n")


def test_eval_gives_quints_message_on_a_typo(quint_in_project):
    code, out, err = quint_in_project("eval", "won(Y)")
    assert code == 3 and out == ""
    assert "Name 'Y' not found" in err and "won(Y)" in err and "^" in err
    assert "\nError [QNT404]" in err and "\n Error" not in err  # not indented as Quint prints it
    code, _, err = quint_in_project("eval", "won(X")
    assert code == 3 and "')' is missing" in err
    code, _, err = quint_in_project("eval", "gameOver", "--path", "0/9")
    assert code == 2 and "no state at 0/9" in err


@pytest.mark.parametrize("expression", ["Nat", "Int"])
def test_eval_of_what_quint_cannot_show_as_a_value_is_an_error(quint_in_project, expression):
    """Quint's REPL prints `unsupported operator: name` for an infinite set: no value, so exit 3."""
    code, out, err = quint_in_project("eval", expression)
    assert code == 3 and out == "" and "unsupported operator" in err


def test_eval_leaves_no_quint_behind(quint_in_project):
    code, _, _ = quint_in_project("eval", "gameOver")
    assert code == 0 and children() == []


def children() -> list[str]:
    """The processes this one started that are still there (Quint's REPL would be one)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
            found.append(pid)
    return found


def test_learn_checks_in_the_random_file_as_written(project):
    """An edit that changes only a comment: the file is evaluated, and every check agrees with the
    transcription's (the same seed learns the same values)."""
    folder, env = project
    give_quint(env)
    args = ("learn", "--epochs", "300", "--seed", "1", "--verify-every", "300", "--out", "p.json")
    before = run(*args, cwd=folder, env=env)
    spec = folder / "specs/tictactoe_random.qnt"
    spec.write_text(spec.read_text() + "// my notes\n")
    after = run(*args, cwd=folder, env=env)
    assert before.returncode == after.returncode == 0, after.stderr
    note = "specs/tictactoe_random.qnt changed since the Python transcription: evaluating the file as written"
    assert after.stdout.splitlines()[0] == note and note not in before.stdout
    checks = [line for line in before.stdout.splitlines() if line.startswith("  learned")]
    assert len(checks) == 4 and checks == [line for line in after.stdout.splitlines() if line.startswith("  learned")]


@pytest.mark.parametrize("manifest", ["{}", "garbage", '{"sources": {"specs/tictactoe_random.qnt": {"sha256": 1}}}', None])
def test_a_damaged_or_missing_manifest_stops_in_one_line_and_help_still_works(manifest, ttt_check, tmp_path, monkeypatch):

    import model.commands.cli as commands
    from checker.cli.app import make_cli
    from checker.cli.common import Specs
    from checker.cli.guard import run_guarded
    from model.players.kinds import build
    from model.spec.tictactoe import TicTacToe

    shutil.copy(ROOT / "specs/tictactoe_random.qnt", tmp_path)
    if manifest is not None:
        (tmp_path / "manifest.json").write_text(manifest)
    monkeypatch.setattr(commands, "LECTURE", tmp_path)
    monkeypatch.chdir(tmp_path)
    specs = Specs({"random": lambda **_: build(TicTacToe)}, "random", sources={"random": commands.transcribed(TicTacToe)})
    main = lambda: run_guarded(lambda: make_cli(specs), "ttt-check")  # noqa: E731
    code, out, err = ttt_check("--help", main=main)
    assert code == 0 and "Usage:" in out and err == ""
    code, out, err = ttt_check("-i", "XHasNotWon", main=main)
    (line,) = err.splitlines()
    assert code == 3 and out == "" and line.startswith("ttt-check: error: ") and "manifest.json" in line


@pytest.mark.parametrize("name", ["canWin", "canTakeCenter", "gameOver", "stalemate"])
def test_a_boolean_definition_is_an_invariant_of_the_transcription_as_of_the_file(ttt_check, with_quint, name):
    """Quint checks any boolean definition as an invariant: the transcription (default spec) takes the
    same names as the file it transcribes, with the same verdict and the same shortest trace."""

    def verdict(*spec: str) -> tuple:
        code, out, err = ttt_check("-i", name, "--continue", *spec)
        kept = [line for line in out.splitlines() if line.startswith(("[State", "[violation]", "[ok]", "  "))]
        return code, kept, err

    transcribed = verdict()
    assert transcribed[0] in (0, 12) and transcribed == verdict("--spec", "specs/tictactoe.qnt")
