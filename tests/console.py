"""The installed `ttt-check` console script, found next to the running Python, never on PATH."""

import os
import subprocess
import sys
from pathlib import Path

#: pip puts console scripts in the same folder as the interpreter of the environment
TTT_CHECK = Path(sys.executable).with_name("ttt-check.exe" if os.name == "nt" else "ttt-check")


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    """Run the installed `ttt-check ARGS...` and capture its output as text."""
    assert TTT_CHECK.exists(), f"{TTT_CHECK} is missing: install the project into this environment first"
    return subprocess.run([str(TTT_CHECK), *map(str, args)], capture_output=True, text=True, **kwargs)
