"""What "the file is the truth" costs: the check of the unchanged spec, of the edited spec, and Quint's REPL.

    .venv/bin/python benchmarks/file_is_truth.py [--repeat N]

Prints (1) the wall time of `ttt-check -i OHasNotWon` with the unchanged
specs/tictactoe.qnt (the transcription; the file's SHA-256 compared with
specs/manifest.json) and with the drop-Block edit (the file evaluated through
its IR, cached after the first run), each in a copy of specs/ in a scratch
folder, best of N; (2) the time of the SHA-256 comparison alone; (3) Quint's
REPL: its first answer (Quint's start-up included) and the mean of the next
answers at other states, as the explorer's expression box and `ttt-check eval`
get them. The Quint parts are skipped when Quint is not installed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checker.quint.frontend import FrontEndError, find_quint  # noqa: E402
from installed import ttt_check  # noqa: E402


def best(command: list[str], folder: Path, env: dict, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, cwd=folder, env=env, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    try:
        quint = str(find_quint(None, ROOT / "specs/tictactoe.qnt"))
    except FrontEndError:
        quint = None
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        shutil.copytree(ROOT / "specs", folder / "specs")
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")} | ({"QUINT": quint} if quint else {})
        command = ttt_check("-i", "OHasNotWon")
        print(f"unchanged file (transcription): {best(command, folder, env, repeat):.2f} s, best of {repeat}")

        from model.commands.cli import SPECS

        source = SPECS.sources["strategy"]
        started = time.perf_counter()
        for _ in range(100):
            source.unchanged(str(folder / "specs/tictactoe.qnt"))
        print(f"  of which the SHA-256 comparison: {(time.perf_counter() - started) * 10:.2f} ms")
        if quint is None:
            print("Quint is not installed: the edited file and the REPL are not measured")
            return
        spec = folder / "specs/tictactoe.qnt"
        spec.write_text(spec.read_text().replace("    if (canBlock) Block else\n", ""))
        first = best(command, folder, env, 1)
        print(f"edited file (evaluated): first run {first:.2f} s (quint compile), "
              f"then {best(command, folder, env, repeat):.2f} s (IR cached), best of {repeat}")

        from checker.quint.repl import Repl
        from checker.quint.spec_model import load

        model = load(str(spec))
        states = [model.init_states()[0]]
        while len(states) < 21:
            steps = list(model.next_steps(states[-1]))
            states.append(steps[len(states) % len(steps)][1])
        repl = Repl(str(spec), "tictactoe")
        try:
            started = time.perf_counter()
            repl.evaluate(model.to_quint(states[0]), "canTakeCenter")
            print(f"Quint's REPL: first answer {time.perf_counter() - started:.2f} s (start-up included)")
            started = time.perf_counter()
            for state in states[1:]:
                repl.evaluate(model.to_quint(state), "won(X)")
            print(f"  then {(time.perf_counter() - started) / (len(states) - 1):.2f} s per answer "
                  f"(mean of {len(states) - 1}, each at another state)")
        finally:
            repl.close()


if __name__ == "__main__":
    main()
