"""The `ttt-check` console script: takes charge of Ctrl-C first, then of output, before the slow imports.

The first statements hand SIGINT (and SIGTERM) to a handler that ends the
process at once with one line and exit 130 (143): until `checker.cli.guard`
takes over (and ends an interrupted command the same way, after its partial
output, its temporary files removed), a signal finds nothing to clean up. `os` and `_signal` are loaded with the interpreter, so
this costs no import; the packages `model` and `model.commands`, imported
before this module, import nothing.
"""

import os, _signal  # noqa: E401, I001 (loaded with the interpreter: no import work before the handler)


def _interrupted(signum, frame) -> None:
    """Ctrl-C (SIGTERM) before the guard takes over: nothing to clean up, so one line and exit 130 (143) at once."""
    terminated = signum == _signal.SIGTERM
    try:
        os.write(2, b"ttt-check: terminated\n" if terminated else b"ttt-check: interrupted\n")
    except OSError:  # a closed stderr (2>&-)
        pass
    os._exit(143 if terminated else 130)


_signal.signal(_signal.SIGINT, _interrupted)
_signal.signal(_signal.SIGTERM, _interrupted)


def main() -> None:
    from checker.cli.guard import run_guarded

    def load():
        from model.commands.cli import cli

        return cli

    run_guarded(load, "ttt-check")


def script() -> None:
    """The console script: `main`, then the process ends at once. Python would otherwise free each object a
    search made, one by one, before exiting (seconds after a search of millions of states); `run_guarded` has
    flushed the output, and every file the command writes is written and closed, before it exits."""
    try:
        main()
    except SystemExit as done:  # how `run_guarded` ends: with the command's exit code
        os._exit(done.code)
