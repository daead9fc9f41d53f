"""Learning to play by self-play: temporal-difference learning of board values.

The classic agent of Sutton and Barto's first chapter, as R. Geh's symmetric
agent (MAC5788) trains it: X and O each keep a table of values V(s) of
boards (from their own side), start from 1 / 0.5 / 0 for a won / drawn / lost
board and 0.5 for any other, and play each other. Each side moves ε-greedily:
with probability ε to a random empty square (exploring), else to a square
whose board after the move has the highest value, ties broken at random.
After each game every side updates, from the last board back to the first,

    V(s_i) <- V(s_i) + α (V(s_i+1) - V(s_i))

over every board of the game (after either side's move), except the board a
side explored from: exploring says nothing about how good that board is.
With `symmetry`, symmetric boards share one value (see `model.players.policy`).

Everything random comes from one `random.Random(seed)`, so a seed gives the
same games and the same values every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from model.players.policy import Policy, class_of, initial_value
from model.spec.state import PLAYERS, Board, O, X
from model.spec.tictactoe import TicTacToe


class Positions:
    """Every board reachable in a game, numbered, with its moves: the tables training runs on."""

    def __init__(self, symmetry: bool = False):
        game = self.game = TicTacToe()
        self.grid = game.grid
        start = Board(0, 0)
        #: board number -> board, in the order a breadth-first walk meets them
        self.boards: list[Board] = [start]
        number = {start: 0}
        #: board number -> the numbers of the boards after each move (empty once the game is over)
        self.moves: list[list[int]] = []
        for board in self.boards:  # grows as new boards are met
            mover = X if board.x.bit_count() == board.o.bit_count() else O
            after = []
            for _, moved in game.MoveToEmpty(board, mover):
                if moved not in number:
                    number[moved] = len(self.boards)
                    self.boards.append(moved)
                after.append(number[moved])
            self.moves.append(after)
        size = self.grid.size
        keys: dict[Board, int] = {}
        #: board number -> the number of the value it has (its class's, with symmetry)
        self.slot = [keys.setdefault(class_of(size, b) if symmetry else b, len(keys)) for b in self.boards]
        #: value number -> the board the policy file keeps it under
        self.keys = list(keys)

    def initial_values(self, side: str) -> list[float]:
        return [initial_value(self.grid, board, side) for board in self.keys]


@dataclass
class Settings:
    """How to train; the defaults are the classic agent's (see the module's docstring)."""

    epochs: int
    seed: int
    symmetry: bool = False
    alpha: float = 0.1
    epsilon: float = 0.1


class Learner:
    """The two tables of values and the self-play games that train them."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.positions = Positions(settings.symmetry)
        self.values = {side: self.positions.initial_values(side) for side in PLAYERS}
        self.random = random.Random(settings.seed)
        #: games played so far
        self.epochs = 0

    def play(self) -> str | None:
        """One game of self-play, then the updates; the winner, or None for a draw."""
        moves, slot, rng, epsilon = self.positions.moves, self.positions.slot, self.random, self.settings.epsilon
        board, games, explored, mover = 0, [0], [], X
        while moves[board]:
            options = moves[board]
            if rng.random() < epsilon:
                board = rng.choice(options)
                explored.append(True)
            else:
                values = self.values[mover]
                best = max(values[slot[b]] for b in options)
                board = rng.choice([b for b in options if values[slot[b]] == best])
                explored.append(False)
            games.append(board)
            mover = O if mover == X else X
        for side, first in ((X, 0), (O, 1)):
            values, alpha = self.values[side], self.settings.alpha
            for i in reversed(range(len(games) - 1)):
                if explored[i] and i % 2 == first:
                    continue
                here, there = slot[games[i]], slot[games[i + 1]]
                values[here] += alpha * (values[there] - values[here])
        self.epochs += 1
        game, last = self.positions.game, self.positions.boards[board]
        return X if game.won(last, X) else O if game.won(last, O) else None

    def policy(self) -> Policy:
        """The values learned so far, with how they were learned."""
        s = self.settings
        training = {"epochs": self.epochs, "seed": s.seed, "alpha": s.alpha, "epsilon": s.epsilon}
        tables = {side: dict(zip(self.positions.keys, values)) for side, values in self.values.items()}
        return Policy(tables, s.symmetry, training=training)


def train(settings: Settings, on_epoch: Callable[[Learner, str | None], None] | None = None) -> Learner:
    """Train for `settings.epochs` games; `on_epoch(learner, winner)` after each."""
    learner = Learner(settings)
    for _ in range(settings.epochs):
        won = learner.play()
        if on_epoch:
            on_epoch(learner, won)
    return learner
