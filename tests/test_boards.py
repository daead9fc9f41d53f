"""Boards of any size with k in a row: the lines, and the first levels of the state space.

The reference is written apart from `model/`: a board is a string of n*n
characters, lines are found by walking four directions from every square,
levels are sets of strings.
"""

from functools import lru_cache
from operator import itemgetter

import pytest

from model.spec.grid import Grid
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe


def reference_lines(n: int, k: int) -> set[frozenset[int]]:
    """Every run of k squares along a row, column or diagonal, as sets of indices."""
    lines = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= a < n and 0 <= b < n for a, b in cells):
                    lines.add(frozenset(a * n + b for a, b in cells))
    return lines


@lru_cache(maxsize=None)
def reference_levels(n: int, k: int, depth: int) -> list[set[str]]:
    """The boards after 0..depth moves of the random spec (no move once someone has won)."""
    lines = [itemgetter(*sorted(line)) for line in reference_lines(n, k)]  # each line's squares, read at once
    won = {("X",) * k, ("O",) * k}

    def over(board):
        return "." not in board or any(line(board) in won for line in lines)

    levels = [{"." * n * n}]
    for d in range(depth):
        mark = "XO"[d % 2]
        levels.append(
            {b[:i] + mark + b[i + 1 :] for b in levels[-1] if not over(b) for i, s in enumerate(b) if s == "."}
        )
    return levels


def as_string(model, state) -> str:
    n = model.grid.size
    return "".join(
        "X" if state.x & model.grid.bit[(r, c)] else "O" if state.o & model.grid.bit[(r, c)] else "."
        for r in range(1, n + 1)
        for c in range(1, n + 1)
    )


def model_levels(model, depth: int) -> list[set[str]]:
    """The model's states at each BFS depth (levels are disjoint: each move adds a stone)."""
    levels = [list(model.init_states())]
    for _ in range(depth):
        levels.append(list({t for s in levels[-1] for _, t in model.next_steps(s) if t != s}))
    return [{as_string(model, s) for s in level} for level in levels]


@pytest.mark.parametrize("n,k", [(3, 3), (4, 3), (4, 4), (5, 4), (7, 3), (10, 5)])
def test_winning_patterns_are_the_runs_of_k(n, k):
    grid = Grid(n, k)
    found = [frozenset(grid.boardCoordinates.index(c) for c in p.coordinates) for p in grid.winningPatterns]
    assert len(found) == len(set(found)) == 2 * n * (n - k + 1) + 2 * (n - k + 1) ** 2
    assert set(found) == reference_lines(n, k)


def test_the_lecture_board_keeps_the_lecture_order():
    rows = [[(r, c) for c in (1, 2, 3)] for r in (1, 2, 3)]
    columns = [[(r, c) for r in (1, 2, 3)] for c in (1, 2, 3)]
    diagonals = [[(1, 1), (2, 2), (3, 3)], [(3, 1), (2, 2), (1, 3)]]
    assert [p.coordinates for p in Grid(3).winningPatterns] == [frozenset(line) for line in rows + columns + diagonals]


@pytest.mark.parametrize("n,k,depth", [(4, 3, 4), (4, 4, 4), (5, 4, 3), (5, 3, 3)])
def test_random_spec_levels_match_an_independent_enumeration(n, k, depth):
    assert model_levels(TicTacToe(n, k), depth) == reference_levels(n, k, depth)


@pytest.mark.parametrize("n,k", [(3, 5), (4, 5), (4, 2), (2, 2)])
def test_impossible_boards_are_refused(n, k):
    with pytest.raises(ValueError):
        TicTacToe(n, k)


def test_bad_board_options_are_one_line_of_usage_error(ttt_check):
    code, out, err = ttt_check("--size", 4, "--k", 5)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "ttt-check: error: stones in a row to win must be between 3 and the board size 4, got 5"
    ]
    code, _, err = ttt_check("--size", 11)
    assert code == 2 and "--size" in err and len(err.strip().splitlines()) == 1


def test_take_center_only_on_odd_boards():
    even, odd = StrategyTicTacToe(4, 3), StrategyTicTacToe(5, 3)
    assert even.grid.center is None and odd.grid.center == (3, 3)
    # X in a corner, O elsewhere: no win, no block, so X takes the centre on 5x5 only
    x, o = odd.grid.bit[(1, 1)], odd.grid.bit[(5, 5)]
    from model.spec.state import State, X

    moves = [label.path for label, _ in odd.next_steps(State(x, o, X))]
    assert moves == [("MoveX", "TakeCenter")]
    x, o = even.grid.bit[(1, 1)], even.grid.bit[(4, 4)]
    assert all(label.path[1] != "TakeCenter" for label, _ in even.next_steps(State(x, o, X)))
