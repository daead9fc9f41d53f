"""Ways to show a state: Quint's text, and a drawing of the board (as text and as HTML)."""

from __future__ import annotations

from html import escape

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
