"""Ways to show a state: Quint's text, and a drawing of the board."""

from __future__ import annotations

from checker.quint.value import pretty
from model.grid import Grid
from model.quint import square, to_quint
from model.state import State


def quint_view(grid: Grid, state: State) -> str:
    """The state as `quint run` prints it."""
    return pretty(to_quint(grid, state))


def board_view(grid: Grid, state: State) -> str:
    """A drawing of the board with Quint's row and column numbers."""
    n = grid.size
    width = len(str(n))
    lines = [" " * (width + 2) + " ".join(str(c).rjust(width) for c in range(1, n + 1))]
    for row in range(1, n + 1):
        marks = [square(grid, state, (row, column)) or "." for column in range(1, n + 1)]
        lines.append(f" {str(row).rjust(width)} " + " ".join(m.rjust(width) for m in marks))
    lines[-1] += f"   nextTurn: {state.nextTurn}"
    return "\n".join(lines)
