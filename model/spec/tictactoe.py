"""Part 1 of the lecture, "Jogando de qualquer jeito": both players move anywhere.

Each method is one Quint definition of `specs/tictactoe_random.qnt`, with the
same name; its docstring quotes the definition. Quint reads the state
variables implicitly, Python passes them: `state` (or `board` for the board
alone). An action is a generator of `(Label, value)` pairs, one per
nondeterministic choice; a disabled action yields nothing.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable, Iterator

from checker.model import Invariant, Label, Model
from checker.properties.temporal import (
    Formula,
    StatePredicate,
    TemporalProperty,
    eventually,
)
from model.spec.grid import Coordinate, Grid
from model.spec.quint import from_quint, square, to_quint
from model.spec.state import Board, O, State, X
from model.spec.symmetry import canonical
from model.spec.views import (
    board_html,
    board_view,
    board_width,
    choices_view,
    legend,
    quint_view,
    side_by_side,
    square_name,
)

Steps = Iterator[tuple[Label, Board]]


def action(method):
    """Name the steps of a Quint action: prefix its name to each step's label."""
    name = method.__name__

    @wraps(method)
    def named(*args) -> Iterator:
        for label, value in method(*args):
            yield label.within(name), value

    return named


class TicTacToe(Model[State]):
    """The tic-tac-toe spec where both players "play any old way"."""

    name = "random"
    description = "part 1 of the lecture: X and O both move to any empty square"
    source = "specs/tictactoe_random.qnt"
    #: `nondet coordinate` in MoveToEmpty
    nondet_names = ("coordinate",)
    #: the player kinds (see `model.players.kinds`) of X and O in this spec
    players = ("any", "any")

    #: the paths of MoveX's labels: its branches (part 2 has several)
    x_paths: tuple[tuple[str, ...], ...] = (("MoveX", "MoveToEmpty"),)

    #: invariant name -> (the definition it is, its `///` comment in the spec)
    invariant_docs = {
        "XHasNotWon": ("XHasNotWon", "X has not won. This does not hold: X can win."),
        "OHasNotWon": ("OHasNotWon", "O has not won. This does not hold either: without a strategy X can lose."),
        "NotStalemate": (
            "NotStalemate",
            "It's not a stalemate if one player has won or the board is not filled.",
        ),
        "inv": ("OHasNotWon", "OHasNotWon is the default invariant, as in part 2 (here it is violated)."),
    }

    #: the spec's state-dependent `val`s that read the board alone (the invariants' vals follow them)
    board_definitions: tuple[str, ...] = ("boardEmpty", "boardFull", "stalemate", "gameOver")

    #: invariants of ttt-check's own, not in the Quint spec (they need more than Quint can say)
    model_invariants: tuple[str, ...] = ()

    #: temporal property name -> its `///` comment in the spec
    temporal_docs = {
        "XMustEventuallyWin": "This is not always true: the game may end in a stalemate or with O winning.",
        "GameEventuallyEnds": (
            "Every game ends. This holds only under fairness: without it, a behaviour "
            "may stutter forever before the game is over."
        ),
    }

    def __init__(self, size: int = 3, k: int | None = None, stutter: bool = True):
        #: the board: `size` x `size`, `k` in a row wins (default: a whole row, as in the lecture)
        self.grid = Grid(size, k)
        #: keep `step`'s third disjunct (game over: nothing changes)
        self.stutter = stutter
        self.invariants = {
            name: Invariant(
                name,
                getattr(self, definition),
                doc,
                self.quint_body(name, definition),
                getattr(self, f"explain_{definition}", None),
                own=name in self.model_invariants,
            )
            for name, (definition, doc) in self.invariant_docs.items()
            # ttt-check's own invariants need the game's values, solved on the lecture's board only
            if name not in self.model_invariants or (size, self.grid.k) == (3, 3)
        }
        self.default_invariants = ("inv",)
        self.temporal_properties = {
            name: TemporalProperty(name, getattr(self, name)(), doc) for name, doc in self.temporal_docs.items()
        }
        self.views = {
            "board": lambda state, previous=None: board_view(self.grid, state, previous),
            "quint": lambda state, previous=None: quint_view(self.grid, state),
        }
        self.definitions = {
            name: (lambda state, f=getattr(self, name): f(state.board)) for name in self.board_definitions
        } | {
            name: getattr(self, definition)
            for name, (definition, _) in self.invariant_docs.items() if name not in self.model_invariants
        }
        self.action_paths = self.move_paths() + ((("GameOverStutter",),) if stutter else ())
        self.outcomes = {
            "X won": lambda s: self.won(s.board, X),
            "O won": lambda s: self.won(s.board, O),
            "draw": lambda s: self.stalemate(s.board),
        }
        # the fast engine where it is needed: 4x4 has millions of states, 3x3 checks in a blink
        self.packed = self.pack() if size == 4 else None

    def move_paths(self) -> tuple[tuple[str, ...], ...]:
        """The label paths of MoveX's and MoveO's steps (the branches coverage reports)."""
        return self.x_paths + (("MoveO", "MoveToEmpty"),)

    def pack(self):
        """These steps for the fast engine (`model.spec.packed`), which mirrors `step` as written here.

        None for a subclass whose moves differ: it must say how they pack (or do without).
        """
        if not self.moves_as(TicTacToe):
            return None
        from model.spec.packed import PackedBoards  # numpy, only when used

        return PackedBoards(self, strategy=False)

    def moves_as(self, spec: type["TicTacToe"]) -> bool:
        """Whether this model's steps are those of `spec` (a subclass may add only invariants or views)."""
        mine = type(self)
        return all(getattr(mine, name) is getattr(spec, name) for name in ("step", "MoveX", "MoveO"))

    def quint_body(self, name: str, definition: str) -> str:
        """The right-hand side of `val name = ...`: the Quint its method's docstring quotes."""
        if name != definition:
            return definition
        quoted = getattr(self, definition).__doc__.split("`")[1]
        return quoted.split(" = ", 1)[1]

    # ---- model interface -------------------------------------------------

    def init_states(self):
        return [self.init()]

    def next_steps(self, state: State) -> Iterator[tuple[Label, State]]:
        return self.step(state)

    def canonical(self, state: State) -> State:
        """Boards equal up to rotation and reflection play alike: a state's representative is its image with the least base-3 hash."""
        return canonical(self.grid, state)

    def to_quint(self, state: State):
        return to_quint(self.grid, state)

    def from_quint(self, variables) -> State:
        return from_quint(self.grid, variables)

    # ---- the game (see `checker.games.game`) --------------------------------

    #: the sides, X first: payoffs are X's
    sides = (X, O)

    def to_move(self, state: State) -> str:
        return state.nextTurn

    def payoff(self, state: State) -> int | None:
        """+1 when X has won, -1 when O has, 0 for a stalemate; None while the game goes on."""
        board = state.board
        if self.won(board, X):
            return 1
        if self.won(board, O):
            return -1
        return 0 if self.boardFull(board) else None

    def rules(self) -> dict[str, str]:
        """Both sides move to any empty square: no fixed rule."""
        return {}

    def free_game(self) -> "TicTacToe":
        return TicTacToe(self.grid.size, self.grid.k, self.stutter)

    def show_choices(self, state: State, marks) -> str:
        """The board with `marks[successor]` on the square each move takes."""
        return choices_view(self.grid, state, marks)

    def to_html(self, state: State) -> str:
        return board_html(self.grid, state)

    def legend(self, view: str) -> str:
        """Where a drawing is shown, how it names squares (`views.legend`)."""
        return legend(self.grid) if view in ("board", "all") else ""

    def combine_views(self, shown) -> str:
        """`--view all`: the drawing beside Quint's record, so each state is shown once (one under the
        other only where they do not fit in `views.PAGE_WIDTH` columns)."""
        return side_by_side(*shown.values(), least=board_width(self.grid))

    #: how a pick's value is written in a label (None: as Quint's picks are, `(3,1)`)
    pick_text: Callable[[Any], str] | None = None

    def show_label(self, label: Label, view: str = "all") -> str:
        """A picked square also named as `play` names it, `coordinate=(3,1) C1`, beside a drawing
        (Quint's view keeps Quint's notation alone); on screen only, not in ITF."""
        if view == "quint":
            return str(label)

        def letters(name, value) -> str | None:
            return square_name(value) if isinstance(value, tuple) and value in self.grid.bit else None

        return label.shown(letters, self.pick_text)

    def action_taken(self, label: Label | None) -> str:
        """`step`'s third disjunct is not a named action: `quint run --mbt` records ""."""
        if label is not None and label.path == ("GameOverStutter",):
            return ""
        return super().action_taken(label)

    # ---- definitions about coordinates -----------------------------------

    def square(self, board: Board, coordinate: Coordinate) -> str | None:
        """`def square(coordinate: (int, int)): Square = board.get(coordinate._1).get(coordinate._2)`

        The player occupying the square, or None for `Empty`.
        """
        return square(self.grid, board, coordinate)

    def hasPlayer(self, board: Board, coordinate: Coordinate, player: str) -> bool:
        """`def hasPlayer(coordinate, player) = match square(coordinate) { | Empty => false | Occupied(p) => player == p }`"""
        return bool(self.squares(board, player) & self.grid.bit[coordinate])

    def isEmpty(self, board: Board, coordinate: Coordinate) -> bool:
        """`def isEmpty(coordinate) = match square(coordinate) { | Empty => true | _ => false }`"""
        return not (board.x | board.o) & self.grid.bit[coordinate]

    # ---- definitions about the board -------------------------------------

    @staticmethod
    def squares(board: Board, player: str) -> int:
        """The mask of the squares `player` occupies."""
        return board.x if player == X else board.o

    def empty(self, board: Board) -> int:
        """The mask of the empty squares: `boardCoordinates.filter(isEmpty)`."""
        return self.grid.ALL & ~(board.x | board.o)

    def boardEmpty(self, board: Board) -> bool:
        """`val boardEmpty = boardCoordinates.forall(isEmpty)`"""
        return not (board.x | board.o)

    def boardFull(self, board: Board) -> bool:
        """`val boardFull = not(boardCoordinates.exists(isEmpty))`"""
        return (board.x | board.o) == self.grid.ALL

    def won(self, board: Board, player: str) -> bool:
        """`def won(player) = winningPatterns.exists(pattern => pattern.forall(coordinate => hasPlayer(coordinate, player)))`"""
        return self.grid.has_line(self.squares(board, player))

    def stalemate(self, board: Board) -> bool:
        """`val stalemate = boardFull and not(won(X)) and not(won(O))`"""
        return self.boardFull(board) and not self.won(board, X) and not self.won(board, O)

    def gameOver(self, board: Board) -> bool:
        """`val gameOver = won(X) or won(O) or boardFull`"""
        return self.won(board, X) or self.won(board, O) or self.boardFull(board)

    # ---- actions ---------------------------------------------------------

    def Move(self, board: Board, player: str, coordinate: Coordinate) -> Board | None:
        """`action Move(player, coordinate) = all { isEmpty(coordinate), board' = board.setBy(coordinate._1, row => row.set(coordinate._2, Occupied(player))) }`

        Deterministic: the new board, or None when the square is taken.
        """
        if not self.isEmpty(board, coordinate):
            return None
        bit = self.grid.bit[coordinate]
        return Board(board.x | bit, board.o) if player == X else Board(board.x, board.o | bit)

    @action
    def MoveToEmpty(self, board: Board, player: str) -> Steps:
        """`action MoveToEmpty(player) = all { not(gameOver), nondet coordinate = boardCoordinates.filter(isEmpty).oneOf() Move(player, coordinate) }`"""
        if self.gameOver(board):
            return
        for coordinate in self.grid.coordinates_of(self.empty(board)):
            yield Label(picks=(("coordinate", coordinate),)), self.Move(board, player, coordinate)

    @action
    def MoveX(self, state: State) -> Iterator[tuple[Label, State]]:
        """`action MoveX = all { nextTurn == X, MoveToEmpty(X), nextTurn' = O }`"""
        if state.nextTurn != X:
            return
        for label, board in self.MoveToEmpty(state.board, X):
            yield label, State(*board, O)

    @action
    def MoveO(self, state: State) -> Iterator[tuple[Label, State]]:
        """`action MoveO = all { nextTurn == O, MoveToEmpty(O), nextTurn' = X }`"""
        if state.nextTurn != O:
            return
        for label, board in self.MoveToEmpty(state.board, O):
            yield label, State(*board, X)

    @action
    def GameOverStutter(self, state: State) -> Iterator[tuple[Label, State]]:
        """`all { gameOver, board' = board, nextTurn' = nextTurn }`, `step`'s third disjunct.

        "If the game is over, we don't need to do anything": the state repeats.
        """
        if self.gameOver(state.board):
            yield Label(), state

    def init(self) -> State:
        """`action init = all { nextTurn' = X, board' = 1.to(3).mapBy(_ => 1.to(3).mapBy(_ => Empty)) }`"""
        return State(0, 0, X)

    def step(self, state: State) -> Iterator[tuple[Label, State]]:
        """`action step = any { MoveX, MoveO, all { gameOver, board' = board, nextTurn' = nextTurn } }`

        Without `stutter`, the third disjunct is dropped (as in earlier
        versions of the Quint example) and finished games deadlock.
        """
        yield from self.MoveX(state)
        yield from self.MoveO(state)
        if self.stutter:
            yield from self.GameOverStutter(state)

    # ---- invariants --------------------------------------------------------

    def XHasNotWon(self, state: State) -> bool:
        """`val XHasNotWon = not(won(X))`"""
        return not self.won(state.board, X)

    def OHasNotWon(self, state: State) -> bool:
        """`val OHasNotWon = not(won(O))`"""
        return not self.won(state.board, O)

    def NotStalemate(self, state: State) -> bool:
        """`val NotStalemate = not(stalemate)`"""
        return not self.stalemate(state.board)

    # ---- temporal properties -----------------------------------------------

    def XMustEventuallyWin(self) -> Formula:
        """`temporal XMustEventuallyWin = eventually(won(X))`"""
        return eventually(StatePredicate("won(X)", lambda state: self.won(state.board, X)))

    def GameEventuallyEnds(self) -> Formula:
        """`temporal GameEventuallyEnds = eventually(gameOver)`"""
        return eventually(StatePredicate("gameOver", lambda state: self.gameOver(state.board)))
