"""Player kinds: who chooses X's and O's moves, as models of the spec.

A player kind is a nondeterministic rule: every move it may choose is a
separate step of the model, so a check covers every way it may play. The
lecture has two: `any` (MoveToEmpty, part 1) and `strategy` (X's strategy,
part 2). `Match` is the spec with each side played by a kind of player; with
the spec's own players it has exactly the spec's steps.
"""

from __future__ import annotations

from checker.model import Label
from model.policy import Policy, load_policy
from model.state import O, X, State
from model.strategy import StrategyTicTacToe
from model.tictactoe import Board, Steps, TicTacToe, action


class Player:
    """How one side chooses its move."""

    #: the name on the command line, e.g. `--o any`
    kind: str = ""
    #: one line saying how it plays
    description: str = ""
    #: the `nondet` names its labels pick, for ITF's mbt::nondetPicks
    nondet_names: tuple[str, ...] = ()
    #: the sides it can play
    sides: tuple[str, ...] = (X, O)

    def moves(self, game: StrategyTicTacToe, board: Board, player: str) -> Steps:
        """Each (label, board after the move) `player` may choose; nothing when it has no move."""
        raise NotImplementedError


class AnyPlayer(Player):
    """`MoveToEmpty(player)`: any empty square (the lecture's part 1)."""

    kind = "any"
    description = "moves to any empty square (MoveToEmpty)"
    nondet_names = ("coordinate",)

    def moves(self, game, board, player):
        return game.MoveToEmpty(board, player)


class StrategyPlayer(Player):
    """The lecture's strategy for X: StartInCorner, then Win, Block, TakeCenter, SetupWin, MoveToEmpty."""

    kind = "strategy"
    description = "follows the lecture's strategy (Win, Block, TakeCenter, SetupWin, MoveToEmpty)"
    nondet_names = ("coordinate", "corner", "pattern")
    sides = (X,)

    def moves(self, game, board, player):
        return game.strategy(board)


class LearnedPlayer(Player):
    """A move whose board has the highest learned value (see `model.learning`); every tie is a choice.

    Each move is labelled with its value, e.g. `MoveO › learned  coordinate=(2,2) value=0.73`.
    """

    nondet_names = ("coordinate",)

    def __init__(self, policy: Policy, name: str):
        self.policy = policy
        self.kind = f"{LEARNED}{name}"
        self.description = f"plays the values learned in {name} (a move of highest value; any of tied moves)"
        self.sides = tuple(side for side in (X, O) if side in policy.values)

    def moves(self, game, board, player):
        options = [(label, moved, self.policy.value(player, moved)) for label, moved in game.MoveToEmpty(board, player)]
        best = max((value for _, _, value in options), default=None)
        for label, moved, value in options:
            if value == best:
                yield Label(("learned",), label.picks, (("value", f"{value:.2f}"),)), moved


#: the prefix of a learned player's kind: `learned:POLICY.json`
LEARNED = "learned:"

#: kind -> player, for `--x` and `--o`
KINDS: dict[str, Player] = {player.kind: player for player in (AnyPlayer(), StrategyPlayer())}


def player_kind(text: str) -> Player:
    """The player named `text` on the command line; ValueError says what is wrong."""
    if text in KINDS:
        return KINDS[text]
    if text.startswith(LEARNED):
        name = text[len(LEARNED) :]
        return LearnedPlayer(load_policy(name), name)
    raise ValueError(f"unknown player kind '{text[:40]}'; valid kinds: {', '.join(KINDS)}, {LEARNED}POLICY.json")


class Match(StrategyTicTacToe):
    """The spec `spec` with X's and O's moves chosen by player kinds.

    `MoveX` and `MoveO` keep the spec's guards (whose turn, the game not over)
    and ask the player for the move; everything else is the spec's.
    """

    def __init__(self, spec: type[TicTacToe], x: Player, o: Player, **options):
        for side, player in ((X, x), (O, o)):
            if side not in player.sides:
                raise ValueError(f"player kind '{player.kind}' plays {' and '.join(player.sides)} only, not {side}")
        self.x_player, self.o_player = x, o
        self.name, self.source = spec.name, spec.source
        self.invariant_docs, self.temporal_docs = spec.invariant_docs, spec.temporal_docs
        self.description = f"X {x.description}; O {o.description}"
        self.nondet_names = tuple(sorted({*spec.nondet_names, *x.nondet_names, *o.nondet_names}))
        super().__init__(**options)

    @action
    def MoveX(self, state: State):
        """`all { nextTurn == X, not(gameOver), <X's player moves>, nextTurn' = O }`"""
        if state.nextTurn == X and not self.gameOver(state.board):
            for label, board in self.x_player.moves(self, state.board, X):
                yield label, State(*board, O)

    @action
    def MoveO(self, state: State):
        """`all { nextTurn == O, not(gameOver), <O's player moves>, nextTurn' = X }`"""
        if state.nextTurn == O and not self.gameOver(state.board):
            for label, board in self.o_player.moves(self, state.board, O):
                yield label, State(*board, X)


def build(spec: type[TicTacToe], x: Player | None = None, o: Player | None = None, **options) -> TicTacToe:
    """The spec with the given player kinds; the spec itself when they are its own players."""
    x, o = x or KINDS[spec.players[0]], o or KINDS[spec.players[1]]
    if (x.kind, o.kind) == spec.players:
        return spec(**options)
    return Match(spec, x, o, **options)
