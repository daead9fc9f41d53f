"""Benchmark `ttt-check solve`: exploring and solving by retrograde analysis, and the whole command.

    python benchmarks/solve.py [--repeat N]

For each pairing, times the exploration of the state graph and its retrograde
analysis separately (best and median of N runs), and the count of complete
games. Then times the whole `ttt-check solve` command in a subprocess,
interpreter start-up included.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.explore.bfs import explore  # noqa: E402
from checker.games.retrograde import solve  # noqa: E402
from model.players.kinds import KINDS, build  # noqa: E402
from model.spec.strategy import StrategyTicTacToe  # noqa: E402
from model.spec.tictactoe import TicTacToe  # noqa: E402

PAIRINGS = {
    "random (any vs any)": lambda: TicTacToe(),
    "strategy (strategy vs any)": lambda: StrategyTicTacToe(),
    "random --x minimax --o any": lambda: build(TicTacToe, KINDS["minimax"], KINDS["any"]),
}
COMMANDS = [["solve", "--spec", "random"], ["solve"]]


def timed(run, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"{'pairing':<30} {'states':>7} {'explore best/median':>22} {'solve best/median':>20} {'games':>12}")
    for name, make in PAIRINGS.items():
        model = make()
        model.next_steps(next(iter(model.init_states())))  # warm the values the players look up
        e_best, e_median, result = timed(lambda: explore(model, check_deadlock=False, keep_graph=True), repeat)
        s_best, s_median, solution = timed(lambda: solve(model, result.graph), repeat)
        g_best, _, games = timed(lambda: solution.games(result.initial), 1)
        print(
            f"{name:<30} {len(result.graph):>7,} {e_best:>9.3f} / {e_median:.3f} s {s_best:>8.3f} / {s_median:.3f} s"
            f" {sum(games.values()):>12,}  (counting games {g_best:.3f} s)"
        )
    script = Path(sys.executable).with_name("ttt-check")
    for args in COMMANDS:
        best, median, _ = timed(lambda: subprocess.run([str(script), *args], capture_output=True, check=True), repeat)
        print(f"ttt-check {' '.join(args):<28} best {best:.2f} s, median {median:.2f} s (whole command)")


if __name__ == "__main__":
    main()
