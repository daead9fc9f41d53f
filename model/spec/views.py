"""Ways to show a state: Quint's text, and a drawing of the board (as text and as HTML).

Squares have two names: Quint's `(row, column)`, the spec's notation, and a
row letter with a column number, `B3`, as moves are typed in `ttt-check
play`. Every drawing letters its rows and numbers its columns, so that `C1`
reads one way only (row C, column 1), and wherever it marks a square it names
it both ways: `B3 = (2,3)`; `legend` says so in one line.
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


def both_names(coordinate: Coordinate) -> str:
    """`B3 = (2,3)`: as the drawings name a square, then as Quint does."""
    return f"{square_name(coordinate)} = {quint_name(coordinate)}"


def legend(grid: Grid) -> str:
    """How the drawings name squares, and how the names map to the spec's `(row, column)`."""
    n, last = grid.size, row_letter(grid.size)
    return f"Squares: rows A to {last}, columns 1 to {n}; {last}1 is row {last}, column 1, the spec's ({n},1)."


def quint_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """The state as `quint run` prints it."""
    return pretty(to_quint(grid, state))


def board_view(grid: Grid, state: State, previous: State | None = None) -> str:
    """A drawing of the board, rows lettered A, B, ... and columns numbered from 1, as moves are typed in
    `ttt-check play`; under it, whose turn it is.

    The squares the step from `previous` filled are drawn `[X]` and named in both notations under the
    board (`[X] B3 = (2,3)`); the squares of a completed winning line are drawn `*X*`.
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
        lines.append(f" {row_letter(row).rjust(width)} {''.join(cells)}".rstrip())
    lines.append(f" nextTurn: {state.nextTurn}")
    for moved in grid.coordinates_of(changed):
        lines.append(f" [{square(grid, state, moved)}] {both_names(moved)}")
    if winning:
        winners = sorted({square(grid, state, c) for c in grid.coordinates_of(winning)})
        lines.append(" " + " ".join(f"*{winner}*" for winner in winners) + " winning line")
    return "\n".join(lines)


def board_width(grid: Grid) -> int:
    """The widest line `board_view` draws for `grid`: the same for every state, so that
    what stands beside the drawings of a trace keeps its column."""
    width = len(str(grid.size))
    rows = 2 + width + grid.size * (width + 2)
    return max(rows, len(f" [X] {both_names((grid.size, grid.size))}"), len(" *X* winning line"))


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

    Occupied squares show their player, empty squares without a word a `.`; rows
    lettered and columns numbered as in `board_view`.
    """
    words = {moved_to(grid, state, after): str(word) for after, word in marks.items()}
    n = grid.size
    width = max([1, *map(len, words.values())])
    row = len(str(n))
    lines = [" " * (row + 2) + " ".join(str(c).center(width) for c in range(1, n + 1))]
    for r in range(1, n + 1):
        cells = [words.get((r, column)) or square(grid, state, (r, column)) or "." for column in range(1, n + 1)]
        lines.append(f" {row_letter(r).rjust(row)} " + " ".join(cell.center(width) for cell in cells))
    return "\n".join(line.rstrip() for line in lines)


def board_html(grid: Grid, state: State) -> str:
    """The board as an HTML table (class `board`, a cell's class is its player), for the explorer: rows
    lettered and columns numbered in header cells, as in `board_view`."""
    n = grid.size
    head = "".join(f'<th scope="col">{column}</th>' for column in range(1, n + 1))
    rows = [f"<tr><th></th>{head}</tr>"]
    for row in range(1, n + 1):
        cells = [f'<th scope="row">{row_letter(row)}</th>']
        for column in range(1, n + 1):
            player = square(grid, state, (row, column))
            title = both_names((row, column))
            cells.append(f'<td class="{player or "empty"}" title="{title}">{player or ""}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    turn = escape(state.nextTurn)
    return f'<table class="board"><caption>nextTurn: {turn}</caption>{"".join(rows)}</table>'
