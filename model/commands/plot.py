"""The learning-curve picture of `ttt-check learn --plot` (matplotlib, an optional extra)."""

from __future__ import annotations

import io
from typing import Mapping, Sequence

import click

from model.players.learning import Settings
from checker.files import write_atomically
from model.spec.state import O, X
from model.players.verification import OPPONENTS, Checkpoint, never_loses_from

COLOURS = {"won": "#4caf50", "drawn": "#b0bec5", "lost": "#e53935"}


def require_matplotlib() -> None:
    """Fail in one line, before any training, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError("--plot needs matplotlib: pip install 'ttt-check[plot]'") from None


def draw(path: str, settings: Settings, runs: Mapping[str, Sequence[Checkpoint]]) -> None:
    """One row per run, one column per learned side: the shares of games won, drawn and lost
    against a random player, and above them the exhaustive checks (green: never loses)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import StrMethodFormatter

    figure, axes = plt.subplots(len(runs), 2, figsize=(11, 3.6 * len(runs)), sharex=True, squeeze=False)
    for row, (title, points) in enumerate(runs.items()):
        epochs = [p.epoch for p in points]
        for column, side in enumerate((X, O)):
            ax = axes[row][column]
            shares = [[p.shares[side][i] for p in points] for i in range(3)]
            ax.stackplot(epochs, *shares, colors=list(COLOURS.values()), labels=list(COLOURS), step="post")
            for level, opponent in enumerate(OPPONENTS):
                y = 1.06 + 0.08 * level
                never = [p.lost_in[side, opponent] is None for p in points]
                ax.scatter(epochs, [y] * len(points), c=[COLOURS["won" if ok else "lost"] for ok in never],
                           marker="s", s=12, clip_on=False)
                ax.text(epochs[0], y, f"vs {opponent}  ", ha="right", va="center", fontsize=8)
                first = never_loses_from(points, side, opponent)
                if first is not None and opponent == "any":
                    ax.axvline(first, color="black", linestyle="--", linewidth=1)
                    right = first > (epochs[0] + epochs[-1]) / 2
                    ax.text(first, 0.03, f" never loses from {first:,} ", fontsize=8, va="bottom",
                            ha="right" if right else "left")
            rival = "O" if side == X else "X"
            ax.set_title(f"learned {side} vs random {rival}, {title}", fontsize=10, pad=28)
            ax.set_ylim(0, 1)
            ax.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
            ax.set_ylabel("share of games")
            if row == len(runs) - 1:
                ax.set_xlabel("epoch (games of self-play)")
    axes[0][0].legend(loc="center left", fontsize=8)
    figure.suptitle(
        f"TD(0) self-play, alpha {settings.alpha}, epsilon {settings.epsilon}, seed {settings.seed}: shares against a "
        "uniformly random player (exact);\nsquares above: exhaustive checks against 'any' and 'perfect' opponents "
        "(green: never loses, red: can lose)",
        fontsize=9,
    )
    figure.tight_layout()
    picture = io.BytesIO()
    figure.savefig(picture, format="png", dpi=110)
    plt.close(figure)
    write_atomically(path, lambda out: out.buffer.write(picture.getvalue()))  # bytes, under the text layer
