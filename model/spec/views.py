"""Ways to show a state: Quint's text, and a drawing of the board (as text and as HTML)."""

from __future__ import annotations

from html import escape

from checker.quint.value import pretty
from model.spec.grid import Grid
from model.spec.quint import square, to_quint
from model.spec.state import State


def quint_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """The state as `quint run` prints it."""
    return pretty(to_quint(grid, state))


def board_view(grid: Grid, state: State, previous: State | None = None, letters: bool = False) -> str:
    """A drawing of the board with Quint's row and column numbers (rows as letters A, B, ... with `letters`,
    as moves are typed in `ttt-check play`).

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
        name = chr(ord("A") + row - 1) if letters else str(row)
        lines.append(f" {name.rjust(width)} {''.join(cells)}".rstrip())
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


def board_html(grid: Grid, state: State) -> str:
    """The board as an HTML table (class `board`, a cell's class is its player), for the explorer."""
    n = grid.size
    rows = []
    for row in range(1, n + 1):
        cells = []
        for column in range(1, n + 1):
            player = square(grid, state, (row, column))
            title = f"({row},{column})"
            cells.append(f'<td class="{player or "empty"}" title="{title}">{player or ""}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    turn = escape(state.nextTurn)
    return f'<table class="board"><caption>nextTurn: {turn}</caption>{"".join(rows)}</table>'
