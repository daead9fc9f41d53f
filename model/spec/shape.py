"""A spec of the lecture's shape, in Quint or TLA+, as a tic-tac-toe model with the board views.

A spec is of the game's shape when its state is a position: the variables `board` (n x n squares,
each empty or held by X or O) and `nextTurn` (X or O). A `.qnt` spec's shape is read from the
types of its variables (`model.spec.quint_shape`); a spec without types, such as a TLA+ one, from
the values its states hold (`model.spec.tla_shape`). Either way its `Positions` convert its
states to the transcription's `State` and back, and such a spec gets what the transcriptions
get: the board drawn (last move, winning line), the explorer's board, coverage outcomes, the
game's values, player kinds for a side, and `compare`. Its steps, invariants and temporal
properties stay the file's: the states are converted, nothing else is redone.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Hashable, Iterator, Mapping, Protocol

from checker.model import Label, Model, SpecError
from checker.properties.temporal import ActionPredicate, Fair, Fairness, Formula, StatePredicate
from model.spec.encoding import NotAGame
from model.spec.grid import Grid
from model.spec.quint_shape import QuintPositions
from model.spec.state import O, State, X
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from model.spec.tla_shape import TlaPositions
from model.spec.views import board_view

#: the most states the conversion keeps, each way (the lecture's specs have 871 and 5,478)
CACHED = 1 << 16
#: the most states searched to tell which sides follow a rule (see `SpecGame.rules`)
RULE_SEARCH = 200_000


class Positions(Protocol):
    """How a spec's states read as the game's positions, and back (one state per position)."""

    grid: Grid

    def position(self, state: Any) -> State:
        """The position `state` holds; ValueError says what in it is not a position of this grid."""

    def state(self, position: State) -> Any:
        """The spec's state that holds `position`."""


def positions_of(spec: Model) -> Positions:
    """How `spec`'s states read as positions: by its variables' types for a `.qnt` spec (Quint's IR in
    `spec.module`), else by its states' values (a model with `variables` and tuple states, as TLA+'s);
    NotAGame says why `spec` is not of the game's shape."""
    module = getattr(spec, "module", None)
    if isinstance(module, dict) and "declarations" in module:  # Quint's IR of the spec's main module
        return QuintPositions(spec)
    if hasattr(spec, "variables"):
        return TlaPositions(spec)
    raise NotAGame("its states are not a board and a turn")


class SpecGame(StrategyTicTacToe):
    """A spec of the lecture's shape (see the module's docstring): the file's steps and properties,
    on the transcription's states, so that every view, player kind and game value applies.

    `MoveX` and `MoveO` are the file's steps whose label starts with that action (the
    lecture's names); `strategy` is still the transcription's, for the player kind 'strategy'.
    """

    #: the player kind of each side: the spec's own actions
    players = ("spec", "spec")

    def __init__(self, spec: Model, positions: Positions):
        self.spec = spec
        self.positions = positions
        self.grid = positions.grid
        self.stutter = True
        self.name, self.source, self.description = spec.name, spec.source, spec.description
        self.nondet_names = spec.nondet_names
        self.action_paths = spec.action_paths
        self.canonical = None  # an edited spec need not play alike on rotated boards
        self.packed = None
        self.state_of = lru_cache(CACHED)(self._state_of)
        #: the file's state each `State` came from (`state_of`), so that going back converts nothing
        self.tuples: dict[State, tuple] = {}
        self.invariants = {name: replace(inv, holds=self.on_state(inv.holds)) for name, inv in spec.invariants.items()}
        self.default_invariants = spec.default_invariants
        self.invariants_declared = spec.invariants_declared
        self.required_invariants, self.required_temporal = spec.required_invariants, spec.required_temporal
        self.deadlock_check, self.temporal_parts = spec.deadlock_check, spec.temporal_parts
        if spec.constraint is not None:
            self.constraint = lambda state, previous: spec.constraint(
                self.tuple_of(state), None if previous is None else self.tuple_of(previous))
        self.unchecked_temporal = spec.unchecked_temporal
        self.temporal_properties = {
            name: replace(prop, formula=self._formula(prop.formula), fairness=self._fairness(prop.fairness))
            for name, prop in spec.temporal_properties.items()
        }
        if spec.evaluate is not None:
            self.evaluate = lambda state, text: spec.evaluate(self.tuple_of(state), text)
        if type(spec).show_value is not Model.show_value:  # the spec's language writes its values its own way
            self.pick_text = self.show_value = spec.show_value
        self.views = {"board": lambda state, previous=None: board_view(self.grid, state, previous)}
        self.views.update({name: self.on_states(show) for name, show in spec.views.items() if name != "board"})
        if spec.random_step is None:
            self.random_step = None  # simulation draws among the steps, as for the file
        self.outcomes = {
            "X won": lambda s: self.won(s.board, X),
            "O won": lambda s: self.won(s.board, O),
            "draw": lambda s: self.stalemate(s.board),
        }
        self._rules: dict[str, str] | None = None

    @property
    def definitions(self) -> dict:
        return {name: self.on_state(value) for name, value in self.spec.definitions.items()}

    # ---- the file's states as the transcription's, and back ---------------------

    def _state_of(self, state: Hashable) -> State:
        try:
            found = self.positions.position(state)
        except ValueError as error:
            raise SpecError(f"{self.source}: a state is not a {self.grid.size}x{self.grid.size} board: {error}") from None
        if len(self.tuples) < CACHED:
            self.tuples.setdefault(found, state)
        return found

    def tuple_of(self, state: State) -> Hashable:
        found = self.tuples.get(state)
        return found if found is not None else self.positions.state(state)

    def on_state(self, function):
        """`function` of the file's states as a function of `State`s."""
        return lambda state: function(self.tuple_of(state))

    def on_states(self, show: Callable[[Any, Any], str]) -> Callable[[State, State | None], str]:
        """A view of the file's states as a view of `State`s."""
        return lambda state, previous=None: show(self.tuple_of(state), None if previous is None else self.tuple_of(previous))

    def _formula(self, formula: Formula) -> Formula:
        initial = None if formula.initial is None else self._predicate(formula.initial)
        assuming = None if formula.assuming is None else self._predicate(formula.assuming)
        return Formula(formula.operator, tuple(map(self._predicate, formula.predicates)), formula.written, initial,
                       assuming)

    def _predicate(self, p: Any) -> Any:
        """A predicate of a formula (of a state, of a step, or a fairness condition) over the file's states,
        as one over `State`s."""
        if isinstance(p, StatePredicate):
            return StatePredicate(p.name, self.on_state(p.holds))
        if isinstance(p, ActionPredicate):
            return ActionPredicate(p.name, self.on_step(p.holds))
        return self._fair(p)

    def _fair(self, condition: Fair) -> Fair:
        if condition.enabled is None:
            return condition
        return Fair(condition.strong, condition.name, self.on_state(condition.enabled), self.on_step(condition.step))

    def _fairness(self, fairness: Any) -> Any:
        """A property's own fairness (a spec's conditions) over `State`s; "weak" or None as they are."""
        if not isinstance(fairness, Fairness):
            return fairness
        return Fairness(tuple(map(self._fair, fairness.conditions)), fairness.whole, fairness.how)

    def on_step(self, function):
        """`function` of two of the file's states as a function of two `State`s."""
        return lambda state, after: function(self.tuple_of(state), self.tuple_of(after))

    # ---- the model: the file's steps ---------------------------------------------

    def init(self) -> State:
        return self.init_states()[0]

    def init_states(self) -> list[State]:
        return [self.state_of(state) for state in self.spec.init_states()]

    def own_steps(self, state: State) -> Iterator[tuple[Label, State]]:
        """The file's `step`."""
        for label, after in self.spec.next_steps(self.tuple_of(state)):
            yield label, self.state_of(after)

    def step(self, state: State) -> Iterator[tuple[Label, State]]:
        return self.own_steps(state)

    @property
    def next_states(self):  # type: ignore[override]
        """The file's successors without their labels (faster), unless a subclass steps otherwise."""
        if type(self).step is not SpecGame.step or self.spec.next_states is None:
            return None
        return lambda state: [self.state_of(after) for after in self.spec.next_states(self.tuple_of(state))]

    def own_moves(self, side: str, state: State) -> Iterator[tuple[Label, State]]:
        """The file's steps through its action `MoveX` (or `MoveO` for O): the spec's own moves of `side`."""
        return ((label, after) for label, after in self.own_steps(state) if label.path[:1] == (f"Move{side}",))

    def MoveX(self, state: State) -> Iterator[tuple[Label, State]]:
        return self.own_moves(X, state)

    def MoveO(self, state: State) -> Iterator[tuple[Label, State]]:
        return self.own_moves(O, state)

    def random_step(self, state: State, rng) -> tuple[Label, State] | None:
        drawn = self.spec.random_step(self.tuple_of(state), rng)
        return None if drawn is None else (drawn[0], self.state_of(drawn[1]))

    def to_quint(self, state: State):
        return self.spec.to_quint(self.tuple_of(state))

    def from_quint(self, variables: Mapping[str, Any]) -> State:
        return self.positions.position(self.spec.from_quint(variables))

    def action_taken(self, label: Label | None) -> str:
        return self.spec.action_taken(label)

    def show_label(self, label: Label, view: str = "all") -> str:
        """In the file's own view (`quint`, `tla`), as the file's model shows it; beside a drawing, with
        the squares also named as `play` names them."""
        if view in self.spec.views:
            return self.spec.show_label(label, view)
        return super().show_label(label, view)

    def rules(self) -> dict[str, str]:
        """The sides whose moves in the file are fewer than the empty squares in some reachable position."""
        if self._rules is None:
            ruled: set[str] = set()
            seen, pending = set(self.init_states()), deque(self.init_states())
            while pending and len(seen) <= RULE_SEARCH and len(ruled) < 2:
                state = pending.popleft()
                successors = {after for _, after in self.step(state)} - {state}
                if successors and len(successors) < self.empty(state.board).bit_count():
                    ruled.add(state.nextTurn)
                for after in successors - seen:
                    seen.add(after)
                    pending.append(after)
            self._rules = {side: f"Move{side} of {self.source}" for side in self.sides if side in ruled}
        return self._rules

    def free_game(self) -> TicTacToe:
        return TicTacToe(self.grid.size)


def game_of(spec: Model) -> SpecGame | None:
    """`spec` as a tic-tac-toe model when it is of the game's shape (see `positions_of`), else None."""
    try:
        return SpecGame(spec, positions_of(spec))
    except NotAGame:
        return None


def as_game(spec: Model) -> TicTacToe:
    """`spec` as a tic-tac-toe model: itself when its states are positions already (a transcription, or a
    spec `game_of` gave), else `game_of`'s; SpecError says why a spec is not of the game's shape."""
    if isinstance(spec, TicTacToe):
        return spec
    try:
        return SpecGame(spec, positions_of(spec))
    except NotAGame as error:
        raise SpecError(f"{spec.source or spec.name} is not of the game's shape (variables board and nextTurn): {error}") from None


def comparable(spec: Model) -> tuple[TicTacToe, Callable[[State], Hashable]]:
    """What `compare` compares of `spec`: the tic-tac-toe model it is (`as_game`), and the position each of
    that model's states is, with the board's size (boards of different sizes are different positions)."""
    game = as_game(spec)
    size = game.grid.size
    return game, lambda state: (size, state)
