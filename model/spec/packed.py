"""The tic-tac-toe specs packed for the fast engine (`checker.explore.packed`).

A state is the base-3 hash of its board (`model.spec.symmetry.base3`) (`nextTurn` follows from the
board: X moves when both have as many stones). A batch of codes is unpacked
into the masks of X's and O's squares by two look-ups in a table of half
boards; then every definition is a look-up in a table indexed by mask (won,
stones counted) or a bit operation, over the whole batch at once:

  * gameOver = won(X) or won(O) or boardFull, from a 2^(n*n)-entry table;
  * MoveToEmpty: every empty square of a game not over;
  * X's strategy: the first of StartInCorner, Win, Block, TakeCenter,
    SetupWin, MoveToEmpty that is possible, line by line as in `model.spec.strategy`;
  * a step puts the mover's digit on one square: code + (1 or 2) * 3^i.

Steps are grouped by square (a group is the states that move there, as a
mask), so the successors in one group are distinct.
"""

from __future__ import annotations

import numpy as np

from checker.explore.packed import Expansion
from model.spec.state import O, State, X
from model.spec.symmetry import symmetries


class PackedBoards:
    """`TicTacToe` (or its strategy subclass) as arrays of base-3 codes."""

    def __init__(self, model, strategy: bool):
        grid = model.grid
        n, k = grid.size, grid.k
        if n > 4:
            raise ValueError(f"packed boards go up to 4 x 4 (3^16 codes), not {n} x {n}")
        self.cells = cells = n * n
        self.space = 3**cells
        #: levels are stored as uint32 (3^16 < 2^32); successors come as int64 (see `expand`)
        self.dtype = np.dtype(np.uint32)
        self.k = k
        self.stutter = model.stutter
        #: X plays the strategy (`StrategyTicTacToe`), else X moves anywhere
        self.strategy = strategy
        self.ALL = (1 << cells) - 1
        self.powers = 3 ** np.arange(cells, dtype=np.int64)
        # half boards: the low `half` digits, then the rest
        self.half = half = (cells + 1) // 2
        digits = np.arange(3**half)[:, None] // 3 ** np.arange(half) % 3
        bits = 1 << np.arange(half)
        self.half_x = (np.where(digits == 1, bits, 0).sum(axis=1)).astype(np.int64)
        self.half_o = (np.where(digits == 2, bits, 0).sum(axis=1)).astype(np.int64)
        masks = np.arange(1 << cells, dtype=np.int64)
        square = (masks[:, None] >> np.arange(cells)) & 1
        self.stones = square.sum(axis=1).astype(np.int8)
        self.base3 = (square * self.powers).sum(axis=1).astype(np.int64)
        self.lines = np.array([p.mask for p in grid.winningPatterns], dtype=np.int64)
        self.won = np.zeros(1 << cells, dtype=bool)
        for line in self.lines:
            self.won |= (masks & line) == line
        self.images = [(square[:, list(p)] << np.arange(cells)).sum(axis=1) for p in symmetries(n)]
        self.corners = sum(grid.bit[c] for c in set(grid.corners))
        self.center = grid.bit[grid.center] if grid.center else 0
        self.invariants = {
            name: getattr(self, definition)
            for name, (definition, _) in model.invariant_docs.items()
            if hasattr(self, definition)  # the others are checked state by state
        }
        #: the state predicates of the temporal properties, by the names the model gives them
        self.predicates = {"won(X)": lambda codes: ~self.XHasNotWon(codes), "gameOver": self.gameOver}

    # ---- codes and states ------------------------------------------------------

    def unpack(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The masks of X's and O's squares."""
        high, low = np.divmod(codes.astype(np.int64), 3**self.half)
        return (
            self.half_x[low] | self.half_x[high] << self.half,
            self.half_o[low] | self.half_o[high] << self.half,
        )

    def encode(self, state: State) -> int:
        return int(self.base3[state.x] + 2 * self.base3[state.o])

    def decode(self, code: int) -> State:
        x, o = (int(m[0]) for m in self.unpack(np.array([code])))
        return State(x, o, X if self.stones[x] == self.stones[o] else O)

    def canonical(self, codes: np.ndarray) -> np.ndarray:
        """The least hash of the 8 images of each board."""
        x, o = self.unpack(codes)
        best = None
        for image in self.images:
            code = self.base3[image[x]] + 2 * self.base3[image[o]]
            best = code if best is None else np.minimum(best, code)
        return best

    # ---- invariants, vectorised -------------------------------------------------

    def XHasNotWon(self, codes):
        return ~self.won[self.unpack(codes)[0]]

    def OHasNotWon(self, codes):
        return ~self.won[self.unpack(codes)[1]]

    def gameOver(self, codes):
        x, o = self.unpack(codes)
        return self.won[x] | self.won[o] | ((x | o) == self.ALL)

    def NotStalemate(self, codes):
        x, o = self.unpack(codes)
        return ((x | o) != self.ALL) | self.won[x] | self.won[o]

    # ---- steps ---------------------------------------------------------------------

    def expand(self, codes: np.ndarray, symmetry: bool) -> Expansion:
        x, o = self.unpack(codes)
        empty = self.ALL ^ (x | o)
        over = self.won[x] | self.won[o] | (empty == 0)
        x_moves = self.stones[x] == self.stones[o]
        cells = np.where(over, 0, empty)
        labels = self.stones[cells].astype(np.int64)
        if self.strategy:
            mover = np.flatnonzero(x_moves & ~over)
            cells[mover], labels[mover] = self.strategy_moves(x[mover], o[mover], empty[mover])
        loops = over & self.stutter
        # one row of booleans per square: which states move there
        squares = np.unpackbits(cells.astype("<u2").view(np.uint8).reshape(-1, 2), axis=1, bitorder="little")
        squares = squares[:, : self.cells].T.astype(bool)
        # the mover's digit: one number when one player moves in the whole batch (a BFS level)
        digit = 1 if x_moves.all() else 2 if not x_moves.any() else np.where(x_moves, 1, 2)
        groups = []
        for i, moved in enumerate(squares):
            # successors as int64, numpy's own index type: the seen-set look-ups need no conversion
            if isinstance(digit, int):
                targets = codes[moved] + np.int64(digit * int(self.powers[i]))
            else:
                targets = (codes + digit * self.powers[i])[moved]
            if targets.size:
                groups.append((moved, self.canonical(targets) if symmetry else targets))
        return Expansion(
            groups=groups,
            distinct=not symmetry,
            steps=int(labels.sum() + loops.sum()),
            loops=loops,
            moves=cells != 0,
        )

    def strategy_moves(self, x, o, empty) -> tuple[np.ndarray, np.ndarray]:
        """X's squares under the strategy (`StrategyTicTacToe.MoveX`), and its labelled steps per state.

        Each branch yields one step per (pattern, coordinate) pick, as the model does.
        """
        k, stones = self.k, self.stones
        zero = np.zeros_like(x)
        win, block, setup = zero.copy(), zero.copy(), zero.copy()
        win_n, block_n, setup_n = zero.copy(), zero.copy(), zero.copy()
        for line in self.lines:
            have_x, have_o = stones[x & line], stones[o & line]
            free = k - have_x - have_o
            can = (have_x == k - 1) & (free == 1)  # canWinWithPattern
            win |= np.where(can, line, 0)
            win_n += can
            can = (have_o == k - 1) & (free == 1)  # canBlockWithPattern
            block |= np.where(can, line, 0)
            block_n += can
            can = (have_x == 1) & (free == k - 1)  # canSetupWinWithPattern
            setup |= np.where(can, line, 0)
            setup_n += can * (k - 1)
        corners = self.corners & empty
        center = self.center & empty
        branches = [(x | o) == 0, win != 0, block != 0, center != 0, setup != 0]
        cells = np.select(branches, [corners, win, block, center, setup], empty) & empty
        labels = np.select(branches, [stones[corners], win_n, block_n, 1, setup_n], stones[empty])
        return cells, labels
