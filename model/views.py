"""Ways to show a state: Quint's text, and a drawing of the board."""

from __future__ import annotations

from checker.quint.value import pretty
from model.grid import Grid
from model.quint import square, to_quint
from model.state import State


def quint_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """The state as `quint run` prints it."""
    return pretty(to_quint(grid, state))


def board_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """A drawing of the board with Quint's row and column numbers.

    The squares the step from `previous` filled are drawn `[X]`, and the
    squares of a completed winning line `*X*`.
    """
    n = grid.size
    width = len(str(n))
    changed = (state.x | state.o) & ~(previous.x | previous.o) if previous is not None else 0
    winning = winning_squares(grid, state)
    head = " " * (width + 2) + "".join(f" {str(c).rjust(width)} "[-(width + 2) :] for c in range(1, n + 1))
    legend = [("[ ] last move", changed), ("* * winning line", winning)]
    shown = "  ".join(text for text, present in legend if present)
    lines = [head.rstrip() + (f"     {shown}" if shown else "")]
    for row in range(1, n + 1):
        cells = []
        for column in range(1, n + 1):
            mark = (square(grid, state, (row, column)) or ".").rjust(width)
            bit = grid.bit[(row, column)]
            left, right = "[]" if changed & bit else "**" if winning & bit else "  "
            cells.append(f"{left}{mark}{right}")
        lines.append(f" {str(row).rjust(width)} {''.join(cells)}".rstrip())
    lines[-1] += f"    nextTurn: {state.nextTurn}"
    return "\n".join(lines)


def winning_squares(grid: Grid, state: State) -> int:
    """The mask of every winning pattern a player has completed."""
    found = 0
    for pattern in grid.winningPatterns:
        for squares in (state.x, state.o):
            if squares & pattern.mask == pattern.mask:
                found |= pattern.mask
    return found
