"""The interface between a specification and the checkers.

In the spirit of Stateright's `Model` trait: a model gives its initial states,
the labelled successors of a state, its named properties and ways to show a
state. The checkers (BFS, liveness, simulation, replay) know only this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    Generic,
    Hashable,
    Iterable,
    Iterator,
    Mapping,
    NamedTuple,
    TypeVar,
)

from checker.digits import decimal

S = TypeVar("S", bound=Hashable)


class SpecError(Exception):
    """The spec cannot be read or evaluated; the message says why in terms of the spec, in one line
    unless `formatted`."""

    #: the message is laid out over several lines already (as Quint lays out its own), to print as it is
    formatted = False


class Unlisted(SpecError):
    """The model cannot list these states or steps (they choose from a set too large to enumerate), though
    it may draw one (`random_init`, `random_step`) or tell whether a given one is a step (`steps_into`)."""


class Label(NamedTuple):
    """Why a step happened: the path of actions taken and the nondet picks.

    Rendered as `MoveX › Block  pattern={(1,1),(1,2),(1,3)} coordinate=(1,3)` (see `Model.show_label`).
    `notes` are facts about the step that are not nondet picks of the spec (a
    player's reason, such as `value=draw`): shown, but not written to ITF.
    """

    path: tuple[str, ...] = ()
    picks: tuple[tuple[str, Any], ...] = ()
    notes: tuple[tuple[str, Any], ...] = ()

    def within(self, action: str) -> "Label":
        """The same step, seen from the enclosing `action`."""
        return Label((action,) + self.path, self.picks, self.notes)

    def __str__(self) -> str:
        return self.shown()

    def shown(
        self, note: Callable[[str, Any], str | None] = lambda name, value: None, show: Callable[[Any], str] | None = None
    ) -> str:
        """The label as `str` writes it, with `note(name, value)`, when it says something,
        after the value: `coordinate=(3,1) C1` (a model's other name for the value); each value as
        `show` writes it (by default as Quint's picks are shown, `(3,1)`)."""
        show = show or _compact
        text = " › ".join(self.path)
        shown = self.picks + self.notes
        if shown:
            words = []
            for name, value in shown:
                extra = note(name, value)
                words.append(f"{name}={show(value)}" + (f" {extra}" if extra else ""))
            text += "  " + " ".join(words)
        return text


def _compact(value: Any) -> str:
    """Short notation for nondet picks: tuples `(1,3)`, sets `{(1,1),(1,2)}`."""
    if isinstance(value, tuple):
        return "(" + ",".join(_compact(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(_compact(v) for v in sorted(value, key=order)) + "}"
    if isinstance(value, int) and not isinstance(value, bool):
        return decimal(value)
    return str(value)


def order(value: Any) -> tuple:
    """A sort key that orders any two values of a spec, even of different types.

    Values of one type sort as Python sorts them (numbers by value, tuples
    element by element); sets sort by their sorted elements; maps and
    records by their sorted items. Python itself cannot compare `1` with
    `"a"`, nor order sets, and a trace read from a file may hold such mixtures.
    """
    if isinstance(value, bool):
        return (0, value)
    if isinstance(value, int):
        return (1, value)
    if isinstance(value, str):
        return (2, value)
    if isinstance(value, tuple):
        return (3, tuple(order(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return (4, tuple(sorted(order(v) for v in value)))
    return (5, tuple(sorted((order(k), order(v)) for k, v in value.items())))


@dataclass(frozen=True)
class Invariant(Generic[S]):
    """A named state predicate that must hold in every reachable state."""

    name: str
    holds: Callable[[S], bool]
    doc: str = ""
    #: what the spec defines it as, e.g. `not(won(O))`, shown next to its name
    definition: str = ""
    #: says, for a state that violates it, what is wrong there (shown after a counterexample)
    explain: Callable[[S], str] | None = None
    #: the checker's own property, not declared in the spec's file (one the spec's language cannot state)
    own: bool = False

    def __str__(self) -> str:
        return f"{self.name} = {self.definition}" if self.definition else self.name


class Model(Generic[S]):
    """A transition system with named properties.

    Subclasses set the attributes below and implement `init_states` and
    `next_steps`. States must be hashable and immutable.
    """

    #: Short name used on the command line, e.g. "strategy".
    name: str = ""
    #: One line saying what the model is.
    description: str = ""
    #: The source the model implements, e.g. "specs/tictactoe.qnt".
    source: str = ""
    #: Named invariants, in the order they are listed to users.
    invariants: Mapping[str, Invariant[S]] = {}
    #: Invariants checked when none is named (Quint's `inv`).
    default_invariants: tuple[str, ...] = ()
    #: Whether `invariants` are properties the spec declares (reported when none is named, as by `replay`),
    #: rather than, as for a `.qnt` spec, every boolean definition, any of which may be named.
    invariants_declared: bool = True
    #: Named temporal properties (see `checker.properties.temporal`).
    temporal_properties: Mapping[str, Any] = {}
    #: The spec's temporal properties of a shape the checker does not decide: name -> why, in one line.
    unchecked_temporal: Mapping[str, str] = {}
    #: Ways to show a state, by view name: `show(state, previous state or None)`.
    views: Mapping[str, Callable[[S, S | None], str]] = {}
    #: Every `nondet` name of the spec: the fields of `quint run --mbt`'s `mbt::nondetPicks`.
    nondet_names: tuple[str, ...] = ()
    #: Every path a step's label can have (`Label.path`), e.g. `("MoveX", "Win")`: the
    #: actions and branches coverage reports, so that one no step takes shows as dead.
    action_paths: tuple[tuple[str, ...], ...] = ()
    #: The spec's state-dependent nullary definitions (Quint `val`s: `gameOver`, `canWin`...), in the
    #: spec's order: name -> the definition's value at a state, as a Quint value (see `checker.quint.value`).
    definitions: Mapping[str, Callable[[S], Any]] = {}
    #: Named predicates that tell how a final state ended, e.g. "X won", for coverage.
    outcomes: Mapping[str, Callable[[S], bool]] = {}
    #: Optional symmetry: state -> the representative of its class (for `--symmetry`).
    #: The steps and every invariant must respect it: symmetric states have
    #: symmetric successors, and an invariant holds in all of a class or in none.
    canonical: Callable[[S], S] | None = None
    #: Why `canonical` is None where the spec itself has a symmetry (a part of the model breaks it), for --symmetry.
    no_symmetry: str = ""
    #: Whether the search always reduces by `canonical` (a TLA+ cfg's SYMMETRY or VIEW), not only with --symmetry.
    symmetry_required: bool = False

    #: Seconds Quint took in this run to compile the spec, before any search (None: nothing compiled, or
    #: the compiled spec came from the cache), which a report says apart from the search's own time.
    compile_seconds: float | None = None
    #: Optional fast engine: the states as integers, stepped in numpy batches
    #: (see `checker.explore.packed.Packed`); None when the model has none.
    packed: Any = None
    #: Invariants and temporal properties checked whatever else is named (a TLA+ cfg's INVARIANT and
    #: PROPERTY), and whether a deadlock is an error (the cfg's CHECK_DEADLOCK; None: the command's default).
    required_invariants: tuple[str, ...] = ()
    required_temporal: tuple[str, ...] = ()
    deadlock_check: bool | None = None
    #: Optional `constraint(state, previous) -> bool`: whether a state reached from `previous` (None: an initial
    #: state) is in the model (TLC's CONSTRAINT and ACTION_CONSTRAINT); one outside is checked against the
    #: invariants but neither counted nor expanded, and a state whose successors are all outside is no deadlock.
    constraint: Callable[[S, S | None], bool] | None = None
    #: Whether `constraint` reads the state alone, not the step into it (no ACTION_CONSTRAINT): then a state
    #: seen already is known to be inside, and the search asks it of new states only.
    constraint_of_states: bool = False
    #: Whether an error of the spec met during a search is shown after the behaviour that reaches it (as TLC
    #: shows it), rather than alone.
    error_behaviours: bool = False
    #: Whether the search stops at the first depth where an invariant is violated or a deadlock found, the
    #: other invariants left unknown (TLC's rule, without -continue); otherwise it goes on until each is decided.
    first_violation_stops: bool = False
    #: Whether a counterexample of an invariant or a deadlock is the least of the shortest ones (every level up
    #: to it expanded again to find it, so that it depends on the spec alone, not on the order of the search);
    #: otherwise it is the path the search found to the least violating state of the first level with one (what
    #: TLC prints: as short, and found at no cost).
    least_traces: bool = True
    #: A temporal property that is a conjunction -> the names of its parts, each in `temporal_properties`.
    temporal_parts: Mapping[str, tuple[str, ...]] = {}

    def alternatives(self) -> Iterator["Model[S]"]:
        """The same spec under each other choice its tool could make where this model cannot tell which one it
        makes (TLC's order of strings deciding a TLA+ CHOOSE), as the last search met them; `ttt-check` checks
        each, and answers only when all give the same figures and verdicts (it builds the model to try them:
        other commands refuse such a choice). None by default."""
        return iter(())

    def alternatives_note(self, count: int) -> str:
        """The note when the `alternatives`, `count` of them, all give the same answer as this model."""
        return f"the {count + 1} choices this spec leaves to its tool give the same figures and verdicts"

    def choices_made(self) -> bool:
        """Whether the last search made a choice this model cannot tell (see `alternatives`)."""
        return False

    def alternatives_differ(self, error: SpecError | None = None) -> SpecError:
        """The error when the `alternatives` do not all give the same answer, or when one of them (this model,
        or another) stops on `error`."""
        return SpecError("the choices this spec leaves to its tool give different answers")

    def reported_invariants(self) -> list[Invariant[S]]:
        """The invariants a report shows when none is named: every declared one, or the default ones of a
        spec whose every boolean definition is an invariant one may name (see `invariants_declared`)."""
        if self.invariants_declared:
            return list(self.invariants.values())
        return [self.invariants[name] for name in self.default_invariants if name in self.invariants]

    def init_states(self) -> Iterable[S]:
        """The initial states, in a deterministic order."""
        raise NotImplementedError

    def next_steps(self, state: S) -> Iterator[tuple[Label, S]]:
        """Every (label, successor) pair, one per nondeterministic choice."""
        raise NotImplementedError

    #: Optional `random_step(state, rng) -> (label, successor) | None`: one step drawn as the spec's
    #: own simulator draws it (`quint run`); without it, simulation draws uniformly among `next_steps`.
    random_step: Callable[[S, Any], tuple[Label, S] | None] | None = None

    #: Optional `random_init(rng) -> state | None`: an initial state drawn as the spec's own simulator draws
    #: it, for a model whose initial states are too many to list (None: `init` is not enabled).
    random_init: Callable[[Any], S | None] | None = None

    #: Optional `next_states(state) -> list`: the successors of `next_steps`, in its order, without their
    #: labels; a search that needs no labels uses it when the model has a faster way to compute them.
    next_states: Callable[[S], list[S]] | None = None

    def to_quint(self, state: S) -> Any:
        """The state as a Quint record of its variables (see `checker.quint.value`),
        in the order the spec's `init` assigns them (the order of ITF's `vars`)."""
        raise NotImplementedError

    def from_quint(self, variables: Mapping[str, Any]) -> S:
        """The state a record of Quint values stands for; ValueError says what is wrong."""
        raise NotImplementedError

    def init_steps(self) -> Iterable[tuple[Label | None, S]]:
        """Every (label, initial state) of the spec's `init`: the label of a step into an initial state says
        what `quint run --mbt` records for it (None when the model records nothing but `init`)."""
        return ((None, state) for state in self.init_states())

    def steps_into(
        self, state: S | None, target: S, picks: Mapping[str, Any] | None = None,
        accept: Callable[[Label | None], bool] | None = None,
    ) -> list[Label | None]:  # fmt: skip
        """The labels of the steps from `state` (None: of `init`) into `target`, for a replay. `picks`: the
        values a trace recorded for the step's `nondet`s (`mbt::nondetPicks`), for a model that cannot list
        every step (one choosing from a set too large to enumerate) to try first. `accept`: the replay needs
        only one label it accepts, and a model may stop at it (it lists every label when it accepts none)."""
        steps = self.init_steps() if state is None else self.next_steps(state)
        return [label for label, successor in steps if successor == target]

    #: whether `steps_into` finds the steps into a state without listing every step (then a replay does not
    #: list the initial states either)
    targets_steps = False

    def arrived(self, label: Label | None, target: S) -> S:
        """The state the step of `label` (found by the last `steps_into`) leads to, equal to `target` but as the
        model computed it: a replay goes on from it (it may hold what a trace does not, such as the order a set
        is iterated in)."""
        return target

    def state_variables(self) -> list[str]:
        """The names of the state's variables, in the order of `to_quint`."""
        return list(self.to_quint(next(iter(self.init_states()))))

    def trace_names(self) -> dict[str, str]:
        """The name an ITF trace gives each variable of `state_variables` whose name there differs (Quint's
        simulator writes the variables of a module imported whole as the module declares them)."""
        return {}

    def sort_key(self, state: S) -> tuple:
        """Where `state` comes in the order a shortest counterexample is chosen by (`checker.explore.trace`):
        the `order` of its Quint record, so that every engine of one spec orders its states alike; for a
        model that has no Quint record, the `order` of the state itself."""
        try:
            value = self.to_quint(state)
        except NotImplementedError:
            value = state
        return order(value)

    def value_key(self, value: Any) -> tuple:
        """Where a value an action picked comes among the values picked there, for the same order."""
        return order(value)

    def init_label(self, state: S) -> Label | None:
        """The label of the first step of `init` into `state` (see `init_steps`)."""
        return next(iter(self.steps_into(None, state)), None)

    def mbt_picks(self, label: Label | None) -> dict[str, Any]:
        """The picks `quint run --mbt` records (`mbt::nondetPicks`) for a step: its label's picks."""
        return dict(label.picks) if label is not None else {}

    def action_taken(self, label: Label | None) -> str:
        """The action `quint run --mbt` records (`mbt::actionTaken`) for a step:
        `init` for an initial state, else the action of `step` the label starts with."""
        if label is None:
            return "init"
        return label.path[0] if label.path else ""

    #: Optional `evaluate(state, text) -> str`: the value of an expression of the spec's language at a state,
    #: written as the language writes it (SpecError when it cannot be evaluated there); None: the model
    #: evaluates no expression itself (a .qnt spec's go to Quint's REPL).
    evaluate: Callable[[S, str], str] | None = None

    def show_value(self, value: Any) -> str:
        """A value of the spec's (a definition's, a pick's) as the spec's language writes it."""
        return str(value)

    def to_html(self, state: S) -> str | None:
        """The state as an HTML fragment for the explorer, or None to show its views as text."""
        return None

    def format_state(self, state: S, view: str, previous: S | None = None) -> str:
        """The state in one view, or in every view for `view == "all"` (laid out by `combine_views`).

        `previous` is the state before the step into `state`, for views that
        mark what the step changed.
        """
        if view == "all":
            return self.combine_views({name: show(state, previous) for name, show in self.views.items()})
        return self.views[view](state, previous)

    def legend(self, view: str) -> str:
        """One line saying how to read the states shown in `view` (what a drawing's labels mean), printed
        once above them; '' when they need none."""
        return ""

    def combine_views(self, shown: Mapping[str, str]) -> str:
        """How `--view all` lays out one state's text in every view (view name -> text):
        by default one under the other. A model whose views say the same thing in
        different forms may place them side by side instead."""
        return "\n".join(shown.values())

    def show_label(self, label: Label, view: str = "all") -> str:
        """A step's label as a reader sees it above the state shown in `view`: by default
        `str(label)`. A model may add display notes (such as another name of a picked
        value); they stay on screen, as ITF records only the label's picks."""
        return str(label)

