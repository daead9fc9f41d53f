"""Benchmark the evaluator of Quint's IR against the hand-written model, on the lecture's specs.

    python benchmarks/quint_ir.py [--repeat N]

Explores each spec exhaustively (deadlock check on, the spec's `inv`), as
`ttt-check --spec specs/FILE.qnt` does once the IR is cached, and prints the
best and median wall time and the states/s at the best time, for the
evaluated spec and for the registered hand-written model. The IR is the one
of tests/fixtures/ir/ (Quint 0.33.0's), so Quint is not needed; compiling the
IR to Python is timed apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checker.explore.bfs import explore  # noqa: E402
from model.spec.strategy import StrategyTicTacToe  # noqa: E402
from model.spec.tictactoe import TicTacToe  # noqa: E402
from tests.quint_specs import spec  # noqa: E402

SPECS = [("tictactoe_random", TicTacToe), ("tictactoe", StrategyTicTacToe)]


def timed(build, repeat: int) -> tuple[int, float, float]:
    """(states, best seconds, median seconds) of `repeat` explorations of a freshly built model."""
    times, states = [], 0
    for _ in range(repeat):
        model = build()
        started = time.perf_counter()
        result = explore(model, [model.invariants[name] for name in model.default_invariants], check_deadlock=True)
        times.append(time.perf_counter() - started)
        states = result.stats.distinct
    return states, min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"{'spec':<28} {'model':<22} {'states':>7} {'best s':>8} {'median s':>9} {'states/s':>10}")
    for name, hand in SPECS:
        started = time.perf_counter()
        spec(name)
        compile_seconds = time.perf_counter() - started
        for label, build in (("evaluated .qnt", lambda: spec(name)), (f"hand-written '{hand.name}'", hand)):
            states, best, median = timed(build, repeat)
            print(f"specs/{name + '.qnt':<22} {label:<22} {states:>7,} {best:>8.3f} {median:>9.3f} {states / best:>10,.0f}")
        print(f"{'':<28} (IR -> Python: {compile_seconds:.3f} s)")


if __name__ == "__main__":
    main()
