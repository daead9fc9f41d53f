"""Benchmark ttt-check: exploration speed per spec and invariant, and the whole command.

    python benchmarks/bench.py [--repeat N]

For each spec (with and without the stutter) and each invariant, runs the
exhaustive check as `ttt-check --continue` does (deadlock check on) several times and
prints the states explored, best and median wall time, and states/s at the
best time. Then times the whole `ttt-check` command in a subprocess,
interpreter start-up included.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.explore.bfs import explore  # noqa: E402
from installed import ttt_check  # noqa: E402
from model.commands.cli import SPECS  # noqa: E402

COMMANDS = [
    ["ttt-check"],
    ["ttt-check", "--invariant", "NotStalemate"],
    ["ttt-check", "--spec", "random", "--invariant", "OHasNotWon"],
    ["ttt-check", "--spec", "random", "-i", "XHasNotWon", "-i", "OHasNotWon", "-i", "NotStalemate"],
    ["ttt-check", "--no-stutter", "--invariant", "OHasNotWon"],
    ["ttt-check", "--temporal", "XMustEventuallyWin"],
    ["ttt-check", "--spec", "random", "--temporal", "GameEventuallyEnds"],
    ["ttt-check", "--spec", "random", "--invariant", "OHasNotWon", "--coverage"],
]


def timed(run, repeat: int) -> tuple[float, float, object]:
    """Best and median wall time of `repeat` calls of `run`, and its last result."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def bench_explore(repeat: int) -> None:
    print(f"Exhaustive check (--continue), deadlock check on ({repeat} runs each)")
    print(f"{'spec':<22} {'invariant':<14} {'states':>7} {'best ms':>8} {'median ms':>10} {'states/s':>10}")
    for name, factory in SPECS.factories.items():
        for stutter in (True, False):
            model = factory(stutter=stutter)
            label = name if stutter else f"{name} --no-stutter"
            cases = [[inv] for inv in model.invariants.values()] + [list(model.invariants.values())]
            for invariants in cases:
                best, median, result = timed(lambda: explore(model, invariants, keep_going=True), repeat)
                names = invariants[0].name if len(invariants) == 1 else "all"
                states = result.stats.distinct
                print(f"{label:<22} {names:<14} {states:>7,} {best * 1e3:>8.1f} {median * 1e3:>10.1f} {states / best:>10,.0f}")


def bench_command(repeat: int) -> None:
    print(f"\nWhole command, interpreter start-up included ({repeat} runs each)")
    print(f"{'best ms':>8} {'median ms':>10} {'exit':>4}  command")
    for command in COMMANDS:
        best, median, done = timed(lambda: subprocess.run(ttt_check(*command[1:]), capture_output=True), repeat)
        print(f"{best * 1e3:>8.0f} {median * 1e3:>10.0f} {done.returncode:>4}  {' '.join(command)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs per measurement (default 10)")
    repeat = parser.parse_args().repeat
    print(f"Python {sys.version.split()[0]}")
    bench_explore(repeat)
    bench_command(repeat)


if __name__ == "__main__":
    main()
