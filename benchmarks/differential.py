"""Differential testing of ttt-check's Quint evaluator against Quint: any number of generated definitions.

    python benchmarks/differential.py [--count N] [--batch B] [--seed S]

Writes specs of B generated definitions each (see tests/differential.py) until N are compared,
evaluates each spec with Quint's REPL (one process per spec) and with ttt-check's evaluator, and
prints every definition where they disagree, value for value and error for error, then how many
were compared, in how long, and how many differed. Exit code 1 when some differ. Needs Quint
(found in $QUINT, .quint/, then PATH).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from checker.quint.frontend import FrontEndError, find_quint  # noqa: E402
from differential import Rejected, run_batch  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="definitions to compare (default 1000)")
    parser.add_argument("--batch", type=int, default=100, help="definitions per spec, one Quint process each")
    parser.add_argument("--seed", type=int, default=1, help="the first spec's seed (the next ones count up)")
    args = parser.parse_args()
    try:
        quint = find_quint(None, ROOT / "specs" / "tictactoe.qnt")
    except FrontEndError as error:
        sys.exit(f"needs Quint: {error}")
    started, compared, differences, outcomes, rejected = time.perf_counter(), 0, [], Counter(), 0
    seed = args.seed
    with tempfile.TemporaryDirectory() as folder:
        while compared < args.count:
            count = min(args.batch, args.count - compared)
            try:
                n, found, kinds = run_batch(quint, Path(folder) / f"s{seed}", seed, count)
            except Rejected as error:  # the generator's error, not ttt-check's: said, and counted apart
                rejected += 1
                print(f"seed {seed}: Quint rejects the generated spec: {str(error)[:1000]}")
                seed += 1
                continue
            compared += n
            outcomes.update(kinds)
            for finding in found:
                differences.append(finding)
                print(f"seed {seed}, {finding.definition[:400]}")
                print(f"  Quint:     {finding.quint.kind}: {finding.quint.text[:300]}")
                print(f"  ttt-check: {finding.ttt.kind}: {finding.ttt.text[:300]}")
            print(f"seed {seed}: {n} definitions, {len(found)} differ ({compared} so far, "
                  f"{time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip
            seed += 1
    elapsed = time.perf_counter() - started
    said = ", ".join(f"{count} {kind}" for kind, count in sorted(outcomes.items()))
    print(f"{compared} definitions compared ({said}) in {elapsed:.0f} s, seeds {args.seed}-{seed - 1}: "
          f"{len(differences)} differ; {rejected} generated specs rejected by Quint")  # fmt: skip
    return 1 if differences or rejected else 0


if __name__ == "__main__":
    sys.exit(main())
