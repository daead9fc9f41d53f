"""A `.qnt` spec of the lecture's shape, evaluated, as a tic-tac-toe model with the board views.

The shape is read from the types of the state variables in Quint's IR, not
from names of files: exactly `board: int -> int -> Square` with
`Square = Occupied(Player) | Empty` and `nextTurn: Player` with
`Player = X | O` (type aliases or the sum types written out), and initial
boards of n x n squares numbered from 1. Such a spec gets what the
transcriptions get: the board drawn (last move, winning line), the explorer's
board, coverage outcomes, the game's values, and player kinds for a side.
Its steps, invariants and temporal properties stay the file's: the states are
converted to the transcription's `State` and back, nothing else is redone.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import lru_cache
from typing import Any, Iterator, Mapping

from checker.model import Label, Model, SpecError
from checker.properties.temporal import Formula, StatePredicate
from checker.quint.value import pretty
from model.spec.grid import Grid
from model.spec.quint import from_quint, to_quint
from model.spec.state import O, State, X
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
from model.spec.views import board_view

#: the most states the conversion keeps, each way (the lecture's specs have 871 and 5,478)
CACHED = 1 << 16
#: the most states searched to tell which sides follow a rule (see `SpecGame.rules`)
RULE_SEARCH = 200_000


def _types(module: dict) -> dict[str, dict]:
    return {d["name"]: d["type"] for d in module["declarations"] if d["kind"] == "typedef" and "type" in d}


def _resolve(t: dict | None, types: Mapping[str, dict]) -> dict | None:
    seen = 0
    while t is not None and t.get("kind") == "const" and t.get("name") in types and seen < 20:
        t, seen = types[t["name"]], seen + 1
    return t


def _sum(t: dict | None, types: Mapping[str, dict]) -> dict[str, dict] | None:
    """A sum type's variants: name -> the type it carries; None for another type."""
    t = _resolve(t, types)
    if t is None or t.get("kind") != "sum":
        return None
    return {f["fieldName"]: _resolve(f["fieldType"], types) for f in t["fields"]["fields"]}


def _unit(t: dict | None) -> bool:
    return t is not None and t.get("kind") == "tup" and not t["fields"]["fields"]


def _player(t: dict | None, types: Mapping[str, dict]) -> bool:
    variants = _sum(t, types)
    return variants is not None and set(variants) == {X, O} and all(map(_unit, variants.values()))


def has_game_state(module: dict) -> bool:
    """Whether the state variables are the lecture's, by their types: `board` and `nextTurn` (see above)."""
    types = _types(module)
    variables = {d["name"]: d.get("typeAnnotation") for d in module["declarations"] if d["kind"] == "var"}
    if set(variables) != {"board", "nextTurn"} or not _player(variables["nextTurn"], types):
        return False
    board = _resolve(variables["board"], types)
    if board is None or board.get("kind") != "fun" or _resolve(board["arg"], types).get("kind") != "int":
        return False
    row = _resolve(board["res"], types)
    if row is None or row.get("kind") != "fun" or _resolve(row["arg"], types).get("kind") != "int":
        return False
    square = _sum(row["res"], types)
    return (
        square is not None and set(square) == {"Empty", "Occupied"} and _unit(square["Empty"])
        and _player(square["Occupied"], types)
    )


def board_size(spec: Model) -> int | None:
    """n when `spec` (a `.qnt` evaluated) has the lecture's state and its initial boards are n x n; else None."""
    if not has_game_state(spec.module):
        return None
    records = [spec.to_quint(state) for state in spec.init_states()]
    if not records:
        return None
    n = len(records[0]["board"])
    if not 1 <= n <= 10:
        return None
    try:
        for record in records:
            from_quint(Grid(n), record)
    except ValueError:
        return None
    return n


class SpecGame(StrategyTicTacToe):
    """A `.qnt` of the lecture's shape (see the module's docstring): the file's steps and properties,
    on the transcription's states, so that every view, player kind and game value applies.

    `MoveX` and `MoveO` are the file's steps whose label starts with that action (the
    lecture's names); `strategy` is still the transcription's, for the player kind 'strategy'.
    """

    #: the player kind of each side: the spec's own actions
    players = ("spec", "spec")

    def __init__(self, spec: Model, size: int):
        self.spec = spec
        self.grid = Grid(size)
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
        self.unchecked_temporal = spec.unchecked_temporal
        self.temporal_properties = {
            name: replace(prop, formula=self._formula(prop.formula)) for name, prop in spec.temporal_properties.items()
        }
        self.views = {
            "board": lambda state, previous=None: board_view(self.grid, state, previous),
            "quint": lambda state, previous=None: pretty(self.to_quint(state)),
        }
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

    def _state_of(self, state: tuple) -> State:
        try:
            found = from_quint(self.grid, self.spec.to_quint(state))
        except ValueError as error:
            raise SpecError(f"{self.source}: a state is not a {self.grid.size}x{self.grid.size} board: {error}") from None
        if len(self.tuples) < CACHED:
            self.tuples.setdefault(found, state)
        return found

    def tuple_of(self, state: State) -> tuple:
        found = self.tuples.get(state)
        return found if found is not None else self.spec.from_quint(to_quint(self.grid, state))

    def on_state(self, function):
        """`function` of the file's states as a function of `State`s."""
        return lambda state: function(self.tuple_of(state))

    def _formula(self, formula: Formula) -> Formula:
        return Formula(formula.operator, tuple(StatePredicate(p.name, self.on_state(p.holds)) for p in formula.predicates))

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
        if type(self).step is not SpecGame.step:
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
        return from_quint(self.grid, self.spec.to_quint(self.spec.from_quint(variables)))

    def action_taken(self, label: Label | None) -> str:
        return self.spec.action_taken(label)

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
    """`spec` (a `.qnt` evaluated) as a tic-tac-toe model when it has the lecture's shape, else None."""
    size = board_size(spec)
    return None if size is None else SpecGame(spec, size)
