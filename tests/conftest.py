"""Fixtures shared by the tests of the command line."""

import signal
import sys

import pytest

from model.commands.main import main as ttt_check_main

# importing the entry module hands Ctrl-C to its handler, which ends the process at once: the test run keeps
# Python's own, so that Ctrl-C stops pytest as usual
signal.signal(signal.SIGINT, signal.default_int_handler)


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
