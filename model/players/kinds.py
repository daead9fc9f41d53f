"""Player kinds: who chooses X's and O's moves, as models of the spec.

A player kind is a nondeterministic rule: every move it may choose is a
separate step of the model, so a check covers every way it may play. The
lecture has two: `any` (MoveToEmpty, part 1) and `strategy` (X's strategy,
part 2). `Match` is the spec with each side played by a kind of player; with
the spec's own players it has exactly the spec's steps.
"""

from __future__ import annotations

from checker.model import Label
from model.players.keeps_value import ValuedStrategy
from model.players.policy import Policy, load_policy
from model.players.solver import OUTCOMES, position_values, score
from model.spec.shape import SpecGame
from model.spec.state import O, X, State
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import Board, Steps, TicTacToe, action


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
    #: the boards (size, k in a row) it can play on; None for any
    boards: tuple[tuple[int, int], ...] | None = None
    #: whether it plays alike on boards equal up to rotation and reflection (so --symmetry is sound)
    symmetric: bool = True

    @property
    def branches(self) -> tuple[tuple[str, ...], ...]:
        """The label paths of its moves below MoveX/MoveO, for coverage: by default its kind."""
        return ((self.kind,),)

    def moves(self, game: StrategyTicTacToe, board: Board, player: str) -> Steps:
        """Each (label, board after the move) `player` may choose; nothing when it has no move."""
        raise NotImplementedError


class AnyPlayer(Player):
    """`MoveToEmpty(player)`: any empty square (the lecture's part 1)."""

    kind = "any"
    description = "moves to any empty square (MoveToEmpty)"
    nondet_names = ("coordinate",)
    branches = (("MoveToEmpty",),)

    def moves(self, game, board, player):
        return game.MoveToEmpty(board, player)


class StrategyPlayer(Player):
    """The lecture's strategy for X: StartInCorner, then Win, Block, TakeCenter, SetupWin, MoveToEmpty."""

    kind = "strategy"
    description = "follows the lecture's strategy (Win, Block, TakeCenter, SetupWin, MoveToEmpty)"
    nondet_names = ("coordinate", "corner", "pattern")
    sides = (X,)
    branches = tuple(path[1:] for path in StrategyTicTacToe.x_paths)

    def moves(self, game, board, player):
        return game.strategy(board)


class ValuePlayer(Player):
    """Moves to a position of the best game value (`model.players.solver`); every tied best move is a choice."""

    nondet_names = ("coordinate",)
    #: the game's values are solved on the lecture's board (larger ones have millions of positions)
    boards = ((3, 3),)
    #: rank by the depth-aware score (win sooner, lose later), not by the outcome alone
    exact = False

    def notes(self, value, sign: int) -> tuple:
        """What the label says about the chosen move's value, for the side `sign`."""
        return (("value", OUTCOMES[sign * value.payoff]),)

    def moves(self, game, board, player):
        state = State(*board, player)
        solution = position_values(game.grid.size, state)
        best = set(solution.best_moves(state, self.exact))
        sign = solution.sign(state)
        other = O if player == X else X
        for label, after in game.MoveToEmpty(board, player):
            position = State(*after, other)
            if position in best:
                notes = self.notes(solution.values[position], sign)
                yield Label((self.kind,), label.picks, notes), after


class MinimaxPlayer(ValuePlayer):
    """Minimax: +1 win, -1 loss, 0 draw; a random tie-break, every tied move (the checker covers each)."""

    kind = "minimax"
    description = "a move of the best minimax value, +1 win / 0 draw / -1 loss (any of the tied ones)"


class PerfectPlayer(ValuePlayer):
    """Minimax with depth-aware scores: +10-depth for a win, depth-10 for a loss, 0 for a draw."""

    kind = "perfect"
    description = "a move of the best depth-aware score: win soonest, lose latest (any of the tied ones)"
    exact = True

    def notes(self, value, sign):
        return super().notes(value, sign) + (("score", score(value, sign)),)


class LearnedPlayer(Player):
    """A move whose board has the highest learned value (see `model.players.learning`); every tie is a choice.

    Each move is labelled with its value, e.g. `MoveO › learned  coordinate=(2,2) value=0.73`.
    """

    nondet_names = ("coordinate",)
    #: its moves are labelled `learned`, whatever the file (see `moves`)
    branches = (("learned",),)

    def __init__(self, policy: Policy, name: str):
        self.policy = policy
        self.kind = f"{LEARNED}{name}"
        self.description = f"plays the values learned in {name} (a move of highest value; any of tied moves)"
        self.sides = tuple(side for side in (X, O) if side in policy.values)
        self.boards = ((policy.size, policy.size),)
        #: values learned per board need not agree on a board's rotations; shared ones do
        self.symmetric = policy.symmetry

    def moves(self, game, board, player):
        options = [(label, moved, self.policy.value(player, moved)) for label, moved in game.MoveToEmpty(board, player)]
        best = max((value for _, _, value in options), default=None)
        for label, moved, value in options:
            if value == best:
                yield Label(("learned",), label.picks, (("value", f"{value:.2f}"),)), moved


#: the prefix of a learned player's kind: `learned:POLICY.json`
LEARNED = "learned:"

#: kind -> player, for `--x` and `--o`
KINDS: dict[str, Player] = {
    player.kind: player for player in (AnyPlayer(), StrategyPlayer(), MinimaxPlayer(), PerfectPlayer())
}


def player_kind(text: str) -> Player:
    """The player named `text` on the command line; ValueError says what is wrong."""
    if text in KINDS:
        return KINDS[text]
    if text.startswith(LEARNED):
        name = text[len(LEARNED) :]
        if not name:
            raise ValueError(f"'{LEARNED}' needs the policy file `ttt-check learn` wrote: {LEARNED}POLICY.json")
        return LearnedPlayer(load_policy(name), name)
    raise ValueError(f"unknown player kind '{text[:40]}'; valid kinds: {', '.join(KINDS)}, {LEARNED}POLICY.json")


def check_players(players: dict[str, Player | None], grid) -> None:
    """ValueError when a player cannot play its side, or on `grid`'s board."""
    board = (grid.size, grid.k)
    for side, player in players.items():
        if player is None:
            continue
        if side not in player.sides:
            raise ValueError(f"player kind '{player.kind}' plays {' and '.join(player.sides)} only, not {side}")
        if player.boards is not None and board not in player.boards:
            shown = ", ".join(f"{n}x{n} with {k} in a row" for n, k in player.boards)
            raise ValueError(f"player kind '{player.kind}' plays on {shown} only, not on {board[0]}x{board[0]} "
                             f"with {board[1]} in a row")


class Match(ValuedStrategy):
    """The spec `spec` with X's and O's moves chosen by player kinds.

    `MoveX` and `MoveO` keep the spec's guards (whose turn, the game not over)
    and ask the player for the move; everything else is the spec's.
    """

    def __init__(self, spec: type[TicTacToe], x: Player, o: Player, **options):
        self.x_player, self.o_player = x, o
        self.name, self.source = spec.name, spec.source
        self.invariant_docs, self.temporal_docs = spec.invariant_docs, spec.temporal_docs
        self.description = f"X {x.description}; O {o.description}"
        self.fixed_rules = {side: p.kind for side, p in ((X, x), (O, o)) if p.kind != "any"}
        self.nondet_names = tuple(sorted({*spec.nondet_names, *x.nondet_names, *o.nondet_names}))
        super().__init__(**options)
        check_players({X: x, O: o}, self.grid)
        if not (x.symmetric and o.symmetric):
            self.canonical = None  # no symmetry reduction: a player may tell rotated boards apart
            kind = next(p.kind for p in (x, o) if not p.symmetric)
            self.no_symmetry = (
                f"--symmetry cannot be used with player kind '{kind}': it may play rotated or reflected boards "
                f"differently" + (" (the policy was learned without --symmetry)" if kind.startswith(LEARNED) else "")
            )

    def move_paths(self) -> tuple[tuple[str, ...], ...]:
        """Each player's branches, below MoveX and MoveO."""
        sides = (("MoveX", self.x_player), ("MoveO", self.o_player))
        return tuple((action, *branch) for action, player in sides for branch in player.branches)

    def rules(self) -> dict[str, str]:
        """The sides whose player follows a rule (every kind but `any`)."""
        return self.fixed_rules

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


class SpecMatch(SpecGame):
    """A spec of the lecture's shape (`SpecGame`) with a side, or both, played by a player kind.

    A side without a player keeps the spec's own moves: its steps through the
    action `MoveX` (or `MoveO`). A side with one loses them, and moves as
    `Match` moves it: when it is its turn and the game is not over, any
    move its player may choose. The spec's other steps (stuttering once the
    game is over) stay as they are.
    """

    def __init__(self, game: SpecGame, x: Player | None, o: Player | None):
        actions = {path[0] for path in game.spec.action_paths if path}  # the actions the spec's step takes
        for missing in ("MoveX", "MoveO"):
            if missing not in actions:
                raise ValueError(
                    f"{game.source} has no action {missing}: a player kind takes a side's moves only in a spec "
                    f"whose step moves X through MoveX and O through MoveO, as the lecture's"
                )
        super().__init__(game.spec, game.positions)
        self.replaced = {X: x, O: o}
        check_players(self.replaced, self.grid)
        self.players = tuple(player.kind if player else "spec" for player in (x, o))
        self.description = "; ".join(
            f"{side} {player.description if player else f'plays Move{side} of the spec'}"
            for side, player in self.replaced.items()
        )
        self.nondet_names = tuple(sorted({*self.nondet_names, *(n for p in (x, o) if p for n in p.nondet_names)}))
        replaced = {f"Move{side}" for side, player in self.replaced.items() if player}
        self.action_paths = tuple(path for path in self.action_paths if path[:1] and path[0] not in replaced) + tuple(
            (f"Move{side}", *branch) for side, player in self.replaced.items() if player for branch in player.branches
        )

    def moves(self, side: str, state: State):
        """The moves of `side`: its player's, guarded as `Match.MoveX`, or the spec's own."""
        player = self.replaced[side]
        if player is None:
            yield from self.own_moves(side, state)
        elif state.nextTurn == side and not self.gameOver(state.board):
            after_turn = O if side == X else X
            for label, board in player.moves(self, state.board, side):
                yield label.within(f"Move{side}"), State(*board, after_turn)

    def MoveX(self, state: State):
        return self.moves(X, state)

    def MoveO(self, state: State):
        return self.moves(O, state)

    def step(self, state: State):
        yield from self.MoveX(state)
        yield from self.MoveO(state)
        for label, after in self.own_steps(state):
            if label.path[:1] not in (("MoveX",), ("MoveO",)):
                yield label, after

    def rules(self) -> dict[str, str]:
        """The sides that follow a rule, named by their player kind (the spec's own: `MoveX of FILE`)."""
        return {side: self.replaced[side].kind if self.replaced[side] else rule for side, rule in super().rules().items()}


def build(spec: type[TicTacToe], x: Player | None = None, o: Player | None = None, **options) -> TicTacToe:
    """The spec with the given player kinds; the spec itself when they are its own players."""
    x, o = x or KINDS[spec.players[0]], o or KINDS[spec.players[1]]
    if (x.kind, o.kind) == spec.players:
        return spec(**options)
    return Match(spec, x, o, **options)
