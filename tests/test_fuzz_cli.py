"""Fuzzing the command line: arguments, file-system faults, output faults and Ctrl-C.

Whatever it is given, ttt-check must end with its documented exit code and,
on an error, exactly one line on stderr, never a traceback, and it must never
damage a file that was there before. `FUZZ_EXAMPLES` raises the number of
generated cases (the default keeps the suite quick).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time

import console
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.commands.main import main

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
#: every exit code the README documents (1: play's input ended before the game)
DOCUMENTED = {0, 1, 2, 3, 4, 11, 12, 13, 74, 130, 143}
#: the exit codes that mean "bad usage or a fault": they must come with exactly one line on stderr
ERRORS = {2, 3, 74, 130}


def run_in_process(args: list[str]) -> tuple[int, str, str]:
    """`ttt-check ARGS...` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    argv, previous = sys.argv, signal.getsignal(signal.SIGINT)
    sys.argv = ["ttt-check", *args]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), pytest.raises(SystemExit) as done:
            main()
    finally:
        sys.argv = argv
        signal.signal(signal.SIGINT, previous)
    return done.value.code, out.getvalue(), err.getvalue()


def assert_well_behaved(code: int, out: str, err: str) -> None:
    assert code in DOCUMENTED, (code, err)
    assert "Traceback" not in out + err
    if code in ERRORS:
        assert err.count("\n") == 1 and err.startswith("ttt-check: "), err
    for line in err.splitlines():
        assert len(line) <= 600


# ---- arguments ------------------------------------------------------------------------------

NAMES = ["XHasNotWon", "OHasNotWon", "NotStalemate", "inv", "XMustEventuallyWin", "GameEventuallyEnds"]
GARBAGE = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30) | st.just("x" * 5000) | st.just("a\nb")
#: numbers no option should take, and some it should
NUMBERS = ["nan", "-inf", "1e400", "1" + "0" * 400, "9" * 5000, "0", "4M", "1G", "10"]
VALUE = st.sampled_from(
    NAMES + NUMBERS + ["strategy", "random", "board", "quint", "all", "weak", "none", "any", "generic", "packed", "-1",
                       "0x2a"]
)
OPTION = st.sampled_from(
    ["-i", "-t", "-s", "--spec", "--view", "--fairness", "--no-stutter", "--deadlock", "--no-deadlock",
     "--x", "--o", "--list", "--itf-style", "--help", "--version", "--bogus", "-", "--max-states", "--max-memory",
     "--engine", "--coverage", "--symmetry", "--continue"]
)
RUN_OPTION = st.sampled_from(["--max-samples", "--max-steps", "--seed", "-i", "--view", "--spec", "--x"])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(OPTION | VALUE | GARBAGE, max_size=6))
def test_any_arguments_to_the_check(args):
    assert_well_behaved(*run_in_process(args))


@settings(max_examples=EXAMPLES // 2, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(RUN_OPTION | VALUE | GARBAGE | st.sampled_from(["1", "3", "100000", "100001", "1e9"]), max_size=6))
def test_any_arguments_to_run(args):
    # a small --max-samples first keeps each example quick; later ones override it
    assert_well_behaved(*run_in_process(["run", "--max-samples", "3", *args]))


# ---- file-system faults on --out-itf --------------------------------------------------------

VIOLATING = ["--spec", "random", "-i", "XHasNotWon"]


def old_trace(path) -> str:
    text = json.dumps({"#meta": {"format": "ITF"}, "vars": [], "states": [{}]})
    path.write_text(text)
    return text


def faults(tmp_path):
    """(name, --out-itf path, the file that must survive or None), one per way a write can fail."""
    (tmp_path / "folder.itf.json").mkdir()
    os.symlink(tmp_path / "missing" / "x.itf.json", tmp_path / "dangling.itf.json")
    return [
        ("a folder", tmp_path / "folder.itf.json"),
        ("a dangling symlink", tmp_path / "dangling.itf.json"),
        ("a name too long", tmp_path / ("n" * 300 + ".itf.json")),
        ("a device", "/dev/full"),
    ]


def test_out_itf_faults_keep_the_verdict_and_say_why_in_one_line(tmp_path):
    for name, path in faults(tmp_path):
        code, out, err = run_in_process([*VIOLATING, "--out-itf", str(path)])
        assert code == 74, name
        assert "[violation] invariant XHasNotWon is violated after 5 steps" in out, name
        assert_well_behaved(code, out, err)
        assert "cannot write" in err and "Could not open" not in err, name
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")


def test_a_full_disk_leaves_the_older_trace_intact(tmp_path):
    """With a 4 KB file-size limit the new trace cannot be written: the old one must survive whole."""
    path = tmp_path / "cex.itf.json"
    before = old_trace(path)

    def limit_file_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    done = console.run(*VIOLATING, "--out-itf", path, preexec_fn=limit_file_size)
    assert done.returncode == 74
    assert_well_behaved(done.returncode, done.stdout, done.stderr)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["cex.itf.json"]  # no temporary file left behind


def test_a_successful_write_replaces_the_older_trace_whole(tmp_path):
    path = tmp_path / "cex.itf.json"
    old_trace(path)
    code, out, err = run_in_process([*VIOLATING, "--out-itf", str(path)])
    assert code == 12 and err == ""
    assert len(json.loads(path.read_text())["states"]) == 6


@pytest.mark.parametrize("args", [["--out-itf", "--deadlock"], ["--itf-style", "itf-py"], ["--fairness", "none"]])
def test_options_that_would_be_ignored_are_refused(args, tmp_path):
    code, out, err = run_in_process(args)
    assert code == 2 and out == ""
    assert_well_behaved(code, out, err)
    assert not (tmp_path / "--deadlock").exists() and not os.path.exists("--deadlock")


# ---- output faults --------------------------------------------------------------------------


def test_a_full_output_is_one_line_and_exit_74():
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(console.TTT_CHECK), "--list"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 74
    assert done.stderr == "ttt-check: error: cannot write the output: No space left on device\n"


def test_an_encoding_that_cannot_show_the_labels_gets_ascii():
    done = console.run("-i", "NotStalemate", env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 12 and done.stderr == ""
    assert "[State 7]  MoveX > Block  pattern=" in done.stdout


def test_a_closed_stderr_keeps_the_exit_code():
    done = subprocess.run(
        [str(console.TTT_CHECK), "-i", "NotStalemate"], stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(2)
    )
    assert done.returncode == 12


def test_a_reader_that_stops_early_keeps_the_exit_code():
    """`ttt-check ... | head -1`: the verdict's exit code, and no complaint about the closed pipe."""
    process = subprocess.Popen(
        [str(console.TTT_CHECK), "-i", "NotStalemate"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait() == 12 and err == ""


def test_the_console_script_ends_with_the_whole_output_and_the_command_s_code():
    """The script ends the process at once after the command, without Python's freeing of every object: all
    the command printed is there, and its exit code, as the command run in this process gives them."""
    timing = re.compile(r"[\d.]+ s \([\d,]+ states/s\)")
    for args in (["-i", "NotStalemate"], ["--spec", "random", "-t", "GameEventuallyEnds"], ["--size", "2"]):
        done = console.run(*args)
        code, out, err = run_in_process(args)
        assert (done.returncode, timing.sub("", done.stdout), done.stderr) == (code, timing.sub("", out), err)


# ---- Ctrl-C ---------------------------------------------------------------------------------


@pytest.mark.parametrize("delay", [0.15, 0.2, 0.3, 0.45])
@pytest.mark.parametrize("twice", [False, True])
def test_ctrl_c_at_any_moment_is_one_line_and_exit_130(delay, twice):
    """Ctrl-C while the command runs (the moments before, while modules load, are tested below)."""
    process = subprocess.Popen(
        [str(console.TTT_CHECK), "--spec", "random", "--temporal", "GameEventuallyEnds"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    if twice:
        time.sleep(0.01)
        process.send_signal(signal.SIGINT)
    err = process.stderr.read()
    code = process.wait()
    if (code, err) == (0, "") or in_python_start_up(err):  # finished before the signal, or so busy a machine that
        return  # Python itself was still starting: nothing of ttt-check's to check
    assert (code, err) == (130, "ttt-check: interrupted\n")


def in_python_start_up(err: str) -> bool:
    """Whether stderr shows Python stopped by Ctrl-C before ttt-check's entry module ran: no frame of ours but
    the packages the console script imports first (`model`, `model.commands`: a docstring each)."""
    frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
    # a bare "KeyboardInterrupt": raised where no Python frame was running yet (the interpreter between `site`
    # and the script's first line)
    stopped = bool(frames) or err.startswith("Fatal Python error") or err == "KeyboardInterrupt\n"
    return stopped and not any(ours(frame) for frame in frames)


def ours(frame: str) -> bool:
    """Whether a traceback's `File ...` line is in ttt-check's code that runs (not a package's empty __init__)."""
    before = frame.endswith("in <module>") and ("/model/__init__.py" in frame or "/model/commands/__init__.py" in frame)
    return ("/model/" in frame or "/checker/" in frame) and not before


def test_the_entry_point_takes_charge_before_click_loads():
    """Importing the console script's module loads no click: Ctrl-C is handled from there on."""
    code = "import sys, model.commands.main, checker.cli.guard; sys.exit('click' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("twice", [False, True])
def test_ctrl_c_while_the_command_line_loads(twice):
    """A Ctrl-C that lands while click and the specs are imported: one line, exit 130."""
    from checker.cli.guard import run_guarded

    def load():
        if twice:  # the second Ctrl-C comes while the first is handled: it must be ignored
            signal.raise_signal(signal.SIGINT)
        raise KeyboardInterrupt

    err = io.StringIO()
    previous = signal.getsignal(signal.SIGINT)
    try:
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as done:
            run_guarded(load, "ttt-check")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert (done.value.code, err.getvalue()) == (130, "ttt-check: interrupted\n")


def test_the_entry_module_takes_charge_of_ctrl_c_before_any_import_of_its_own():
    """The packages imported before the entry module import nothing, and the entry module installs its
    handler before it imports anything but what the interpreter has already loaded."""
    import ast
    from pathlib import Path

    import model

    root = Path(model.__file__).parent
    for package in (root / "__init__.py", root / "commands" / "__init__.py"):
        assert not [n for n in ast.parse(package.read_text()).body if isinstance(n, (ast.Import, ast.ImportFrom))]
    body = ast.parse((root / "commands" / "main.py").read_text()).body
    install = next(i for i, node in enumerate(body) if "signal(" in ast.unparse(node) and "SIGINT" in ast.unparse(node))
    imported = {alias.name for node in body[:install] if isinstance(node, ast.Import) for alias in node.names}
    assert imported <= {"os", "_signal"} and not any(isinstance(node, ast.ImportFrom) for node in body[:install])
    assert {"os", "_signal"} <= set(sys.builtin_module_names) | set(sys.modules)  # loaded with the interpreter


def test_ctrl_c_once_the_entry_module_is_loaded_is_one_line_and_exit_130():
    """A Ctrl-C after the entry module's first lines, before the guard runs: one line, exit 130."""
    code = "import os, signal, time, model.commands.main; os.kill(os.getpid(), signal.SIGINT); time.sleep(10)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stderr) == (130, "ttt-check: interrupted\n")


def test_ctrl_c_in_the_first_milliseconds_never_ends_in_a_traceback_of_ttt_checks_own():
    """Ctrl-C at random moments while the console script starts: whatever happens before the entry module
    runs is Python's start-up; from the entry module on, always one line and exit 130."""
    chooser = random.Random(3)
    for _ in range(40):
        process = subprocess.Popen([str(console.TTT_CHECK), "--list"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        time.sleep(chooser.uniform(0.02, 0.12))
        process.send_signal(signal.SIGINT)
        err = process.stderr.read()
        code = process.wait()
        if not in_python_start_up(err):  # finished before the signal, or stopped by it in one line
            assert (code, err) in {(0, ""), (130, "ttt-check: interrupted\n"), (-signal.SIGINT, "")}, err
