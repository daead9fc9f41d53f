"""Benchmark the packed engine against the generic one, on 4x4 boards.

    python benchmarks/engine.py [--repeat N] [--generic-cap STATES]

Each measurement runs in a fresh interpreter, so its peak memory (max RSS)
is its own. Printed for each: states, transitions, best and median wall time
of the exploration alone (in-process, no trace), its CPU time (wall time
is inflated when other programs share the cores; CPU time is not), and the
peak RSS of the whole process. Then the whole `ttt-check` command, start-up
included. The generic engine is not run to the end on 4x4 (it takes minutes):
it is timed on 3x3 and on the first `--generic-cap` states of 4x4, and its
time for the whole 4x4 space is extrapolated from its cost per generated state.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: (label, spec, size, k, symmetry, the known number of states or None)
CASES = [
    ("random 4x4 k=4", "random", 4, 4, False, 9_722_011),
    ("random 4x4 k=3", "random", 4, 3, False, 6_036_001),
    ("strategy 4x4 k=4", "strategy", 4, 4, False, None),
    ("random 4x4 k=4 --symmetry", "random", 4, 4, True, 1_217_977),
]
TTT_CHECK = Path(sys.executable).with_name("ttt-check")
COMMANDS = [
    [str(TTT_CHECK), "--size", "4", "--spec", "random", "--continue"],
    [str(TTT_CHECK), "--size", "4", "--spec", "random", "--continue", "--symmetry"],
]


def one(engine: str, spec: str, size: int, k: int, symmetry: bool, cap: int | None) -> dict:
    """Explore once in this process (every state: --continue, no invariant) and measure it."""
    from checker.explore.bfs import explore
    from checker.explore.packed import explore_packed
    from model.commands.cli import SPECS

    model = SPECS.factories[spec](size=size, k=k)
    search = explore_packed if engine == "packed" else explore
    started, cpu = time.perf_counter(), time.process_time()
    stats = search(model, [], check_deadlock=False, keep_going=True, symmetry=symmetry, max_states=cap).stats
    return {
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "states": stats.distinct,
        "generated": stats.generated,
        "transitions": stats.transitions,
        "final": stats.final,
        "complete": stats.complete,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def measure(args: list[str], repeat: int) -> list[dict]:
    runs = []
    for _ in range(repeat):
        done = subprocess.run([sys.executable, __file__, "--one", *args], capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    return runs


def row(label: str, engine: str, runs: list[dict], note: str = "") -> None:
    walls = [r["seconds"] for r in runs]
    last = runs[-1]
    print(
        f"{label:<27} {engine:<8} {last['states']:>10,} {last['transitions']:>11,} {min(walls):>8.2f} "
        f"{statistics.median(walls):>8.2f} {min(r['cpu'] for r in runs):>7.2f} {max(r['peak_mb'] for r in runs):>8.0f}  {note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (default 3)")
    parser.add_argument("--generic-cap", type=int, default=200_000, help="states of 4x4 for the generic engine")
    parser.add_argument("--one", nargs=6, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        engine, spec, size, k, symmetry, cap = options.one
        cap = None if cap == "none" else int(cap)
        print(json.dumps(one(engine, spec, int(size), int(k), symmetry == "1", cap)))
        return
    repeat = options.repeat
    print(f"Python {sys.version.split()[0]}; best of {repeat} runs, each in a fresh process")
    print(
        f"{'case':<27} {'engine':<8} {'states':>10} {'transitions':>11} {'best s':>8} {'median s':>8} {'cpu s':>7} {'peak MB':>8}"
    )
    for label, spec, size, k, symmetry, known in CASES:
        runs = measure(["packed", spec, str(size), str(k), str(int(symmetry)), "none"], repeat)
        row(label, "packed", runs)
        assert known is None or runs[-1]["states"] == known, f"{label}: {runs[-1]['states']:,} states, not {known:,}"
    small = measure(["generic", "random", "3", "3", "0", "none"], repeat)
    row("random 3x3", "generic", small)
    capped = measure(["generic", "random", "4", "4", "0", str(options.generic_cap)], 1)
    per_state = capped[-1]["cpu"] / capped[-1]["generated"]
    row("random 4x4 k=4 (capped)", "generic", capped, f"{per_state * 1e6:.1f} us per generated state")
    whole = 52_221_817 * per_state
    print(f"{'random 4x4 k=4':<27} {'generic':<8} {'(extrapolated: 52,221,817 generated states)':>38} {whole:>8.0f} s")
    print(f"\nWhole command, interpreter start-up included (best of {repeat})")
    for command in COMMANDS:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            done = subprocess.run(command, capture_output=True)
            times.append(time.perf_counter() - started)
        shown = " ".join(["ttt-check", *command[1:]])
        print(f"{min(times):>6.2f} s  exit {done.returncode}  {shown}")


if __name__ == "__main__":
    main()
