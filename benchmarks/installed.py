"""The `ttt-check` console script installed next to the running Python (run the benchmarks with the venv's python)."""

import sys
from pathlib import Path

TTT_CHECK = Path(sys.executable).with_name("ttt-check")


def ttt_check(*args: str) -> list[str]:
    """The command line running the installed `ttt-check ARGS...`; exits with one line if it is not installed."""
    if not TTT_CHECK.exists():
        sys.exit(f"{TTT_CHECK} is missing: run this with the Python of the environment ttt-check is installed in, "
                 f"e.g. .venv/bin/python {sys.argv[0]}")
    return [str(TTT_CHECK), *args]
