"""The learning-curve picture of `ttt-check learn --plot` (matplotlib, an optional extra).

For each run and learned side, two panels over the same epochs: above, the shares
of games won, drawn and lost against a random player (0 to 1), topped by the
exhaustive checks; below, the lost share alone on an axis scaled to it, as a few
percent would be a hairline on the shares' axis. The epochs run on a square-root
scale from epoch 0 (the untrained values), so that the first thousand games,
where most is learned, take a readable part of the width.
"""

from __future__ import annotations

import io
from typing import Mapping, Sequence

import click
import numpy as np

from checker.files import write_atomically
from model.players.learning import Settings
from model.players.verification import OPPONENTS, Checkpoint, never_loses_from
from model.spec.state import O, X

COLOURS = {"won": "#4caf50", "drawn": "#b0bec5", "lost": "#e53935"}
#: the least top of the lost share's axis: a run that never loses still gets a readable axis
LEAST_LOSS_TOP = 0.01


def require_matplotlib() -> None:
    """Fail in one line, before any training, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError("--plot needs matplotlib: pip install 'ttt-check[plot]'") from None


def early_epochs(every: int, count: int = 5) -> list[int]:
    """The epochs checked before the first of every `every`, for the plot only: 0 (the untrained values),
    then `count - 1` more below `every`, evenly spaced on the plot's square-root scale."""
    return sorted({round(every * (i / count) ** 2) for i in range(count)} - {every})


def epoch_ticks(last: int) -> list[int]:
    """Round epochs from 0 to `last` spread evenly on the square-root scale (about six of them)."""
    roots = np.linspace(0, np.sqrt(last), 7)[1:]
    ticks = {0}
    for root in roots:
        epoch = root * root
        magnitude = 10 ** int(np.floor(np.log10(epoch))) if epoch >= 1 else 1
        ticks.add(int(min((m * magnitude for m in (1, 2, 5, 10)), key=lambda t: abs(t - epoch))))
    return sorted(t for t in ticks if t <= last)


def loss_top(lost: Sequence[float]) -> float:
    """The top of the lost share's axis: a fifth above the largest share, and at least 1%."""
    return max(LEAST_LOSS_TOP, 1.2 * max(lost, default=0.0))


def figure(settings: Settings, runs: Mapping[str, tuple[Sequence[Checkpoint], Sequence[Checkpoint]]]):
    """The figure of `draw`, not yet saved (its axes can be inspected): for each run, its title ->
    (the early checkpoints, drawn only, and the checkpoints every --verify-every epochs)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FixedLocator, PercentFormatter, StrMethodFormatter

    picture = plt.figure(figsize=(11, 5.2 * len(runs)), layout="constrained")
    last = max(p.epoch for early, points in runs.values() for p in [*early, *points])
    first_axes = None
    subfigures = picture.subfigures(len(runs), 1, squeeze=False)[:, 0]
    for row, (subfigure, (title, (early, regular))) in enumerate(zip(subfigures, runs.items())):
        axes = subfigure.subplots(2, 2, sharex=True, height_ratios=[3, 1.3])
        points = sorted([*early, *regular], key=lambda p: p.epoch)
        epochs = [p.epoch for p in points]
        for column, side in enumerate((X, O)):
            ax, below = axes[0][column], axes[1][column]
            first_axes = first_axes or ax
            shares = [[p.shares[side][i] for p in points] for i in range(3)]
            ax.stackplot(epochs, *shares, colors=list(COLOURS.values()), labels=list(COLOURS), step="post")
            lost = shares[2]
            below.fill_between(epochs, lost, step="post", color=COLOURS["lost"], linewidth=0)
            below.set_ylim(0, loss_top(lost))
            below.yaxis.set_major_formatter(PercentFormatter(1.0))
            below.set_ylabel("lost", fontsize=9)
            for level, opponent in enumerate(OPPONENTS):
                y = 1.04 + 0.07 * level
                never = [p.lost_in[side, opponent] is None for p in points]
                ax.scatter(epochs, [y] * len(points), c=[COLOURS["won" if ok else "lost"] for ok in never],
                           marker="s", s=10, clip_on=False)
                ax.text(0, y, f"vs {opponent}  ", ha="right", va="center", fontsize=8)
                # from the regular checks, as the summary printed by `learn` says it
                first = never_loses_from(regular, side, opponent)
                if first is not None and opponent == "any":
                    for axis in (ax, below):
                        axis.axvline(first, color="black", linestyle="--", linewidth=1)
                    right = np.sqrt(first) > np.sqrt(last) / 2
                    ax.text(first, 0.03, f" never loses from {first:,} ", fontsize=8, va="bottom",
                            ha="right" if right else "left")
            rival = "O" if side == X else "X"
            ax.set_title(f"learned {side} vs random {rival}, {title}", fontsize=10, pad=30)
            ax.set_ylim(0, 1)
            ax.set_ylabel("share of games")
            below.set_xscale("function", functions=(lambda x: np.sqrt(np.maximum(x, 0)), np.square))
            below.set_xlim(0, last)
            below.xaxis.set_major_locator(FixedLocator(epoch_ticks(last)))
            below.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
            if row == len(runs) - 1:
                below.set_xlabel("epoch (games of self-play), on a square-root scale")
    first_axes.legend(loc="center left", fontsize=8)
    picture.suptitle(
        f"TD(0) self-play, alpha {settings.alpha}, epsilon {settings.epsilon}, seed {settings.seed}: shares against a "
        "uniformly random player (exact), the lost share\nbelow on its own scale; squares above: exhaustive checks "
        "against 'any' and 'perfect' opponents (green: never loses, red: can lose)",
        fontsize=9,
    )
    return picture


def draw(path: str, settings: Settings, runs: Mapping[str, tuple[Sequence[Checkpoint], Sequence[Checkpoint]]]) -> None:
    """Draw `figure(settings, runs)` to the PNG file `path`, written atomically."""
    import matplotlib.pyplot as plt

    picture = figure(settings, runs)
    data = io.BytesIO()
    picture.savefig(data, format="png", dpi=110)
    plt.close(picture)
    write_atomically(path, lambda out: out.buffer.write(data.getvalue()))  # bytes, under the text layer
