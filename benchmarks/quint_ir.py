"""Benchmark the evaluator of Quint's IR: the lecture's specs against their Python transcription,
protocol-sized specs, and the start-up of `ttt-check --spec FILE.qnt`.

    python benchmarks/quint_ir.py [--repeat N] [--only lecture|commands|protocols|startup]

Prints, each figure the best and the median of N runs (the machine may be shared: CPU time, the
process's own, is inflated less by other work than wall time, and is what the ratios compare; the
two sides of a comparison take turns, run by run):

  * lecture, the search alone: the lecture's specs (specs/*.qnt), evaluated from Quint's IR and as
    transcribed in model/spec/, doing the same work: the exhaustive check (deadlock check on, the
    spec's `inv`, as `ttt-check --spec specs/FILE.qnt` does) and `run` (2,000 samples of 12 steps from
    seed 1, no invariant). Each model is built, and the evaluated one's actions compiled, before the
    clock starts (the IR is tests/fixtures/ir/'s, so Quint is not needed here);
  * lecture, the whole command: `ttt-check` in a fresh process (from the sources beside this file),
    start-up included, for the
    transcription (`--spec strategy`, `--spec random`) and the evaluated file (`--spec specs/FILE.qnt`,
    its IR cached by a first, untimed run): the check of each spec, and `run` of the strategy spec
    (its `inv` holds, so both run every sample; the random spec's fails at once, after draws that differ);
  * the protocol-sized specs of benchmarks/specs/, each checked in a fresh process: states,
    generated successors, seconds, generated successors per second (per second of wall time, and of
    the process's CPU time), the peak memory of the process, and its growth per state;
  * start-up: compiling a spec with Quint (its own start-up included) and loading the cached IR
    (reading it and compiling it to Python), as `ttt-check --spec` does before exploring.

The whole commands, the protocol specs and the start-up need Quint (.quint/, see README); without it
they are skipped.
"""

from __future__ import annotations

import argparse
import json
import os
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

LECTURE = [("tictactoe_random", "random", TicTacToe), ("tictactoe", "strategy", StrategyTicTacToe)]
PROTOCOLS = sorted((ROOT / "benchmarks" / "specs").glob("*.qnt"))
SAMPLES, STEPS = 2000, 12
#: `ttt-check` as its console script runs it, from this folder's sources (so that two copies of the project compare)
TTT_CHECK = [sys.executable, "-c", "import sys; from model.commands.main import main; sys.argv[0] = 'ttt-check'; sys.exit(main())"]
#: as an installed tool runs: with its modules' bytecode cached (written by the first, untimed run)
COMMAND_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
#: the whole commands compared: (spec, task, the command's arguments after `--spec SPEC`)
COMMANDS = [
    ("tictactoe_random", "check", []),
    ("tictactoe", "check", []),
    ("tictactoe", "run", ["run", "--max-samples", str(SAMPLES), "--max-steps", str(STEPS), "--seed", "1"]),
]


def check(model) -> int:
    result = explore(model, [model.invariants[name] for name in model.default_invariants], check_deadlock=True)
    return result.stats.distinct


def run(model) -> int:
    return simulate(model, [], SAMPLES, STEPS, 1).samples  # no invariant: the random spec's `inv` fails at once


class Times:
    """Wall and CPU seconds of repeated runs."""

    def __init__(self):
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    def row(self) -> str:
        w, c = self.wall, self.cpu
        return f"{min(w):>8.3f} {statistics.median(w):>8.3f} {min(c):>8.3f} {statistics.median(c):>8.3f}"

    def ratio(self, other: "Times") -> str:
        """How many times slower than `other`: CPU best, CPU median, wall median."""
        cpu = f"{min(self.cpu) / min(other.cpu):.2f}x / {statistics.median(self.cpu) / statistics.median(other.cpu):.2f}x"
        return f"{cpu:>15} {statistics.median(self.wall) / statistics.median(other.wall):>9.2f}x"


HEADER = f"{'wall best':>9} {'median':>8} {'CPU best':>8} {'median':>8}"


def timed(build, work, repeat: int, *others) -> Times | list[Times]:
    """The times of `repeat` runs of `work` on freshly built models; with `others` (more pairs of `build`
    and `work`), the times of each, their runs taking turns so that a busy machine slows them alike."""
    pairs = [(build, work), *zip(others[::2], others[1::2])]
    times = [Times() for _ in pairs]
    for _ in range(repeat):
        for (build, work), found in zip(pairs, times):
            model = build()
            wall, cpu = time.perf_counter(), time.process_time()
            work(model)
            found.add(time.perf_counter() - wall, time.process_time() - cpu)
    return times if others else times[0]


def evaluated(name: str):
    """The evaluated spec `name`, its actions compiled (as a cached IR's spec is before it explores)."""
    model = spec(name)
    model.step_action.states, model.step_action.tree  # noqa: B018 - compiled when first used
    return model


def lecture(repeat: int) -> None:
    print("lecture specs, the search alone (seconds; ratio = evaluated / transcribed: CPU best / median, wall median)")
    print(f"{'spec':<28} {'task':<6} {'model':<12} {HEADER} {'CPU ratio':>15} {'wall ratio':>10}")
    for name, _, hand in LECTURE:
        for task, work in (("check", check), ("run", run)):
            ours, theirs = timed(lambda: evaluated(name), work, repeat, hand, work)
            print(f"specs/{name + '.qnt':<22} {task:<6} {'evaluated':<12} {ours.row()} {ours.ratio(theirs)}")
            print(f"{'':<28} {task:<6} {'transcribed':<12} {theirs.row()}")


def command(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `ttt-check ARGS` in a fresh process (its children's CPU time included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run([*TTT_CHECK, *args], capture_output=True, text=True, cwd=ROOT, env=COMMAND_ENVIRONMENT)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 12):
        raise RuntimeError(f"ttt-check {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def commands(repeat: int) -> None:
    from checker.quint.frontend import FrontEndError, find_quint

    try:
        find_quint(None, ROOT)
    except FrontEndError as error:
        print(f"\nwhole commands skipped: {error}".splitlines()[0])
        return
    print("\nlecture specs, the whole command (seconds, start-up included; ratio as above)")
    print(f"{'command':<60} {HEADER} {'CPU ratio':>15} {'wall ratio':>10}")
    names = {file: name for file, name, _ in LECTURE}
    for file, task, args in COMMANDS:
        qnt = ["--spec", f"specs/{file}.qnt", *args] if not args else [*args, "--spec", f"specs/{file}.qnt"]
        hand = ["--spec", names[file]] if not args else [*args, "--spec", names[file]]
        command(qnt)  # Quint compiles the file into the cache (and Python the modules)
        command(hand)
        ours, theirs = Times(), Times()
        for _ in range(repeat):  # taking turns, so that a busy machine slows both alike
            ours.add(*command(qnt))
            theirs.add(*command(hand))
        print(f"{'ttt-check ' + ' '.join(qnt):<60} {ours.row()} {ours.ratio(theirs)}")
        print(f"{'ttt-check ' + ' '.join(hand):<60} {theirs.row()}")


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
    print("\nprotocol specs, checked in a fresh process (seconds; generated successors per second of wall and CPU time)")
    print(f"{'spec':<36} {'states':>8} {'generated':>10} {HEADER} {'per wall s':>10} {'per CPU s':>10} "
          f"{'peak MB':>8} {'bytes/state':>11}")  # fmt: skip
    for path in PROTOCOLS:
        runs, times = [], Times()
        for _ in range(repeat):
            done = subprocess.run(
                [sys.executable, __file__, "--child", str(path)], capture_output=True, text=True, cwd=ROOT
            )
            if done.returncode != 0:
                print(f"{path.relative_to(ROOT)}: {done.stderr.strip().splitlines()[-1]}")
                return
            runs.append(json.loads(done.stdout))
            times.add(runs[-1]["seconds"], runs[-1]["cpu"])
        generated = runs[0]["generated"]
        per_state = min(r["growth_kb"] for r in runs) * 1024 / runs[0]["states"]
        print(
            f"{str(path.relative_to(ROOT)):<36} {runs[0]['states']:>8,} {generated:>10,} {times.row()} "
            f"{generated / min(times.wall):>10,.0f} {generated / min(times.cpu):>10,.0f} "
            f"{max(r['peak_kb'] for r in runs) / 1024:>8.0f} {per_state:>11,.0f}"
        )


def startup(repeat: int) -> None:
    from checker.quint.frontend import FrontEndError, compile_spec
    from checker.quint.spec_model import QuintSpec, load

    print(f"\n{'start-up (seconds)':<60} {HEADER}")
    for path in [ROOT / "specs" / "tictactoe.qnt", *PROTOCOLS]:
        try:
            first = timed(lambda: None, lambda _: compile_spec(path, cache=False), repeat)
        except FrontEndError as error:
            print(f"skipped: {error}".splitlines()[0])
            return
        compile_spec(path)  # into the cache
        cached = timed(lambda: None, lambda _: load(str(path)), repeat)
        ir = compile_spec(path)
        python = timed(lambda: None, lambda _: QuintSpec(ir, str(path), path.read_text()), repeat)
        name = path.relative_to(ROOT)
        print(f"{str(name) + ': quint compile (no cache)':<60} {first.row()}")
        print(f"{str(name) + ': cached IR, read and compiled to Python':<60} {cached.row()}")
        print(f"{str(name) + ':   of which IR -> Python':<60} {python.row()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=["lecture", "commands", "protocols", "startup"])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return protocol_child(options.child)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # the start-up's cache starts empty, and nothing is left behind
        for part in ("lecture", "commands", "protocols", "startup"):
            if options.only in (None, part):
                globals()[part](options.repeat)


if __name__ == "__main__":
    main()
