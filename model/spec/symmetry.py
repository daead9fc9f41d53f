"""The board's 8 symmetries (rotations and reflections) and the canonical hash of a board:
the least hash of its 8 images.

A board's hash is `sum(T[i] * 3**i)`, with `T[i]` 0 for empty, 1 for X and
2 for O, square i counted row by row from 0. Its canonical hash is the least
hash of its 8 images; the representative of a state is the image with that
hash. `nextTurn` follows from the board (X moves when the counts are equal),
so it is the same in every image.
"""

from __future__ import annotations

from functools import lru_cache

from model.spec.grid import Grid
from model.spec.state import State


@lru_cache(maxsize=None)
def symmetries(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 permutations of the squares of an n x n board: `image[i] = board[p[i]]`."""
    m = n - 1
    moves = [
        lambda r, c: (r, c),
        lambda r, c: (c, m - r),
        lambda r, c: (m - r, m - c),
        lambda r, c: (m - c, r),
        lambda r, c: (r, m - c),
        lambda r, c: (c, r),
        lambda r, c: (m - r, c),
        lambda r, c: (m - c, m - r),
    ]
    return tuple(tuple(n * a + b for r in range(n) for c in range(n) for a, b in [move(r, c)]) for move in moves)


def permute(mask: int, permutation: tuple[int, ...]) -> int:
    """The mask whose square i is square `permutation[i]` of `mask`."""
    return sum(1 << i for i, j in enumerate(permutation) if mask >> j & 1)


def base3(grid: Grid, x: int, o: int) -> int:
    """The hash `sum(T[i] * 3**i)` of the board with X on `x` and O on `o`."""
    return sum(3**i * (1 if x >> i & 1 else 2 if o >> i & 1 else 0) for i in range(grid.size**2))


def canonical(grid: Grid, state: State) -> State:
    """The image of `state` with the least hash: the representative of its class."""
    images = [(permute(state.x, p), permute(state.o, p)) for p in symmetries(grid.size)]
    x, o = min(images, key=lambda image: base3(grid, *image))
    return State(x, o, state.nextTurn)
