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

from typing import Callable, Iterator

from checker.model import Label
from model.spec.grid import Coordinate, Pattern
from model.spec.tictactoe import Board, O, State, Steps, TicTacToe, X, action
from model.spec.views import quint_name

#: how the strategy's reasons count squares (k is at most 10)
NUMBERS = "zero one two three four five six seven eight nine ten".split()


class StrategyTicTacToe(TicTacToe):
    """The tic-tac-toe spec where X plays the lecture's strategy."""

    name = "strategy"
    description = "part 2 of the lecture: X follows the strategy, O moves to any empty square"
    source = "specs/tictactoe.qnt"
    #: `nondet coordinate` (MoveToEmpty, Win, Block, SetupWin), `nondet corner`, `nondet pattern`
    nondet_names = ("coordinate", "corner", "pattern")
    players = ("strategy", "any")

    def rules(self) -> dict[str, str]:
        return {X: "strategy"}

    board_definitions = ("boardEmpty", "boardFull", "stalemate", "gameOver", "canWin", "canBlock", "canTakeCenter",
                         "canSetupWin")

    #: the strategy's `if`s in order: (condition, action, why the condition fails), then MoveToEmpty(X);
    #: the reasons are templates that `rules_not_taken` fills in for the board
    RULES = (
        ("boardEmpty", "StartInCorner", "the board is not empty"),
        ("canWin", "Win", "no line{of_k} with {k_1} X and an empty square"),
        ("canBlock", "Block", "no line{of_k} with {k_1} O and an empty square"),
        ("canTakeCenter", "TakeCenter", "the centre {centre} is taken"),
        ("canSetupWin", "SetupWin", "no line{of_k} with one X and {k_1} empty squares"),
    )

    #: MoveX's chain of `if`s: one branch per choice of the strategy, for coverage
    x_paths = tuple(("MoveX", rule) for _, rule, _ in RULES) + (("MoveX", "MoveToEmpty"),)

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
        """The strategy's steps for the fast engine; None when a subclass moves otherwise (see `TicTacToe.pack`)."""
        if not self.moves_as(StrategyTicTacToe):
            return None
        from model.spec.packed import PackedBoards

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

    def strategy(self, board: Board) -> Steps:
        """`if (boardEmpty) StartInCorner else if (canWin) Win else if (canBlock) Block else if (canTakeCenter) TakeCenter else if (canSetupWin) SetupWin else MoveToEmpty(X)`: X's move, inside MoveX.

        Each `if` commits to its branch: when the chosen branch is disabled,
        so is the strategy (there is no falling through to the next choice).
        """
        for condition, rule, _ in self.RULES:
            if getattr(self, condition)(board):
                return getattr(self, rule)(board)
        return self.MoveToEmpty(board, X)

    def rules_not_taken(self, rule: str, name: Callable[[Coordinate], str] = quint_name) -> list[str]:
        """Why each rule before `rule` was not taken, on this board: `Win: no line with two X and an
        empty square` (k - 1 of k on a larger board, `line of four` where a line is shorter than a row).
        `name` names a square, `(2,2)` by default. An even board has no centre, hence no TakeCenter."""
        k = self.grid.k
        words = {
            "k_1": NUMBERS[k - 1],
            "of_k": "" if k == self.grid.size else f" of {NUMBERS[k]}",
            "centre": name(self.grid.center) if self.grid.center else "",
        }
        reasons = []
        for _, earlier, why in self.RULES:
            if earlier == rule:
                break
            if earlier != "TakeCenter" or self.grid.center:
                reasons.append(f"{earlier}: {why.format(**words)}")
        return reasons

    @action
    def MoveX(self, state: State) -> Iterator[tuple[Label, State]]:
        """`action MoveX = all { nextTurn == X, not(gameOver), if (boardEmpty) StartInCorner else if (canWin) Win else if (canBlock) Block else if (canTakeCenter) TakeCenter else if (canSetupWin) SetupWin else MoveToEmpty(X), nextTurn' = O }`"""
        board = state.board
        if state.nextTurn != X or self.gameOver(board):
            return
        for label, moved in self.strategy(board):
            yield label, State(*moved, O)
