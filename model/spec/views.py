"""Ways to show a state: Quint's text, and a drawing of the board (as text and as HTML).

Squares have two names: Quint's `(row, column)`, the spec's notation, and a
row letter with a column number, `B3`, as moves are typed in `ttt-check
play`. Drawings number or letter the rows, and wherever a drawing marks a
square it names it both ways: `(2,3) = B3`.
"""

from __future__ import annotations

from html import escape
from itertools import zip_longest

from checker.quint.value import pretty
from model.spec.grid import Coordinate, Grid
from model.spec.quint import square, to_quint
from model.spec.state import State

#: the widest line of `--view all`: a drawing and Quint's record (80 columns at most) side by side
PAGE_WIDTH = 100


def row_letter(row: int) -> str:
    """`B` for row 2."""
    return chr(ord("A") + row - 1)


def square_name(coordinate: Coordinate) -> str:
    """`B3` for Quint's `(2,3)`: the row as a letter, as `ttt-check play` names squares."""
    row, column = coordinate
    return f"{row_letter(row)}{column}"


def quint_name(coordinate: Coordinate) -> str:
    """`(2,3)`, as Quint writes a coordinate."""
    return "({},{})".format(*coordinate)


def both_names(coordinate: Coordinate, letters: bool = False) -> str:
    """`(2,3) = B3`, or `B3 = (2,3)` where letters name the rows (`letters`)."""
    names = quint_name(coordinate), square_name(coordinate)
    return " = ".join(names[::-1] if letters else names)


def row_names(grid: Grid) -> str:
    """`rows 1-3 = A-C in play`: how the row numbers of a drawing read as `play`'s letters."""
    return f"rows 1-{grid.size} = A-{row_letter(grid.size)} in play"


def quint_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """The state as `quint run` prints it."""
    return pretty(to_quint(grid, state))


def board_view(grid: Grid, state: State, previous: State | None = None, letters: bool = False) -> str:
    """A drawing of the board, columns numbered and rows numbered as Quint's `(row, column)` (lettered
    A, B, ... with `letters`, as moves are typed in `ttt-check play`); under it, whose turn it is.

    The squares the step from `previous` filled are drawn `[X]` and named in both notations under the
    board (`[X] (2,3) = B3`); the squares of a completed winning line are drawn `*X*`.
    """
    n = grid.size
    width = len(str(n))
    changed = (state.x | state.o) & ~(previous.x | previous.o) if previous is not None else 0
    winning = winning_squares(grid, state)
    head = " " * (width + 2) + "".join(f" {str(c).rjust(width)} "[-(width + 2) :] for c in range(1, n + 1))
    lines = [head.rstrip()]
    for row in range(1, n + 1):
        cells = []
        for column in range(1, n + 1):
            mark = (square(grid, state, (row, column)) or ".").rjust(width)
            bit = grid.bit[(row, column)]
            left, right = "[]" if changed & bit else "**" if winning & bit else "  "
            cells.append(f"{left}{mark}{right}")
        name = row_letter(row) if letters else str(row)
        lines.append(f" {name.rjust(width)} {''.join(cells)}".rstrip())
    lines.append(f" nextTurn: {state.nextTurn}")
    for moved in grid.coordinates_of(changed):
        lines.append(f" [{square(grid, state, moved)}] {both_names(moved, letters)}")
    if winning:
        winners = sorted({square(grid, state, c) for c in grid.coordinates_of(winning)})
        lines.append(" " + " ".join(f"*{winner}*" for winner in winners) + " winning line")
    return "\n".join(lines)


def board_width(grid: Grid, letters: bool = False) -> int:
    """The widest line `board_view` draws for `grid`: the same for every state, so that
    what stands beside the drawings of a trace keeps its column."""
    width = len(str(grid.size))
    rows = 2 + width + grid.size * (width + 2)
    return max(rows, len(f" [X] {both_names((grid.size, grid.size), letters)}"), len(" *X* winning line"))


def side_by_side(*columns: str, width: int = PAGE_WIDTH, gap: int = 2, least: int = 0) -> str:
    """Texts as columns beside each other, top-aligned, when they fit in `width`; else one under the other.

    Every column but the last is `least` characters wide at least. Each text keeps its
    lines as they are (a column is padded on its right only), so that the last column
    reads exactly as it would alone.
    """
    blocks = [text.splitlines() for text in columns]
    widths = [max(least, *map(len, lines)) + gap for lines in blocks[:-1]]
    if sum(widths) + max(map(len, blocks[-1]), default=0) > width:
        return "\n".join(columns)
    rows = zip_longest(*blocks, fillvalue="")
    return "\n".join(("".join(c.ljust(w) for c, w in zip(row, widths)) + row[-1]).rstrip() for row in rows)


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

    Occupied squares show their player, empty squares without a word a `.`. Rows
    are numbered as Quint's; the head line says how they read as `play`'s letters.
    """
    words = {moved_to(grid, state, after): str(word) for after, word in marks.items()}
    n = grid.size
    width = max([1, *map(len, words.values())])
    row = len(str(n))
    lines = [" " * (row + 2) + " ".join(str(c).center(width) for c in range(1, n + 1)) + f"    {row_names(grid)}"]
    for r in range(1, n + 1):
        cells = [words.get((r, column)) or square(grid, state, (r, column)) or "." for column in range(1, n + 1)]
        lines.append(f" {str(r).rjust(row)} " + " ".join(cell.center(width) for cell in cells))
    return "\n".join(line.rstrip() for line in lines)


def board_html(grid: Grid, state: State) -> str:
    """The board as an HTML table (class `board`, a cell's class is its player), for the explorer."""
    n = grid.size
    rows = []
    for row in range(1, n + 1):
        cells = []
        for column in range(1, n + 1):
            player = square(grid, state, (row, column))
            title = both_names((row, column))
            cells.append(f'<td class="{player or "empty"}" title="{title}">{player or ""}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    turn = escape(state.nextTurn)
    return f'<table class="board"><caption>nextTurn: {turn}</caption>{"".join(rows)}</table>'
