"""The geometry of an n x n board: coordinates, their bits, winning patterns.

A winning pattern is k squares in a row (k = n on the lecture's board):
every horizontal, vertical and diagonal window of k consecutive squares.

Coordinates are Quint's `(row, column)` pairs, counted from 1. Square
`(r, c)` is bit `(r - 1) * n + (c - 1)` of a board mask, so a set of squares
is an int and set operations are bit operations (as in python-chess).
"""

from __future__ import annotations

from typing import NamedTuple

Coordinate = tuple[int, int]


class Pattern(NamedTuple):
    """A winning pattern: its coordinates (as Quint shows them) and their mask."""

    coordinates: frozenset[Coordinate]
    mask: int


class Grid:
    """An n x n board's squares and its lines of k; the lecture's board is `Grid(3)`."""

    def __init__(self, size: int = 3, k: int | None = None):
        if size < 3:
            raise ValueError(f"board size must be at least 3, got {size}")
        k = size if k is None else k
        if not 3 <= k <= size:
            raise ValueError(f"stones in a row to win must be between 3 and the board size {size}, got {k}")
        n = self.size = size
        #: stones in a row that win
        self.k = k
        #: `pure val boardCoordinates = tuples(1.to(3), 1.to(3))`, row by row.
        self.boardCoordinates: tuple[Coordinate, ...] = tuple(
            (row, column) for row in range(1, n + 1) for column in range(1, n + 1)
        )
        #: coordinate -> its one-bit mask
        self.bit: dict[Coordinate, int] = {c: 1 << i for i, c in enumerate(self.boardCoordinates)}
        #: every square
        self.ALL = (1 << n * n) - 1
        starts = range(1, n - k + 2)  # where a window of k fits
        lines = (
            # Horizontal wins
            [[(r, c + i) for i in range(k)] for r in range(1, n + 1) for c in starts]
            # Vertical wins
            + [[(r + i, c) for i in range(k)] for c in range(1, n + 1) for r in starts]
            # Diagonal wins: down-right, then up-right (the lecture's two on 3x3)
            + [[(r + i, c + i) for i in range(k)] for r in starts for c in starts]
            + [[(r + k - 1 - i, c + i) for i in range(k)] for r in starts for c in starts]
        )
        #: `pure val winningPatterns`, in the order the lecture lists them.
        self.winningPatterns: tuple[Pattern, ...] = tuple(
            Pattern(frozenset(line), self.mask(line)) for line in lines
        )
        #: `pure val corners = Set((1,1), (3,1), (1,3), (3,3))`
        self.corners: tuple[Coordinate, ...] = ((1, 1), (n, 1), (1, n), (n, n))
        #: `(2, 2)` on the lecture's board; the middle square of an odd board.
        self.center: Coordinate | None = ((n + 1) // 2,) * 2 if n % 2 else None
        self._has_line: dict[int, bool] = {}

    def has_line(self, mask: int) -> bool:
        """Whether `mask` covers a whole winning pattern (memoised: this is hot)."""
        known = self._has_line.get(mask)
        if known is None:
            known = self._has_line[mask] = any(mask & p.mask == p.mask for p in self.winningPatterns)
        return known

    def mask(self, coordinates) -> int:
        """The mask of a collection of coordinates."""
        result = 0
        for coordinate in coordinates:
            result |= self.bit[coordinate]
        return result

    def coordinates_of(self, mask: int) -> list[Coordinate]:
        """The coordinates in `mask`, row by row."""
        return [c for c in self.boardCoordinates if mask & self.bit[c]]
