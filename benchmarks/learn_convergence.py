"""The convergence experiment: from which epoch does a learned side never lose, with and without symmetry?

    python benchmarks/learn_convergence.py [--seeds 1 2 3 4 5] [--epochs 100000] [--every 2000] [--epsilon 0.1]

First the speed: 100,000 games of training, and one checkpoint of the
final policy. Then, for each seed, trains as `ttt-check learn --seed S [--symmetry] --verify-every K`
does, and prints, for each learned side and opponent kind, the first checked
epoch from which every later check passes ("never loses from"), or `-` when
the last check still loses, with how many of the checks passed; then the
median over the seeds (a run that never converged counting as the latest),
and the time each run took (training and checks).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model.commands.learn import train_and_check  # noqa: E402
from model.players.learning import Settings, train  # noqa: E402
from model.players.verification import OPPONENTS, check, never_loses_from  # noqa: E402

COLUMNS = [(side, opponent) for side in "XO" for opponent in OPPONENTS]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--epochs", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=2_000)
    parser.add_argument("--epsilon", type=float, default=0.1)
    args = parser.parse_args()

    for symmetry in (False, True):
        started = time.perf_counter()
        learner = train(Settings(100_000, 1, symmetry))
        seconds = time.perf_counter() - started
        policy = learner.policy()
        check(policy, 0)  # the perfect player's values are computed once, not timed
        started = time.perf_counter()
        check(policy, 0)
        checked = time.perf_counter() - started
        rate = 100_000 / seconds
        print(
            f"symmetry {'on' if symmetry else 'off'}: 100,000 games in {seconds:.1f} s ({rate:,.0f} games/s); "
            f"one checkpoint (4 exhaustive checks) {1000 * checked:.0f} ms"
        )
    heads = [f"{side} vs {opponent}" for side, opponent in COLUMNS]
    print(f"epochs {args.epochs:,}, checked every {args.every:,}, alpha 0.1, epsilon {args.epsilon}")
    print("| symmetry | seed | " + " | ".join(heads) + " | seconds |")
    print("|---" * (len(heads) + 3) + "|")
    for symmetry in (True, False):
        found = {column: [] for column in COLUMNS}
        for seed in args.seeds:
            started = time.perf_counter()
            run = train_and_check(Settings(args.epochs, seed, symmetry, epsilon=args.epsilon), args.every)
            seconds = time.perf_counter() - started
            cells = []
            for column in COLUMNS:
                first = never_loses_from(run.points, *column)
                found[column].append(first)
                passed = sum(point.lost_in[column] is None for point in run.points)
                cells.append(("-" if first is None else f"{first:,}") + f" ({passed}/{len(run.points)})")
            row = [("on" if symmetry else "off"), str(seed), *cells, f"{seconds:.0f}"]
            print("| " + " | ".join(row) + " |", flush=True)
        medians = []
        for column in COLUMNS:
            # a run that never converged counts as later than any epoch
            values = [args.epochs + 1 if v is None else v for v in found[column]]
            median = statistics.median_low(values)
            medians.append("-" if median > args.epochs else f"{median:,}")
        print(f"| {'on' if symmetry else 'off'} | median | " + " | ".join(medians) + " | |", flush=True)


if __name__ == "__main__":
    main()
