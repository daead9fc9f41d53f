"""Careless and hostile files: nothing is lost, nothing hangs, every fault is one line and its exit code.

Files the user cannot write (as a user without root's override: the tests
run the console script without the capability CAP_DAC_OVERRIDE), two outputs
of one run under one name, a working folder deleted under the run, and
FIFOs, devices and folders given for every file ttt-check reads. Each case
checks the file system afterwards, not ttt-check's word for it.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import console
import pytest
from test_fuzz_cli import assert_well_behaved

from tests.conftest import quint_or_skip

#: prctl's PR_CAPBSET_DROP, and the capability that lets root write any file
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE = 24, 1
#: a check that finds a counterexample quickly
VIOLATING = ["--spec", "random", "-i", "XHasNotWon"]
ROOT = Path(__file__).resolve().parents[1]


def as_a_user() -> None:
    """In the child, before it runs ttt-check: give up root's right to write files it may not (a user's lot)."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop CAP_DAC_OVERRIDE")


@pytest.fixture(scope="module")
def user():
    """`as_a_user`, once it is known to work here (root in a container may not drop a capability)."""
    try:
        subprocess.run([sys.executable, "-c", "pass"], preexec_fn=as_a_user, check=True)
    except (subprocess.SubprocessError, OSError):
        pytest.skip("root here cannot give up CAP_DAC_OVERRIDE")
    return as_a_user


def run(*args, cwd=None, preexec_fn=None, timeout=60) -> subprocess.CompletedProcess:
    """The console script on ARGS, its standard input empty."""
    done = console.run(*args, cwd=cwd, preexec_fn=preexec_fn, timeout=timeout, input="")
    assert_well_behaved(done.returncode, done.stdout, done.stderr)
    return done


@pytest.fixture(scope="module")
def policy(tmp_path_factory):
    """A policy file `learn` wrote."""
    path = tmp_path_factory.mktemp("learned") / "policy.json"
    assert run("learn", "--epochs", "20", "--seed", "1", "--out", path).returncode == 0
    return path


# ---- a file the user cannot write is kept ---------------------------------------------------


@pytest.mark.parametrize(
    "args, code",
    [
        ([*VIOLATING, "--out-itf", "{file}"], 74),
        (["--spec", "random", "--no-deadlock", "--dump", "{file}"], 74),
        (["play", "--save", "{file}", "--seed", "1"], 74),
        (["learn", "--epochs", "5", "--out", "{file}"], 2),  # refused before training
    ],
    ids=["out-itf", "dump", "play-save", "learn-out"],
)
def test_a_write_protected_file_is_kept(tmp_path, args, code, user):
    protected = tmp_path / "old.json"
    protected.write_text("old\n")
    protected.chmod(0o444)
    args = [a.format(file=protected) for a in args]
    done = run(*args, preexec_fn=user)
    assert done.returncode == code, done.stderr
    assert protected.read_text() == "old\n" and stat.S_IMODE(protected.stat().st_mode) == 0o444
    assert str(protected) in done.stderr and ("write-protected" in done.stderr or "not writable" in done.stderr)
    assert [p.name for p in tmp_path.iterdir()] == ["old.json"]  # no temporary file left behind


@pytest.mark.parametrize(
    "args",
    [
        ["learn", "--epochs", "5", "--out", "{folder}/x.json"],
        ["learn", "--epochs", "5", "--out", "x.json", "--plot", "{folder}/c.png"],
        [*VIOLATING, "--out-itf", "{folder}/cex.json"],
        ["--spec", "random", "--no-deadlock", "--dump", "{folder}/g.json"],
        ["play", "--save", "{folder}/g.json", "--seed", "1"],
    ],
    ids=["learn-out", "learn-plot", "out-itf", "dump", "play-save"],
)
def test_a_folder_the_user_cannot_write_in_is_refused_before_any_work(tmp_path, args, user):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    done = run(*[a.format(folder=folder) for a in args], cwd=tmp_path, preexec_fn=user)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert f"the folder '{folder}' is not writable" in done.stderr
    assert list(folder.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["ro"]


def test_a_file_the_user_may_write_is_replaced_whole(tmp_path, user):
    """The other side of the coin: a writable file is replaced (as that user), and keeps its permissions."""
    path = tmp_path / "cex.itf.json"
    path.write_text("old\n")
    path.chmod(0o640)
    assert run(*VIOLATING, "--out-itf", path, preexec_fn=user).returncode == 12
    assert len(json.loads(path.read_text())["states"]) == 6
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# ---- two outputs of one run under one name --------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [*VIOLATING, "--out-itf", "{a}/g.json", "--dump", "{a}/g.json"],
        [*VIOLATING, "--out-itf", "{a}/g.json", "--dump", "{a}/./sub/../g.json"],
        ["learn", "--epochs", "5", "--out", "{a}/same.png", "--plot", "{a}/same.png"],
        ["play", "--moves", "{a}/m.txt", "--save", "{a}/m.txt"],
        ["--spec", "{a}/spec.qnt", "--out-itf", "{a}/spec.qnt"],
        ["play", "--human", "X", "--o", "learned:{a}/policy.json", "--save", "{a}/policy.json"],
        ["-i", "NotStalemate", "--out-itf", "specs/tictactoe.qnt"],
        ["play", "--spec", "random", "--save", "specs/tictactoe_random.qnt"],
        ["learn", "--epochs", "5", "--verify-every", "5", "--out", "specs/tictactoe_random.qnt"],
        ["--spec", "random", "--o", "learned:{a}/policy.json", "--dump", "{a}/policy.json"],
        ["--spec", "random", "--o", "learned:{a}/policy.json", "--out-itf", "{a}/policy.json", "-i", "XHasNotWon"],
        ["run", "--spec", "random", "--x", "learned:{a}/policy.json", "--out-itf", "{a}/policy.json"],
        ["--spec", "random", "-i", "NotStalemate", "-i", "XHasNotWon", "--continue",
         "--out-itf", "{a}/c.itf.json", "--dump", "{a}/c_NotStalemate.itf.json"],
        ["--spec", "random", "-i", "NotStalemate", "--out-itf", "{a}/{{property}}.json", "--dump", "{a}/NotStalemate.json"],
        [*VIOLATING, "--out-itf", "{a}/c{{seq}}.json", "--dump", "{a}/c7.json"],
    ],
    ids=["out-itf-dump", "same-file-other-spelling", "learn-out-plot", "play-moves-save", "spec-out-itf",
         "play-policy-save", "default-spec-out-itf", "registered-spec-save", "learn-checks-spec-out",
         "policy-dump", "policy-out-itf", "run-policy-out-itf", "trace-name-for-a-property-dump",
         "property-pattern-dump", "seq-pattern-dump"],
)
def test_two_files_of_one_run_under_one_name_are_refused_before_any_work(tmp_path, args, policy):
    """Among them the spec files a registered spec reads (a copy of the project's, in the working folder),
    and the names `--out-itf` gives each property's trace."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "policy.json").write_bytes(policy.read_bytes())
    (tmp_path / "m.txt").write_text("B2\n")
    (tmp_path / "spec.qnt").write_text("module spec { var x: int }\n")
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    files = lambda: {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}  # noqa: E731
    before = files()
    done = run(*[a.format(a=tmp_path) for a in args], cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "name the same file" in done.stderr
    assert files() == before


def test_the_manifest_of_a_registered_spec_is_among_the_files_it_reads():
    from model.commands.cli import SPECS

    for name in SPECS.sources:
        read = {os.path.realpath(path) for _, path in SPECS.files_read({"spec": name})}
        assert os.path.realpath(ROOT / "specs/manifest.json") in read


# ---- names that are no file names -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [*VIOLATING, "--out-itf", ""],
        [*VIOLATING, "--out-itf", " "],
        [*VIOLATING, "--out-itf", "folder/"],
        ["play", "--save", "--human", "X"],
        ["play", "--save", ""],
    ],
    ids=["empty", "blank", "folder", "option", "play-empty"],
)
def test_a_name_that_is_no_file_name_is_refused(tmp_path, args):
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_folder_made_of_seq_is_the_first_traces_folder(tmp_path):
    (tmp_path / "d0").mkdir()
    done = run(*VIOLATING, "--out-itf", tmp_path / "d{seq}" / "x.json")
    assert done.returncode == 12
    assert len(json.loads((tmp_path / "d0" / "x.json").read_text())["states"]) == 6


def test_a_deleted_working_folder_is_one_line_and_exit_74(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()

    def in_a_deleted_folder():
        os.chdir(gone)
        os.rmdir(gone)

    done = run(*VIOLATING, "--out-itf", "cex.json", preexec_fn=in_a_deleted_folder)
    assert done.returncode == 74
    assert "[violation] invariant XHasNotWon" in done.stdout and "cannot write cex.json" in done.stderr


@pytest.mark.parametrize("args", [["eval", "canBlock"], ["--spec", str(ROOT / "tests/specs/tictactoe_no_block.qnt")]],
                         ids=["eval", "qnt"])
def test_a_deleted_working_folder_is_one_line_and_exit_74_where_quint_is_needed(tmp_path, args):
    """Quint (node) cannot start without a working folder: said in one line, as a file that cannot be written."""
    quint_or_skip()
    gone = tmp_path / "gone"
    gone.mkdir()

    def in_a_deleted_folder():
        os.chdir(gone)
        os.rmdir(gone)

    done = run(*args, preexec_fn=in_a_deleted_folder)
    assert done.returncode == 74 and "the working folder is gone" in done.stderr, done.stderr


# ---- every file read: FIFOs, devices, folders, sizes ----------------------------------------


def hostile(tmp_path, suffix: str = ".json") -> dict[str, str]:
    """Things that are not a readable file, by name: none may hang a reader or be read whole."""
    fifo = tmp_path / f"fifo{suffix}"
    os.mkfifo(fifo)  # no writer: opening it for reading would block forever
    zero = tmp_path / f"zero{suffix}"
    zero.symlink_to("/dev/zero")  # endless
    folder = tmp_path / f"folder{suffix}"
    folder.mkdir()
    huge = tmp_path / f"huge{suffix}"
    with open(huge, "wb") as file:
        file.truncate(64 << 20)  # sparse: 64 MiB that cost no disk
    found = {"fifo": fifo, "dev-zero": zero, "folder": folder, "missing": tmp_path / f"no{suffix}", "huge": huge}
    return {name: str(path) for name, path in found.items()}


#: every option or argument naming a file ttt-check reads -> (its command line, the exit code of a bad file)
READERS = {
    "o-policy": (lambda f: ["--spec", "random", "--x", "any", "--o", f"learned:{f}"], 2),
    "x-policy": (lambda f: ["--spec", "random", "--x", f"learned:{f}"], 2),
    "play-policy": (lambda f: ["play", "--human", "X", "--o", f"learned:{f}"], 2),
    "moves": (lambda f: ["play", "--moves", f], 2),
    "replay": (lambda f: ["replay", f], 2),
    "spec": (lambda f: ["--spec", f], 3),
}


@pytest.mark.parametrize("reader", READERS)
def test_no_file_option_hangs_or_reads_without_bound(tmp_path, reader):
    command, code = READERS[reader]
    suffix = ".qnt" if reader == "spec" else ".json"
    for name, path in hostile(tmp_path, suffix).items():
        if (reader, name) == ("spec", "huge"):
            continue  # a large .qnt goes to Quint, whose own bound is the front end's
        done = run(*command(path), timeout=30)  # a hang fails on the timeout
        assert done.returncode == code, (name, done.stderr)


@pytest.mark.parametrize("reader", ["o-policy", "moves"])
def test_what_a_file_option_cannot_read_is_named(tmp_path, reader):
    expected = {"fifo": "not a regular file", "dev-zero": "not a regular file", "folder": "a folder",
                "missing": "No such file", "huge": "larger than"}
    command, _ = READERS[reader]
    for name, path in hostile(tmp_path).items():
        done = run(*command(path))
        assert done.returncode == 2 and expected[name] in done.stderr and path in done.stderr, (name, done.stderr)


@pytest.mark.parametrize("command", [[], ["run"], ["play"], ["solve"]], ids=["check", "run", "play", "solve"])
def test_what_a_spec_option_cannot_read_is_named(tmp_path, command):
    expected = {"fifo": "not a regular file", "dev-zero": "not a regular file", "folder": "a folder",
                "missing": "no such spec file", "huge": "larger than"}
    for name, path in hostile(tmp_path, ".qnt").items():
        done = run(*command, "--spec", path)
        assert done.returncode == 3 and expected[name] in done.stderr and path in done.stderr, (name, done.stderr)


def test_a_moves_file_that_is_not_text_is_one_line(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_bytes(b"\xff\xfe B2\n")
    done = run("play", "--moves", moves)
    assert done.returncode == 2 and "not UTF-8" in done.stderr


def test_a_policy_is_still_read(policy):
    assert run("--spec", "random", "--x", "any", "--o", f"learned:{policy}", "-i", "XHasNotWon").returncode in (0, 12)


def test_one_policy_may_play_both_sides(policy):
    """Two options that only read one file are no clash."""
    done = run("--spec", "random", "--x", f"learned:{policy}", "--o", f"learned:{policy}", "-i", "XHasNotWon")
    assert done.returncode in (0, 12)
