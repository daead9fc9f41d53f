"""Benchmark the front end of `ttt-check --spec FILE.qnt`: compiling with Quint, and reading the cache.

    python benchmarks/quint_frontend.py [--repeat N] [SPEC.qnt ...]

For each spec (default: the lecture's spec and tests/specs/clocks.qnt, which
instantiates a module twice), prints the median wall time of:

  front end   ttt-check's own compile (Quint's modules in one node process:
              parse, typecheck, flatten, source map), no cache
  quint CLI   what the same would cost with the quint command line: `quint
              compile --target json` (stdout to a file) then `quint parse
              --source-map`, one after the other
  cached      reading the IR back from the cache (what every later run pays)

and the size of the cache entry. Quint comes from $QUINT, .quint/ or PATH.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checker.quint.frontend import compile_spec, find_quint  # noqa: E402

SPECS = ["specs/tictactoe.qnt", "tests/specs/clocks.qnt"]


def median_time(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def quint_cli(quint: Path, spec: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        with open(Path(folder) / "ir.json", "w") as out:
            subprocess.run([str(quint), "compile", "--target", "json", str(spec)], stdout=out, check=True)
        sourcemap = ["--out", f"{folder}/parsed.json", "--source-map", f"{folder}/map.json"]
        subprocess.run([str(quint), "parse", str(spec), *sourcemap], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", default=SPECS)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    os.chdir(ROOT)
    quint = find_quint()
    print(f"{'spec':28} {'front end':>10} {'quint CLI':>10} {'cached':>10} {'entry':>10}")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        for name in args.specs:
            spec = Path(name)
            fresh = median_time(lambda: compile_spec(spec, cache=False), args.repeat)
            cli = median_time(lambda: quint_cli(quint, spec), args.repeat)
            compile_spec(spec)
            cached = median_time(lambda: compile_spec(spec), max(args.repeat, 20))
            size = sum(path.stat().st_size for path in Path(cache).rglob("*.json"))
            print(f"{name:28} {fresh:9.2f}s {cli:9.2f}s {cached * 1000:8.1f}ms {size / 1024:8.0f}KiB")
            for path in Path(cache).rglob("*.json"):
                path.unlink()


if __name__ == "__main__":
    main()
