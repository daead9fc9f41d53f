"""Fixtures shared by the tests of the command line."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from model.commands.main import main as ttt_check_main

# importing the entry module hands Ctrl-C and SIGTERM to its handler, which ends the process at once: the test
# run keeps Python's own, so that Ctrl-C and SIGTERM stop pytest as usual
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.fixture(autouse=True)
def sigterm_kept():
    """A command run in this process ignores SIGTERM once it is done, as it exits: the test run takes it back."""
    yield
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.fixture
def ttt_check(monkeypatch, capsys):
    """Run `ttt-check ARGS...` through its entry point, in-process: (exit code, stdout, stderr).

    `main` replaces the entry point, e.g. to run a command group built for a test.
    """

    def run(*args, main=ttt_check_main):
        monkeypatch.setattr(sys, "argv", ["ttt-check", *map(str, args)])
        previous = signal.getsignal(signal.SIGINT)
        try:
            with pytest.raises(SystemExit) as exited:
                main()
        finally:
            signal.signal(signal.SIGINT, previous)
        out, err = capsys.readouterr()
        return exited.value.code, out, err

    return run


ROOT = Path(__file__).resolve().parents[1]


def quint_or_skip() -> Path:
    """The quint executable (from .quint/, QUINT or PATH); skipped without it, but never in CI, which installs it."""
    from checker.quint.frontend import FrontEndError, find_quint

    try:
        return find_quint(None, ROOT / "specs/tictactoe.qnt")
    except FrontEndError:
        if os.environ.get("CI"):
            pytest.fail("CI must install Quint in .quint/ (.ci/install_quint) before the tests")
        pytest.skip("needs the quint executable (QUINT, .quint/ or PATH)")


def quint_run(
    folder: Path, spec: str, *options: str, traces: int = 10, samples: int = 200, steps: int = 12, seed: int = 11
) -> tuple[int, list[Path]]:
    """`quint run` of `spec` (a path from the project folder), its traces written to the new folder `folder`:
    its exit code, and the traces."""
    folder.mkdir()
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", spec, "--out-itf", str(folder / "t{seq}.itf.json"),
         "--n-traces", str(traces), "--max-samples", str(samples), "--max-steps", str(steps), "--seed", str(seed),
         *options],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    return done.returncode, sorted(folder.glob("*.itf.json"))


@pytest.fixture(scope="session", autouse=True)
def shared_cache(tmp_path_factory):
    """One cache folder (XDG_CACHE_HOME) for the whole run, its processes included, for every test that does
    not make its own: each spec, with its options, is compiled by Quint once. An IR's entry is keyed by
    Quint's version, the spec's path, content and options, and checked against the files it was compiled
    from, so sharing it changes no answer (entries are written atomically); and the user's own cache is left
    alone."""
    run = tmp_path_factory.getbasetemp()
    folder = (run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run) / "shared-cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


@pytest.fixture
def with_quint(shared_cache, monkeypatch):
    """Quint found, run from the project folder (the run's IR cache shared)."""
    quint_or_skip()
    monkeypatch.chdir(ROOT)
    return shared_cache


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """Quint found, the IR cache in a fresh folder, run from the project folder: for the tests of the cache."""
    quint_or_skip()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def quint_cache(shared_cache):
    """Quint found, for a test module's tests, run from the project folder (the run's IR cache shared)."""
    quint_or_skip()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)
        yield shared_cache
