"""Ctrl-C in the first milliseconds of `ttt-check`: how many of N runs end otherwise than in one line and exit 130.

Each run gets SIGINT after a random delay drawn from 0 to LATE seconds, while
Python itself, the console script and the entry module are still starting.
Prints the count of runs that printed a traceback or ended with another exit
code, split by where: before the entry module's first statement (Python's
start-up, `site`, the console script's own imports: out of ttt-check's hands)
or in ttt-check's own code (which must be none).
Usage: python benchmarks/ctrl_c_window.py [RUNS] [LATE]
"""

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

TTT_CHECK = Path(sys.executable).with_name("ttt-check")


def one_run(delay: float) -> tuple[int, str]:
    process = subprocess.Popen([str(TTT_CHECK), "--list"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    err = process.stderr.read()
    return process.wait(), err


def in_our_code(frame: str) -> bool:
    """Whether a traceback's `File ...` line is in ttt-check's code that runs: not the packages the console
    script imports before the entry module (`model`, `model.commands`, a docstring each)."""
    before = frame.endswith("in <module>") and ("/model/__init__.py" in frame or "/model/commands/__init__.py" in frame)
    return ("/model/" in frame or "/checker/" in frame) and not before


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    late = float(sys.argv[2]) if len(sys.argv) > 2 else 0.15
    rng = random.Random(1)
    before, ours, finished = [], [], 0
    for _ in range(runs):
        delay = rng.uniform(0, late)
        code, err = one_run(delay)
        if (code, err) == (0, ""):
            finished += 1  # it had finished before the signal came
        elif (code, err) != (130, "ttt-check: interrupted\n"):
            frames = [line.strip() for line in err.splitlines() if line.strip().startswith("File ")]
            own = any(in_our_code(frame) for frame in frames)
            (ours if own else before).append((delay, code, frames[-1] if frames else "(no traceback)"))
    print(f"{runs} runs, Ctrl-C after 0 to {late * 1000:.0f} ms: {runs - finished - len(before) - len(ours)} ended "
          f"in one line and exit 130, {finished} had finished; {len(before)} ended otherwise before the entry "
          f"module ran, {len(ours)} in ttt-check's own code")
    if before:
        print(f"  the latest of those before the entry module: {max(delay for delay, _, _ in before) * 1000:.1f} ms")
    for delay, code, frame in ours:
        print(f"  in ttt-check, after {delay * 1000:.1f} ms: exit {code}, {frame}")


if __name__ == "__main__":
    main()
