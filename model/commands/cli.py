"""`ttt-check`: the generic command line, offered the tic-tac-toe specs."""

import json
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Mapping

import click

from checker.cli.app import add_command, make_cli
from checker.cli.common import Specs, Transcribed
from checker.files import read_bounded
from checker.model import Model
from model.commands.learn import learn_command
from model.commands.play import play_command
from model.players.kinds import KINDS, LEARNED, SpecMatch, build, player_kind
from model.players.keeps_value import ValuedStrategy
from model.spec.shape import game_of
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

#: the lecture's specs as installed with the tool (`model/spec/lecture` is the project's `specs/`)
LECTURE = Path(str(resources.files("model.spec").joinpath("lecture")))


def transcribed(spec: type[TicTacToe]) -> Transcribed:
    """The file `spec` transcribes, with the SHA-256 `specs/manifest.json` records for it."""
    manifest = json.loads(read_bounded(str(LECTURE / "manifest.json"), 1 << 20))
    return Transcribed(spec.source, manifest["sources"][spec.source]["sha256"], LECTURE / Path(spec.source).name)


def evaluated(spec: Model, options: Mapping[str, object]) -> Model:
    """A `.qnt` evaluated as written: of the game's shape, with the board views and the player kinds
    --x/--o; the options of the transcriptions (--size, --k, --no-stutter) do not apply to it."""
    flags = {"size": "--size", "k": "--k", "stutter": "--no-stutter"}
    board = [flag for name, flag in flags.items() if name in options]
    if board:
        raise click.UsageError(
            f"{', '.join(board)} applies to the registered specs' Python transcriptions, not to a .qnt file "
            f"evaluated as written ({spec.source})"
        )
    game = game_of(spec)
    players = {name: options[name] for name in ("x", "o") if name in options}
    if not players:
        return game or spec
    if game is None:
        raise click.UsageError(
            f"{', '.join('--' + name for name in players)}: a player kind needs a spec of the game's shape "
            f"(var board: int -> int -> Square, var nextTurn: Player); {spec.source} has other state"
        )
    try:
        return SpecMatch(game, players.get("x"), players.get("o"))
    except ValueError as error:
        raise click.UsageError(str(error)) from None


class PlayerKind(click.ParamType):
    """A player kind named on the command line (see `model.players.kinds`)."""

    name = "PLAYER"

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            return value
        try:
            return player_kind(value)
        except ValueError as error:
            self.fail(str(error), param, ctx)


def player_option(side: str, default: str) -> click.Option:
    kinds = "; ".join(f"'{kind}' {player.description}" for kind, player in KINDS.items() if side in player.sides)
    kinds += f"; '{LEARNED}POLICY.json' plays the values `ttt-check learn` wrote (a move of highest value)"
    return click.Option(
        [f"--{side.lower()}"],
        type=PlayerKind(),
        help=f"Who plays {side}: {kinds}. Default: the spec's own player ({default}).",
    )


SPECS = Specs(
    {"strategy": partial(build, ValuedStrategy), "random": partial(build, TicTacToe)},
    default="strategy",
    sources={"strategy": transcribed(StrategyTicTacToe), "random": transcribed(TicTacToe)},
    evaluated=evaluated,
    summary="Model-check the Quint tic-tac-toe spec of the lecture, exhaustively.",
    examples={
        "check": (
            "  ttt-check                                check the spec's `inv` (OHasNotWon)\n"
            "  ttt-check --invariant NotStalemate       a shortest game ending in a draw\n"
            "  ttt-check --spec random -i OHasNotWon    both players move anywhere\n"
            "  ttt-check --temporal XMustEventuallyWin  a game X does not win: O forces a stalemate\n"
            "  ttt-check --spec my_tictactoe.qnt -i OHasNotWon      any .qnt file, as written (needs Quint)\n"
            "  ttt-check --list                         specs, invariants, temporal properties"
        ),
        "run": (
            "  ttt-check run                                10,000 games of the strategy spec\n"
            "  ttt-check run --spec random -i NotStalemate  a random game ending in a draw\n"
            "  ttt-check run -i NotStalemate --seed 1       the same game, every time"
        ),
        "solve": (
            "  ttt-check solve --spec random              the value of tic-tac-toe: a draw; 255,168 games\n"
            "  ttt-check solve                            what O can force against the strategy; its slips\n"
            "  ttt-check solve --x minimax --o any        a minimax X never loses"
        ),
        "play": (
            "  ttt-check play                             you are O, against the lecture's strategy\n"
            "  ttt-check play --human X                   you are X, against the perfect player\n"
            "  ttt-check play --moves game.txt --save g.itf.json   play O's moves from a file, keep the game\n"
            "  ttt-check play --spec my_tictactoe.qnt     X plays the file's MoveX: your edited strategy\n"
            "  ttt-check --spec my_tictactoe.qnt --o perfect -i OHasNotWon   does it survive perfect play?"
        ),
        "explore": (
            "  ttt-check explore                        walk the strategy spec at http://127.0.0.1:8000/\n"
            "  ttt-check explore -i NotStalemate        ... with a shortest draw to step through"
        ),
        "replay": (
            "  quint run specs/tictactoe.qnt --mbt --out-itf t.itf.json --backend=typescript\n"
            "  ttt-check replay t.itf.json                  is Quint's trace a behaviour of ours?"
        ),
        "eval": (
            "  ttt-check eval canTakeCenter                     true: at the initial state\n"
            "  ttt-check eval 'won(X)' --path 0/1/2             at the state the explorer's #/0/1/2 shows\n"
            "  ttt-check eval 'canWinWithPattern(Set((1,1),(1,2),(1,3)))' --path 0/0/0/0"
        ),
        "learn": (
            "  ttt-check learn --epochs 20000 --symmetry --seed 1 --out policy.json\n"
            "  ttt-check --spec random --x any --o learned:policy.json -i XHasNotWon   can the learned O lose?\n"
            "  ttt-check learn --epochs 100000 --seed 1 --verify-every 2000 --out p.json --plot curve.png"
        ),
    },
    options=[
        click.Option(
            ["--size"],
            type=click.IntRange(3, 10),
            default=3,
            show_default=True,
            help="Play on a SIZE x SIZE board (3 is the lecture's). The check explores 4x4 exhaustively in "
            "about a second (with the packed engine); from 5x5 on the states are too many to explore them all, "
            "but `run`, `replay` and `play` take any size. The game's values (solve, minimax, perfect, "
            "learned players) are for 3x3.",
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
        ),
        player_option("X", "strategy: the lecture's strategy; random: any"),
        player_option("O", "any"),
    ],
)

cli = make_cli(SPECS)
add_command(cli, play_command(SPECS), SPECS)
add_command(cli, learn_command(SPECS), SPECS)
