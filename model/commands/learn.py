"""`ttt-check learn`: train X and O by self-play, write the policy, and check what was learned."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from random import SystemRandom
from typing import Callable

import click

from checker.cli.common import EXIT_FILE, FiniteRange, Specs, output_file, refuse_same_file, report_error
from checker.cli.run import Progress, parse_seed
from checker.files import WriteError
from model.players.learning import Learner, Settings, train
from model.players.policy import save_policy
from model.spec.state import O, X
from model.players.verification import OPPONENTS, Checkpoint, check, never_loses_from
from model.spec.shape import SpecGame


@dataclass
class Run:
    """One training run and its checkpoints."""

    learner: Learner
    points: list[Checkpoint]
    #: training games won by X, won by O, drawn (None)
    results: dict
    #: for the plot only, the checkpoints before the first of `points` (epoch 0 and a few more)
    early: list[Checkpoint]


def train_and_check(settings: Settings, every: int | None, plot: bool = False, game: SpecGame | None = None) -> Run:
    """Train, checking the policy every `every` epochs (and after the last one), in `game` (see
    `model.players.verification.loses`); for a plot, also at the early epochs of `plot.early_epochs`,
    with each side's shares against a random player."""
    progress = Progress(settings.epochs, label="Learning")
    results = {X: 0, O: 0, None: 0}
    points: list[Checkpoint] = []
    early_at: set[int] = set()
    if plot and every:
        from model.commands.plot import early_epochs  # numpy, only for a plot

        early_at = set(early_epochs(every))
    early = [check(Learner(settings).policy(), 0, True, game)] if 0 in early_at else []  # the untrained values

    def after_game(learner: Learner, won: str | None) -> None:
        results[won] += 1
        epoch = learner.epochs
        if every and (epoch % every == 0 or epoch == settings.epochs):
            points.append(check(learner.policy(), epoch, plot, game))
        elif epoch in early_at:
            early.append(check(learner.policy(), epoch, True, game))
        if epoch % 256 == 0 or epoch == settings.epochs:
            progress(epoch)

    try:
        learner = train(settings, after_game)
    finally:
        progress.close()
    return Run(learner, points, results, early)


def write_or_exit(write: Callable[[], None]) -> None:
    """Run `write()`; a file it cannot write is one line on stderr and exit code 74."""
    try:
        write()
    except WriteError as error:
        report_error(str(error))
        raise click.exceptions.Exit(EXIT_FILE)


def describe(settings: Settings) -> str:
    sharing = "symmetric boards share a value" if settings.symmetry else "every board has its own value"
    return (
        f"{settings.epochs:,} games of self-play, TD(0) with alpha {settings.alpha} and epsilon {settings.epsilon}, "
        f"{sharing}, seed 0x{settings.seed:x}"
    )


def summary(run: Run) -> str:
    """The training games' results and, when checked, from which epoch each side never loses."""
    games = run.learner.epochs
    won_x, won_o, drawn = (100 * run.results[k] / games for k in (X, O, None))
    lines = [f"Training games: X won {won_x:.1f}%, O won {won_o:.1f}%, drawn {drawn:.1f}% (exploring moves included)"]
    if run.points:
        last = run.points[-1]
        for side in (X, O):
            for opponent in OPPONENTS:
                who = f"  learned {side} vs {opponent} {'O' if side == X else 'X'}:".ljust(28)
                first = never_loses_from(run.points, side, opponent)
                passed = sum(point.lost_in[side, opponent] is None for point in run.points)
                tally = f"{passed} of {len(run.points)} checks passed"
                if first is not None:
                    lines.append(f"{who}never loses from epoch {first:,} on ({tally})")
                else:
                    lost = last.lost_in[side, opponent]
                    lines.append(
                        f"{who}still loses at epoch {last.epoch:,}: a shortest lost game has {lost} moves ({tally})"
                    )
    return "\n".join(lines)


def learn_command(specs: Specs) -> click.Command:
    """The `learn` subcommand: its checks are in the game of spec 'random' of `specs` (its file as written
    when it changed since its transcription)."""

    @click.command(name="learn")
    @click.option("--epochs", type=click.IntRange(1, 10**9), default=20000, metavar="N",
                  help="Games of self-play (default 20,000).")
    @click.option(
        "--symmetry",
        is_flag=True,
        help="Symmetric boards share one value.",
    )
    @click.option(
        "--seed", metavar="SEED", help="Seed, decimal or 0x-hex (default: a fresh one)."
    )
    @click.option(
        "--alpha", type=FiniteRange(0, 1, min_open=True), default=0.1, metavar="A", help="Step size (default 0.1)."
    )
    @click.option(
        "--epsilon", type=FiniteRange(0, 1), default=0.1, metavar="E",
        help="Chance of an exploring move (default 0.1).",
    )
    @click.option(
        "--out", metavar="POLICY.json", required=True, type=click.Path(dir_okay=False, writable=True),
        callback=output_file,
        help="Where to write the learned values (JSON).",
    )
    @click.option(
        "--verify-every", "every", metavar="K", type=click.IntRange(1, 10**9),
        help="Check every K epochs whether a learned side can lose.",
    )
    @click.option(
        "--plot", metavar="CURVE.png", type=click.Path(dir_okay=False, writable=True), callback=output_file,
        help="Draw the learning curves (needs matplotlib).",
    )
    @click.pass_context
    def learn(ctx, epochs, symmetry, seed, alpha, epsilon, out, every, plot):
        """Learn to play by self-play, then check what was learned.

        Exit codes: 0 trained (whatever the checks found), 2 bad usage, 74 a file
        could not be written.
        """
        refuse_same_file(ctx, ["out", "plot"])
        if plot:
            from model.commands.plot import require_matplotlib

            require_matplotlib()
        start = parse_seed(seed)
        if start is None:
            start = SystemRandom().getrandbits(53)
        if plot and not every:
            every = max(1, epochs // 50)
        # the checks play in the random spec: its file as written, when it changed (said in one line)
        spec = specs.build({"spec": "random", **specs.defaults()}) if every else None
        game = spec if isinstance(spec, SpecGame) else None
        settings = Settings(epochs, start, symmetry, alpha, epsilon)
        click.echo(f"Learning: {describe(settings)}")
        run = train_and_check(settings, every, bool(plot), game)
        policy = run.learner.policy()
        write_or_exit(lambda: save_policy(policy, out))
        classes = " (one per symmetry class)" if symmetry else ""
        click.echo(f"Wrote {out}: the values of {len(policy.values[X]):,} boards{classes} for X and for O")
        if every:
            click.echo(
                f"Checked every {every:,} epochs: the learned side's best moves (every tie) "
                "against every move its opponent may make"
            )
        click.echo(summary(run))
        if plot:
            flipped = Settings(epochs, start, not symmetry, alpha, epsilon)
            click.echo(f"\nFor the plot, the same with --symmetry {'off' if symmetry else 'on'}: {describe(flipped)}")
            other = train_and_check(flipped, every, True, game)
            click.echo(summary(other))
            by_symmetry = {symmetry: (run.early, run.points), not symmetry: (other.early, other.points)}
            curves = {"with symmetry": by_symmetry[True], "without symmetry": by_symmetry[False]}
            from model.commands.plot import draw

            write_or_exit(lambda: draw(plot, settings, curves))
            click.echo(f"Wrote {plot}")
        click.echo(next_steps(out))

    return learn


def next_steps(out: str) -> str:
    """The commands that play against the policy written to `out` and check it, ready to paste."""
    learned = shlex.quote(f"learned:{out}")
    return (
        "\nPlay against it (you move; the learned player answers):\n"
        f"  ttt-check play --spec random --human X --o {learned}\n"
        f"  ttt-check play --spec random --x {learned}\n"
        "Check whether it can lose, against every move of any opponent:\n"
        f"  ttt-check --spec random --o {learned} -i XHasNotWon\n"
        f"  ttt-check --spec random --x {learned} -i OHasNotWon"
    )
