"""Replay an ITF trace through a model: is it one of the model's behaviours?

Each state must decode to a state of the model, state 0 must be initial, and
each state must follow from the one before by a step of the model; the
labels of those steps say which action explains them. When the trace carries
Quint's `mbt::actionTaken` / `mbt::nondetPicks`, the step must also be the one
they name. A `loop` must close with a step of the model too (or by repeating
a state). A trace that fails gets one line naming the state and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Hashable, Sequence

from checker.explore.trace import Trace
from checker.model import Invariant, Label, Model, Unlisted, order
from checker.quint.itf import (
    ACTION_TAKEN,
    NONDET_PICKS,
    ItfTrace,
    json_text,
    recorded,
    state_values,
    to_json,
)
from checker.quint.value import Record, Variant, flat


class NotABehaviour(Exception):
    """The trace is readable but is no behaviour of the model; the message says where."""


class Undecided(Exception):
    """ttt-check cannot tell whether the trace is a behaviour (a step chooses from a set too large to
    enumerate, and no value tried explains it); the message says where and why."""


@dataclass(frozen=True)
class Replayed:
    """A trace that is a behaviour of the model, with what holds in each state."""

    trace: Trace
    #: per state, the names of the invariants it violates
    violated: tuple[tuple[str, ...], ...]
    #: whether the trace's `mbt::` fields were checked
    mbt: bool
    #: variables of the trace the model does not have (and that were not checked)
    ignored: tuple[str, ...]


def differences(*values: Any, path: str = "") -> list[tuple]:
    """Where the last two of some Quint values of one shape differ: (path, each value there),
    e.g. ("board[1][2]", Empty, Occupied(X)) for two boards."""
    if values[-2] == values[-1]:
        return []
    if all(isinstance(v, dict) and v.keys() == values[0].keys() for v in values):
        found = []
        for key in sorted(values[0], key=order):
            if isinstance(values[0], Record):
                where = f"{path}.{key}" if path else key
            else:
                where = f"{path}[{flat(key)}]"
            found += differences(*(v[key] for v in values), path=where)
        return found
    return [(path, *values)]


def changes(before: Any, after: Any) -> list[str]:
    """Where two Quint values differ, as `path old -> new`, e.g. `board[1][2] Empty -> Occupied(X)`."""
    return [f"{path} {flat(old)} -> {flat(new)}" for path, old, new in differences(before, after)]


def corrections(before: Any, expected: Any, found: Any) -> list[str]:
    """What a step from `before` makes of each place where `found` differs from `expected`,
    e.g. `nextTurn should become X, not stay O`."""
    lines = []
    for path, was, should, got in differences(before, expected, found):
        if was == should:
            lines.append(f"{path} should stay {flat(should)}, not become {flat(got)}")
        elif was == got:
            lines.append(f"{path} should become {flat(should)}, not stay {flat(got)}")
        else:
            lines.append(f"{path} should become {flat(should)}, not {flat(got)}")
    return lines


def describe(changed: list[str]) -> str:
    return ", ".join(changed) if changed else "nothing"


def _picks(record: Any, index: int) -> dict:
    """The nondet picks an `mbt::nondetPicks` record names: name -> value for each `Some`."""
    if not isinstance(record, dict):
        raise NotABehaviour(f"state {index}: {NONDET_PICKS} is not a record")
    picks = {}
    for name, option in record.items():
        if not (isinstance(option, Variant) and (option.tag == "Some" or option == Variant("None"))):
            raise NotABehaviour(f"state {index}: {NONDET_PICKS}.{name} is {flat(option)}, not Some(value) or None")
        if option.tag == "Some":
            picks[name] = option.value
    return picks


#: what a state's `mbt::` fields say: the action taken and the picks (None: the trace has no such fields)
Said = tuple[str, dict] | None


def _mbt_text(taken: Any, picks: dict) -> str:
    """The step `mbt::` fields name, written as a label's picks are (`taken` is a string in a trace of
    Quint's, though a file may hold any value there)."""
    chosen = str(Label(picks=tuple(sorted(picks.items())))).strip()
    return f'{flat(taken)} with {chosen or "no picks"}'


class Replayer:
    """Replays traces through one model, remembering its variables and initial states."""

    def __init__(self, model: Model, invariants: Sequence[Invariant]):
        self.model = model
        self.invariants = list(invariants)
        self.variables = model.state_variables()
        names = model.trace_names()
        #: each variable's name in a trace
        self.named = {name: names.get(name, name) for name in self.variables}
        #: each initial state as `init` computed it (see `Model.arrived`)
        self.computed: dict = {}

    @cached_property
    def initial(self) -> dict[Hashable, list] | None:
        """Each initial state -> the labels of the choices of `init` that reach it (listed at the first trace
        that has a state); None when `init` chooses from a set too large to enumerate, or the model finds the
        steps into a state without listing them all (`Model.targets_steps`): then each trace's state 0 is
        explained alone."""
        if self.model.targets_steps:
            return None
        initial: dict[Hashable, list] = {}
        try:
            for label, state in self.model.init_steps():
                initial.setdefault(state, []).append(label)
                self.computed.setdefault(state, state)
        except Unlisted:
            return None
        return initial

    def replay(self, itf: ItfTrace, same_encoding: bool = False, from_any_state: bool = False) -> Replayed:
        """Check `itf` step by step; NotABehaviour names the first problem.

        With `same_encoding`, every state must also be written exactly as
        `checker.quint.itf` would write it (Quint's encoding). With
        `from_any_state`, state 0 may be any state of the model (a fragment
        of a behaviour, or a test harness's start): only the steps are checked.
        """
        model = self.model
        missing = [name for name in self.named.values() if name not in itf.vars]
        if missing:
            raise NotABehaviour(
                f"the trace has no variable '{missing[0]}' of spec '{model.name}' (it has: {', '.join(itf.vars)})"
            )
        mbt = ACTION_TAKEN in itf.vars and NONDET_PICKS in itf.vars
        states: list[Hashable] = []
        labels: list[Label | None] = []
        for index, values in enumerate(itf.states):
            state = self.decode(values, index)
            said = (values[ACTION_TAKEN], _picks(values[NONDET_PICKS], index)) if mbt else None
            if states:
                label = self.explain(states[-1], state, index, said)
                state = model.arrived(label, state)
            else:
                label = None if from_any_state else self.explain_initial(state, said)
                state = state if from_any_state or self.initial is None else self.computed[state]
                state = model.arrived(label, state) if not from_any_state and self.initial is None else state
            if same_encoding:
                self.compare_encoding(itf, index, state, label, mbt)
            states.append(state)
            labels.append(label if index else None)  # a trace's state 0 has no step into it
        if itf.loop is not None:
            self.check_loop(states, itf.loop)
        known = set(self.named.values())
        ignored = tuple(name for name in itf.vars if name not in known and not name.startswith("mbt::"))
        violated = tuple(tuple(inv.name for inv in self.invariants if not inv.holds(s)) for s in states)
        return Replayed(Trace(tuple(states), tuple(labels), itf.loop), violated, mbt, ignored)

    def decode(self, values: dict, index: int) -> Hashable:
        try:
            named = self.named
            return self.model.from_quint({name: values[named[name]] for name in self.variables if named[name] in values})
        except ValueError as error:
            raise NotABehaviour(f"state {index}: not a state of spec '{self.model.name}': {error}") from None

    def explain_initial(self, state: Hashable, said: Said) -> Label | None:
        """State 0 must be initial; its `mbt::` fields, when given (`said`), must name `init` and the picks
        of a choice of `init` that reaches it. The label of that choice (None when it has none)."""
        if self.initial is None:
            labels = self.steps_into(None, state, said, 0)
            if not labels:
                raise NotABehaviour(f"state 0 is not an initial state of spec '{self.model.name}'")
            return self.matching_mbt(labels, 0, said, initial=True)
        if state not in self.initial:
            nearest = min(self.initial, key=lambda s: len(self.diff(s, state)))
            raise NotABehaviour(
                f"state 0 is not an initial state of spec '{self.model.name}': "
                f"it differs from `init` in {describe(self.diff(nearest, state))}"
            )
        return self.matching_mbt(self.initial[state], 0, said, initial=True)

    def steps_into(self, before: Hashable | None, state: Hashable, said: Said, index: int) -> list:
        """The labels of the model's steps from `before` (None: of `init`) into `state`, the picks the `mbt::`
        fields record given (`said`): the first whose `mbt::` fields are those, or every one; Undecided when the
        model cannot tell."""
        accept = None if said is None else (lambda label: self.named_by_mbt(label, said))
        try:
            return self.model.steps_into(before, state, None if said is None else said[1], accept)
        except Unlisted as error:
            where = "`init` into state 0" if before is None else f"state {index - 1} to state {index}"
            said = f"state {index}: cannot tell whether a step of spec '{self.model.name}' leads from {where}"
            raise Undecided(f"{said}: {error}") from None

    def explain(self, before: Hashable, state: Hashable, index: int, said: Said) -> Label:
        """The label of the step from `before` into `state`; the `mbt::` fields, when given (`said`),
        must name it."""
        candidates = self.steps_into(before, state, said, index)
        if not candidates:
            raise NotABehaviour(self.no_step(before, state, index))
        return self.matching_mbt(candidates, index, said)

    def matching_mbt(self, candidates: list, index: int, said: Said, initial: bool = False) -> Label | None:
        """The first candidate label that the `mbt::` fields (`said`) name (any, without them): the
        action Quint records (`init` for state 0) and the value of every `nondet` it picked."""
        if said is None:
            return candidates[0]
        taken, picks = said
        for label in candidates:
            if self.named_by_mbt(label, said):
                return label
        shown = [str(label) if label is not None and str(label) else "" for label in candidates]
        steps = "; ".join(("init " + text).strip() if initial else text for text in shown)
        which = "steps" if len(candidates) > 1 else "step"
        lead = "lead" if len(candidates) > 1 else "leads"
        raise NotABehaviour(
            f"state {index}: the mbt:: fields say {_mbt_text(taken, picks)}, "
            f"but the {which} of spec '{self.model.name}' that {lead} here: {steps}"
        )

    def named_by_mbt(self, label: Label | None, said: tuple) -> bool:
        """Whether the `mbt::` fields (`said`) name the step of `label`: the action Quint records (`init` for
        state 0) and the value of every `nondet` it picked."""
        model, (taken, picks) = self.model, said
        chosen = {recorded(name): value for name, value in model.mbt_picks(label).items()}
        return model.action_taken(label) == taken and chosen == picks

    def diff(self, a: Hashable, b: Hashable) -> list[str]:
        return changes(self.model.to_quint(a), self.model.to_quint(b))

    def no_step(self, before: Hashable, state: Hashable, index: int) -> str:
        """Why no step leads from `before` to `state`: what the trace changes, and the nearest step."""
        model = self.model
        text = (
            f"state {index}: no step of spec '{model.name}' leads from state {index - 1} to state {index}, "
            f"which changes {describe(self.diff(before, state))}"
        )
        try:
            successors = list(model.next_steps(before))
        except Unlisted:  # the step chooses from a set too large to list, whose values the trace recorded
            return text
        if not successors:
            return text + f"; state {index - 1} has no successor at all"
        label, nearest = min(successors, key=lambda step: len(self.diff(step[1], state)))
        quint = model.to_quint
        fixes = corrections(quint(before), quint(nearest), quint(state))
        return text + f"; the nearest step is {label}, by which " + ", and ".join(fixes)

    def check_loop(self, states: list, loop: int) -> None:
        """The last state must step back to `states[loop]`, or repeat it."""
        last = states[-1]
        if last == states[loop]:
            return
        if not self.steps_into(last, states[loop], None, loop):
            raise NotABehaviour(
                f"loop: no step of spec '{self.model.name}' leads from the last state ({len(states) - 1}) "
                f"back to state {loop}, which would change {describe(self.diff(last, states[loop]))}"
            )

    def compare_encoding(self, itf: ItfTrace, index: int, state: Hashable, label: Label | None, mbt: bool) -> None:
        """The state must be written exactly as `checker.quint.itf` writes it (in Quint's style)."""
        ours = to_json(state_values(self.model, state, label, mbt, initial=index == 0))
        theirs = {name: value for name, value in itf.raw_states[index].items() if name != "#meta"}
        if list(ours) != [name for name in theirs if name in ours]:
            raise NotABehaviour(f"state {index}: variables in order {list(theirs)}, ttt-check writes {list(ours)}")
        for name, value in ours.items():
            difference = json_difference(theirs[name], value, name)
            if difference:
                raise NotABehaviour(f"state {index}: {difference}")
        expected_vars = [*self.named.values(), *([ACTION_TAKEN, NONDET_PICKS] if mbt else [])]
        if index == 0 and list(itf.vars) != expected_vars:
            raise NotABehaviour(f"'vars' is {list(itf.vars)}, ttt-check writes {expected_vars}")


def json_difference(theirs: Any, ours: Any, path: str) -> str | None:
    """Where two JSON values first differ (keys in order), or None when they are the same."""
    if isinstance(theirs, dict) and isinstance(ours, dict) and list(theirs) == list(ours):
        for key in theirs:
            found = json_difference(theirs[key], ours[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(theirs, list) and isinstance(ours, list) and len(theirs) == len(ours):
        for i, (a, b) in enumerate(zip(theirs, ours)):
            found = json_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if json_text(theirs, None) == json_text(ours, None):
        return None
    return f"{path} is written {json_text(theirs)}, ttt-check writes {json_text(ours)}"
