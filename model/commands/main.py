"""The `ttt-check` console script: takes charge of signals and output before the slow imports."""

import signal
import sys


def main() -> None:
    try:
        from checker.cli.guard import run_guarded
    except KeyboardInterrupt:  # Ctrl-C while the first module loads
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("ttt-check: interrupted", file=sys.stderr)
        sys.exit(130)

    def load():
        from model.commands.cli import cli

        return cli

    run_guarded(load, "ttt-check")
