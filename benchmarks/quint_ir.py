"""Benchmark the evaluator of Quint's IR: the lecture's specs against their Python transcription,
protocol-sized specs, and the start-up of `ttt-check --spec FILE.qnt`.

    python benchmarks/quint_ir.py [--repeat N] [--only lecture|protocols|startup]

Prints, each figure the best and the median of N runs (the machine may be shared):

  * the lecture's specs (specs/*.qnt), evaluated from Quint's IR and as transcribed in model/spec/:
    the exhaustive check (deadlock check on, the spec's `inv`, as `ttt-check --spec specs/FILE.qnt`
    does once the IR is cached) and `run` (2,000 samples of 12 steps from seed 1), and how many times
    slower the evaluated spec is (the IR is tests/fixtures/ir/'s, so Quint is not needed here);
  * the protocol-sized specs of benchmarks/specs/, each checked in a fresh process: states,
    generated successors, seconds, generated successors per second (per second of wall time, and of
    the process's CPU time, which a busy machine inflates less), the peak memory of the process, and
    its growth per state;
  * start-up: compiling a spec with Quint (its own start-up included) and loading the cached IR
    (reading it and compiling it to Python), as `ttt-check --spec` does before exploring.

The protocol specs and the start-up need Quint (.quint/, see README); without it they are skipped.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from checker.explore.bfs import explore  # noqa: E402
from checker.explore.simulate import simulate  # noqa: E402
from model.spec.strategy import StrategyTicTacToe  # noqa: E402
from model.spec.tictactoe import TicTacToe  # noqa: E402
from quint_specs import spec  # noqa: E402

LECTURE = [("tictactoe_random", TicTacToe), ("tictactoe", StrategyTicTacToe)]
PROTOCOLS = sorted((ROOT / "benchmarks" / "specs").glob("*.qnt"))
SAMPLES, STEPS = 2000, 12


def check(model) -> int:
    result = explore(model, [model.invariants[name] for name in model.default_invariants], check_deadlock=True)
    return result.stats.distinct


def run(model) -> int:
    return simulate(model, [], SAMPLES, STEPS, 1).samples  # no invariant: the random spec's `inv` fails at once


def timed(build, work, repeat: int) -> tuple[int, float, float]:
    """(what `work` returned, best seconds, median seconds) of `repeat` runs on freshly built models."""
    times, value = [], 0
    for _ in range(repeat):
        model = build()
        started = time.perf_counter()
        value = work(model)
        times.append(time.perf_counter() - started)
    return value, min(times), statistics.median(times)


def lecture(repeat: int) -> None:
    print(f"{'lecture spec':<28} {'task':<6} {'model':<16} {'best s':>8} {'median s':>9} {'evaluated / transcribed':>24}")
    for name, hand in LECTURE:
        for task, work in (("check", check), ("run", run)):
            rows = []
            for label, build in (("evaluated .qnt", lambda: spec(name)), (f"transcribed", hand)):
                _, best, median = timed(build, work, repeat)
                rows.append((label, best, median))
            for label, best, median in rows:
                ratio = f"{rows[0][1] / rows[1][1]:.2f}x (best) {rows[0][2] / rows[1][2]:.2f}x (median)" if label == "evaluated .qnt" else ""
                print(f"specs/{name + '.qnt':<22} {task:<6} {label:<16} {best:>8.3f} {median:>9.3f} {ratio:>24}")


def protocol_child(path: str) -> None:
    """In a fresh process: check the spec at `path` once and print the figures as JSON."""
    from checker.quint.spec_model import load

    model = load(path)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started, cpu = time.perf_counter(), time.process_time()
    result = explore(model, [model.invariants[name] for name in model.default_invariants], check_deadlock=False)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    stats = result.stats
    print(json.dumps({
        "states": stats.distinct, "generated": stats.generated, "depth": stats.depth, "seconds": seconds, "cpu": cpu,
        "peak_kb": peak, "growth_kb": peak - baseline, "violations": sorted(result.violations),
    }))  # fmt: skip


def protocols(repeat: int) -> None:
    print(f"\n{'protocol spec':<36} {'states':>8} {'generated':>10} {'best s':>7} {'median s':>8} "
          f"{'generated/s (best)':>19} {'CPU s (best)':>12} {'generated/CPU s':>16} {'peak MB':>8} {'bytes/state':>11}")  # fmt: skip
    for path in PROTOCOLS:
        runs = []
        for _ in range(repeat):
            done = subprocess.run(
                [sys.executable, __file__, "--child", str(path)], capture_output=True, text=True, cwd=ROOT
            )
            if done.returncode != 0:
                print(f"{path.relative_to(ROOT)}: {done.stderr.strip().splitlines()[-1]}")
                return
            runs.append(json.loads(done.stdout))
        best = min(runs, key=lambda r: r["seconds"])
        median = statistics.median(r["seconds"] for r in runs)
        cpu = min(r["cpu"] for r in runs)
        per_state = min(r["growth_kb"] for r in runs) * 1024 / best["states"]
        print(
            f"{str(path.relative_to(ROOT)):<36} {best['states']:>8,} {best['generated']:>10,} {best['seconds']:>7.2f} "
            f"{median:>8.2f} {best['generated'] / best['seconds']:>19,.0f} {cpu:>12.2f} {best['generated'] / cpu:>16,.0f} "
            f"{max(r['peak_kb'] for r in runs) / 1024:>8.0f} "
            f"{per_state:>11,.0f}"
        )


def startup(repeat: int) -> None:
    from checker.quint.frontend import FrontEndError, compile_spec
    from checker.quint.spec_model import QuintSpec, load

    print(f"\n{'start-up':<60} {'best s':>8} {'median s':>9}")
    for path in [ROOT / "specs" / "tictactoe.qnt", *PROTOCOLS]:
        try:
            _, first, first_median = timed(lambda: None, lambda _: compile_spec(path, cache=False), repeat)
        except FrontEndError as error:
            print(f"skipped: {error}".splitlines()[0])
            return
        compile_spec(path)  # into the cache
        _, cached, cached_median = timed(lambda: None, lambda _: load(str(path)), repeat)
        ir = compile_spec(path)
        _, python, python_median = timed(lambda: None, lambda _: QuintSpec(ir, str(path), path.read_text()), repeat)
        name = path.relative_to(ROOT)
        print(f"{str(name) + ': quint compile (no cache)':<60} {first:>8.3f} {first_median:>9.3f}")
        print(f"{str(name) + ': cached IR, read and compiled to Python':<60} {cached:>8.3f} {cached_median:>9.3f}")
        print(f"{str(name) + ':   of which IR -> Python':<60} {python:>8.3f} {python_median:>9.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=["lecture", "protocols", "startup"])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return protocol_child(options.child)
    with tempfile.TemporaryDirectory() as cache:
        import os

        os.environ["XDG_CACHE_HOME"] = cache  # the start-up's cache starts empty, and nothing is left behind
        for part in ("lecture", "protocols", "startup"):
            if options.only in (None, part):
                globals()[part](options.repeat)


if __name__ == "__main__":
    main()
