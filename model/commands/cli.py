"""`ttt-check`: the generic command line, offered the tic-tac-toe specs."""

from functools import partial
from importlib import resources
from pathlib import Path
from typing import Mapping

import click

from checker.cli.app import add_command, make_cli
from checker.cli.common import Specs, Transcribed
from checker.cli.compare import compare_command
from checker.model import Model
from model.commands.learn import learn_command
from model.commands.play import play_command
from model.players.kinds import KINDS, LEARNED, SpecMatch, build, player_kind
from model.players.keeps_value import ValuedStrategy
from model.spec.shape import comparable, game_of
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

#: the lecture's specs as installed with the tool (`model/spec/lecture` is the project's `specs/`)
LECTURE = Path(str(resources.files("model.spec").joinpath("lecture")))


def transcribed(spec: type[TicTacToe]) -> Transcribed:
    """The file `spec` transcribes, with `specs/manifest.json`, which records its SHA-256."""
    return Transcribed(spec.source, LECTURE / "manifest.json", LECTURE / Path(spec.source).name)


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


def policies_read(params: Mapping[str, object]) -> list[tuple[str, str]]:
    """(option, file) for each player given as `learned:POLICY.json`: the policy files a command reads."""
    kinds = {side: params.get(side) for side in ("x", "o")}
    return [(f"--{side}", kind.kind[len(LEARNED) :]) for side, kind in kinds.items()
            if kind is not None and kind.kind.startswith(LEARNED)]


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


def player_option(side: str) -> click.Option:
    kinds = ", ".join([kind for kind, player in KINDS.items() if side in player.sides] + [f"{LEARNED}POLICY.json"])
    return click.Option(
        [f"--{side.lower()}"],
        type=PlayerKind(),
        help=f"{side}'s player: {kinds} (default: the spec's).",
    )


SPECS = Specs(
    {"strategy": partial(build, ValuedStrategy), "random": partial(build, TicTacToe)},
    default="strategy",
    sources={"strategy": transcribed(StrategyTicTacToe), "random": transcribed(TicTacToe)},
    evaluated=evaluated,
    reads=policies_read,
    summary="Model-check the lecture's tic-tac-toe spec, in Quint or TLA+, exhaustively.",
    examples={
        "check": (
            "  ttt-check                                 check the spec's inv (OHasNotWon)\n"
            "  ttt-check -i NotStalemate                 a shortest game ending in a draw\n"
            "  ttt-check --spec random -i OHasNotWon     both players move anywhere\n"
            "  ttt-check -t XMustEventuallyWin           a game X does not win\n"
            "  ttt-check --spec my.qnt -i OHasNotWon     any .qnt file (needs Quint)\n"
            "  ttt-check --spec specs/tictactoe.tla      the TLA+ spec, under its .cfg\n"
            "  ttt-check --list                          specs and their properties"
        ),
        "run": (
            "  ttt-check run                             10,000 random games\n"
            "  ttt-check run --spec random -i NotStalemate   a random draw\n"
            "  ttt-check run -i NotStalemate --seed 1    the same game, every time"
        ),
        "solve": (
            "  ttt-check solve --spec random             tic-tac-toe is a draw\n"
            "  ttt-check solve                           what O can force; the slips\n"
            "  ttt-check solve --x minimax --o any       a minimax X never loses"
        ),
        "play": (
            "  ttt-check play                            you are O, against the strategy\n"
            "  ttt-check play --human X                  you are X, against perfect O\n"
            "  ttt-check play --moves game.txt --save g.itf.json\n"
            "  ttt-check play --spec my.qnt              X plays the file's MoveX"
        ),
        "explore": (
            "  ttt-check explore                         at http://127.0.0.1:8000/\n"
            "  ttt-check explore -i NotStalemate         with a shortest draw to open"
        ),
        "test": (
            "  ttt-check test tests/specs/runs.qnt       its tests, as quint test runs them\n"
            "  ttt-check test my.qnt --match expectTest --seed 7   one test, one sample"
        ),
        "replay": (
            "  quint run --backend=typescript --mbt --out-itf t.json specs/tictactoe.qnt\n"
            "  ttt-check replay t.json                   is Quint's trace one of ours?"
        ),
        "eval": (
            "  ttt-check eval canTakeCenter              at the initial state: true\n"
            "  ttt-check eval 'won(X)' --path 0/1/2      at the explorer's #/0/1/2"
        ),
        "compare": (
            "  ttt-check compare strategy random         a shortest game only one allows\n"
            "  ttt-check compare strategy specs/tictactoe.qnt   the same (needs Quint)"
        ),
        "learn": (
            "  ttt-check learn --symmetry --seed 1 --out policy.json\n"
            "  ttt-check --spec random --o learned:policy.json -i XHasNotWon\n"
            "  ttt-check learn --seed 1 --verify-every 2000 --out p.json --plot c.png"
        ),
    },
    options=[
        click.Option(
            ["--size"],
            type=click.IntRange(3, 10),
            default=3,
            metavar="N",
            help="Board of N x N squares (default 3).",
        ),
        click.Option(
            ["--k", "k"],
            type=click.IntRange(3, 10),
            default=None,
            metavar="K",
            help="Stones in a row to win (default N).",
        ),
        click.Option(
            ["--no-stutter", "stutter"],
            is_flag=True,
            flag_value=False,
            default=True,
            help="Finished games deadlock (no game-over stutter).",
        ),
        player_option("X"),
        player_option("O"),
    ],
)

cli = make_cli(SPECS)
add_command(cli, play_command(SPECS), SPECS)
add_command(cli, learn_command(SPECS), SPECS)
add_command(cli, compare_command(SPECS, comparable), SPECS)
