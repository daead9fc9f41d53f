"""Part 2 of the lecture, "Jogando pra ganhar": X follows a strategy, O moves anywhere.

The strategy: the first move is always in a corner; every later move is the
first possible one of Win, Block, TakeCenter, SetupWin, MoveToEmpty.

On an n x n board with k in a row, the lecture's 2 and 1 of a 3-square
pattern become k - 1 and 1 of a k-square one: Win completes a line of k,
Block stops O's, SetupWin plays into a line holding one X and k - 1 empty
squares; TakeCenter exists only when n is odd (an even board has no centre). Each
method is the Quint definition of the same name in `specs/tictactoe.qnt`.
"""

from __future__ import annotations

from typing import Iterator

from checker.model import Label
from model.grid import Pattern
from model.tictactoe import Board, O, State, Steps, TicTacToe, X, action


class StrategyTicTacToe(TicTacToe):
    """The tic-tac-toe spec where X plays the lecture's strategy."""

    name = "strategy"
    description = "part 2 of the lecture: X follows the strategy, O moves to any empty square"
    source = "specs/tictactoe.qnt"
    #: `nondet coordinate` (MoveToEmpty, Win, Block, SetupWin), `nondet corner`, `nondet pattern`
    nondet_names = ("coordinate", "corner", "pattern")
    invariant_docs = {
        "XHasNotWon": ("XHasNotWon", "X has not won. This does not hold, as X wins most of the times."),
        "OHasNotWon": ("OHasNotWon", "O has not won. This should hold, as O can only achieve a draw."),
        "NotStalemate": TicTacToe.invariant_docs["NotStalemate"],
        "inv": ("OHasNotWon", "OHasNotWon is the default invariant: the only one that holds."),
    }
    temporal_docs = {
        "XMustEventuallyWin": (
            "This is not always true, as if O picks the right moves, the game will result in a stalemate."
        ),
        "GameEventuallyEnds": TicTacToe.temporal_docs["GameEventuallyEnds"],
    }

    def pack(self):
        """The strategy's steps for the fast engine; None for a subclass (see `TicTacToe.pack`)."""
        if type(self) is not StrategyTicTacToe:
            return None
        from model.packed import PackedBoards

        return PackedBoards(self, strategy=True)

    # ---- conditions for the strategy's moves -------------------------------

    def count(self, board: Board, pattern: Pattern, player: str | None) -> int:
        """`pattern.filter(coordinate => coordinate.hasPlayer(player)).size()`,
        or with `isEmpty()` for `player=None`."""
        squares = self.empty(board) if player is None else self.squares(board, player)
        return (squares & pattern.mask).bit_count()

    def canWinWithPattern(self, board: Board, pattern: Pattern) -> bool:
        """`def canWinWithPattern(pattern) = and { pattern.filter(coordinate => coordinate.hasPlayer(X)).size() == 2, pattern.filter(coordinate => coordinate.isEmpty()).size() == 1 }`"""
        k = self.grid.k
        return self.count(board, pattern, X) == k - 1 and self.count(board, pattern, None) == 1

    def canBlockWithPattern(self, board: Board, pattern: Pattern) -> bool:
        """`def canBlockWithPattern(pattern) = and { pattern.filter(coordinate => coordinate.hasPlayer(O)).size() == 2, pattern.filter(coordinate => coordinate.isEmpty()).size() == 1 }`"""
        k = self.grid.k
        return self.count(board, pattern, O) == k - 1 and self.count(board, pattern, None) == 1

    def canSetupWinWithPattern(self, board: Board, pattern: Pattern) -> bool:
        """`def canSetupWinWithPattern(pattern) = and { pattern.filter(coordinate => coordinate.hasPlayer(X)).size() == 1, pattern.filter(coordinate => coordinate.isEmpty()).size() == 2 }`"""
        k = self.grid.k
        return self.count(board, pattern, X) == 1 and self.count(board, pattern, None) == k - 1

    def canWin(self, board: Board) -> bool:
        """`val canWin = winningPatterns.exists(canWinWithPattern)`"""
        return any(self.canWinWithPattern(board, p) for p in self.grid.winningPatterns)

    def canBlock(self, board: Board) -> bool:
        """`val canBlock = winningPatterns.exists(canBlockWithPattern)`"""
        return any(self.canBlockWithPattern(board, p) for p in self.grid.winningPatterns)

    def canTakeCenter(self, board: Board) -> bool:
        """`val canTakeCenter = isEmpty((2,2))`"""
        return self.grid.center is not None and self.isEmpty(board, self.grid.center)

    def canSetupWin(self, board: Board) -> bool:
        """`val canSetupWin = winningPatterns.exists(canSetupWinWithPattern)`"""
        return any(self.canSetupWinWithPattern(board, p) for p in self.grid.winningPatterns)

    # ---- the strategy's moves ----------------------------------------------

    def _moveInPattern(self, board: Board, condition) -> Steps:
        """`nondet pattern = winningPatterns.filter(condition).oneOf()
        nondet coordinate = pattern.filter(isEmpty).oneOf()
        Move(X, coordinate)`, shared by Win, Block and SetupWin."""
        for pattern in self.grid.winningPatterns:
            if condition(board, pattern):
                for coordinate in self.grid.coordinates_of(pattern.mask & self.empty(board)):
                    picks = (("pattern", pattern.coordinates), ("coordinate", coordinate))
                    yield Label(picks=picks), self.Move(board, X, coordinate)

    @action
    def StartInCorner(self, board: Board) -> Steps:
        """`action StartInCorner = nondet corner = oneOf(corners) Move(X, corner)`"""
        for corner in self.grid.corners:
            moved = self.Move(board, X, corner)
            if moved is not None:
                yield Label(picks=(("corner", corner),)), moved

    @action
    def Win(self, board: Board) -> Steps:
        """`action Win = all { canWin, nondet pattern = winningPatterns.filter(canWinWithPattern).oneOf() nondet coordinate = pattern.filter(isEmpty).oneOf() Move(X, coordinate) }`"""
        if self.canWin(board):
            yield from self._moveInPattern(board, self.canWinWithPattern)

    @action
    def Block(self, board: Board) -> Steps:
        """`action Block = all { canBlock, nondet pattern = winningPatterns.filter(canBlockWithPattern).oneOf() nondet coordinate = pattern.filter(isEmpty).oneOf() Move(X, coordinate) }`"""
        if self.canBlock(board):
            yield from self._moveInPattern(board, self.canBlockWithPattern)

    @action
    def TakeCenter(self, board: Board) -> Steps:
        """`action TakeCenter = Move(X, (2, 2))`"""
        moved = self.Move(board, X, self.grid.center)
        if moved is not None:
            yield Label(), moved

    @action
    def SetupWin(self, board: Board) -> Steps:
        """`action SetupWin = all { nondet pattern = winningPatterns.filter(canSetupWinWithPattern).oneOf() nondet coordinate = pattern.filter(isEmpty).oneOf() Move(X, coordinate) }`"""
        yield from self._moveInPattern(board, self.canSetupWinWithPattern)

    @action
    def MoveX(self, state: State) -> Iterator[tuple[Label, State]]:
        """`action MoveX = all { nextTurn == X, not(gameOver), if (boardEmpty) StartInCorner else if (canWin) Win else if (canBlock) Block else if (canTakeCenter) TakeCenter else if (canSetupWin) SetupWin else MoveToEmpty(X), nextTurn' = O }`

        Each `if` commits to its branch: when the chosen branch is disabled,
        so is MoveX (there is no falling through to the next choice).
        """
        board = state.board
        if state.nextTurn != X or self.gameOver(board):
            return
        if self.boardEmpty(board):
            moves = self.StartInCorner(board)
        elif self.canWin(board):
            moves = self.Win(board)
        elif self.canBlock(board):
            moves = self.Block(board)
        elif self.canTakeCenter(board):
            moves = self.TakeCenter(board)
        elif self.canSetupWin(board):
            moves = self.SetupWin(board)
        else:
            moves = self.MoveToEmpty(board, X)
        for label, moved in moves:
            yield label, State(*moved, O)
