"""`ttt-check`: the generic command line, offered the tic-tac-toe specs."""

import click

from checker.cli.app import make_cli, run_cli
from checker.cli.common import Specs
from model.strategy import StrategyTicTacToe
from model.tictactoe import TicTacToe

SPECS = Specs(
    {"strategy": StrategyTicTacToe, "random": TicTacToe},
    default="strategy",
    summary="Model-check the Quint tic-tac-toe spec of the lecture, exhaustively.",
    examples={
        "check": (
            "  ttt-check                                check the spec's `inv` (OHasNotWon)\n"
            "  ttt-check --invariant NotStalemate       a shortest game ending in a draw\n"
            "  ttt-check --spec random -i OHasNotWon    both players move anywhere\n"
            "  ttt-check --temporal XMustEventuallyWin  a game X does not win: O forces a stalemate\n"
            "  ttt-check --list                         specs, invariants, temporal properties"
        ),
        "run": (
            "  ttt-check run                                10,000 games of the strategy spec\n"
            "  ttt-check run --spec random -i NotStalemate  a random game ending in a draw\n"
            "  ttt-check run -i NotStalemate --seed 1       the same game, every time"
        ),
        "replay": (
            "  quint run specs/tictactoe.qnt --mbt --out-itf t.itf.json --backend=typescript\n"
            "  ttt-check replay t.itf.json                  is Quint's trace a behaviour of ours?"
        ),
    },
    options=[
        click.Option(
            ["--size"],
            type=click.IntRange(3, 10),
            default=3,
            show_default=True,
            help="Play on a SIZE x SIZE board (3 is the lecture's). 4x4 is checked exhaustively in "
            "seconds (with the packed engine); from 5x5 on the states are too many to check them all "
            "(stop with --max-states), but `run` and `replay` take any size.",
        ),
        click.Option(
            ["--k", "k"],
            type=click.IntRange(3, 10),
            default=None,
            metavar="K",
            help="Stones in a row that win, 3 <= K <= SIZE (default: SIZE, a whole row).",
        ),
        click.Option(
            ["--no-stutter", "stutter"],
            is_flag=True,
            flag_value=False,
            default=True,
            help="Drop step's third disjunct ('if the game is over, nothing changes'), "
            "as earlier versions of the Quint example did: finished games then deadlock.",
        )
    ],
)

cli = make_cli(SPECS)


def main() -> None:
    run_cli(cli)
