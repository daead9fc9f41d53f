"""`ttt-check`: the generic command line, offered the tic-tac-toe specs."""

import click

from checker.cli import Specs, make_cli, run_cli
from model.strategy import StrategyTicTacToe
from model.tictactoe import TicTacToe

SPECS = Specs(
    {"strategy": StrategyTicTacToe, "random": TicTacToe},
    default="strategy",
    options=[
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
