"""Benchmark `ttt-check run` against `quint run --backend=typescript`, same spec and invariant.

    python benchmarks/simulate_vs_quint.py [--samples N] [--quint-samples M]

Both simulate the strategy spec checking OHasNotWon (its `inv`, which holds,
so every sample takes all --max-steps 20 steps). Prints traces per second of
each (ttt-check's simulator in-process, and Quint's own figure) and the wall
time of each whole command on the same number of samples, start-up included.
Quint is looked for in $QUINT, .quint/ (see .ci/conformance), then PATH; the
Quint half is skipped when it is not installed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checker.explore.simulate import simulate  # noqa: E402
from checker.quint.frontend import FrontEndError, find_quint  # noqa: E402
from installed import ttt_check  # noqa: E402
from model.spec.strategy import StrategyTicTacToe  # noqa: E402

SPEC, INVARIANT, STEPS, SEED = "specs/tictactoe.qnt", "OHasNotWon", 20, 1


def wall(command: list[str]) -> tuple[float, str]:
    """Wall time and output of `command`, which must find no violation."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return time.perf_counter() - started, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=50000, help="samples for ttt-check's in-process rate")
    parser.add_argument("--quint-samples", type=int, default=1000, help="samples for both whole commands")
    args = parser.parse_args()

    model = StrategyTicTacToe()
    result = simulate(model, [model.invariants[INVARIANT]], args.samples, STEPS, SEED)
    ours = result.rate
    print(f"spec {SPEC}, invariant {INVARIANT}, --max-steps {STEPS}, --seed {SEED}")
    print(f"ttt-check simulator: {result.samples:,} samples in {result.seconds:.2f} s: {ours:,.0f} traces/s")
    n = args.quint_samples
    common = ["--invariant", INVARIANT, "--max-samples", str(n), "--max-steps", str(STEPS), "--seed", str(SEED)]
    ours_wall, _ = wall(ttt_check("run", *common))
    print(f"ttt-check run, {n:,} samples, whole command: {ours_wall:.2f} s")

    try:
        quint = str(find_quint(None, ROOT / SPEC))
    except FrontEndError:
        print("quint: not installed (set $QUINT or run .ci/install_quint), skipped")
        return
    quint_wall, out = wall([quint, "run", "--backend=typescript", SPEC, *common])
    rate = re.search(r"\((\d+)ms at (\d+) traces/second\)", out)
    if rate is None:
        sys.exit(f"quint run printed no rate:\n{out}")
    theirs = int(rate.group(2))
    print(
        f"quint run --backend=typescript, {n:,} samples: {rate.group(1)} ms, {theirs:,} traces/s; "
        f"whole command: {quint_wall:.2f} s"
    )
    print(f"speed-up: {ours / theirs:,.0f}x in traces/s, {quint_wall / ours_wall:,.0f}x in wall time for {n:,} samples")


if __name__ == "__main__":
    main()
