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


def moved_to(grid: Grid, before: State, after: State):
    """The square of the move from `before` to `after`."""
    (coordinate,) = grid.coordinates_of((after.x | after.o) & ~(before.x | before.o))
    return coordinate


def choices_view(grid: Grid, state: State, marks) -> str:
    """The board with a word on the square of each move: `marks` maps each successor state to its word.

    Occupied squares show their player, empty squares without a word a `.`.
    """
    words = {moved_to(grid, state, after): str(word) for after, word in marks.items()}
    n = grid.size
    width = max([1, *map(len, words.values())])
    lines = ["   " + " ".join(str(c).center(width) for c in range(1, n + 1))]
    for row in range(1, n + 1):
        cells = [words.get((row, column)) or square(grid, state, (row, column)) or "." for column in range(1, n + 1)]
        lines.append(f" {row} " + " ".join(cell.center(width) for cell in cells))
    return "\n".join(line.rstrip() for line in lines)
