"""Behaviours: sequences of states with the labels of the steps between them.

Which shortest counterexample is printed among equals is a rule over the states and labels alone, so
that every engine of one spec (a Python transcription, the `.qnt` evaluated, the packed engine) prints
the same: of all shortest paths from an initial state to a target, the least, compared step by step from
the start. Its initial state is the least (`Model.sort_key`) that begins a shortest path; each step is
the least (`step_key`: by its label's action path, then the values it picks, then the state it leads
to) that continues one. An engine finds which states lie on a shortest path (`alive`, level by level
backwards from the targets), then `least_trace` walks forwards through them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

from checker.model import Label, Model, SpecError

#: the most rounds of a lasso's loop followed in real states before its first real state comes back
LASSO_ROUNDS = 10_000


@dataclass(frozen=True)
class Trace:
    """A behaviour `states[0] -> states[1] -> ...`.

    `labels[i]` says why `states[i]` follows `states[i - 1]` (`labels[0]` is
    None: `states[0]` is initial). For a lasso, `loop` is the index the last
    state steps back to; a loop to the last state itself is stuttering.
    """

    states: tuple[Hashable, ...]
    labels: tuple[Label | None, ...]
    loop: int | None = None

    def __len__(self) -> int:
        return len(self.states)


def label_key(model: Model, label: Label | None) -> tuple:
    """Where a step's label comes among the labels of one state's steps: by its path of actions (as
    text), then by the values it picks (`Model.value_key`), in the order it names them; its notes do not
    count."""
    if label is None:
        return ()
    return label.path, tuple((name, model.value_key(value)) for name, value in label.picks)


def step_key(model: Model, label: Label | None, target: Hashable) -> tuple:
    """Where a step comes among one state's steps: by its label, then by the state it leads to."""
    return label_key(model, label), model.sort_key(target)


def label_of(model: Model, source: Hashable, target: Hashable) -> Label | None:
    """The least label (`label_key`) of a step from `source` to `target`."""
    labels = [label for label, successor in model.next_steps(source) if successor == target]
    return min(labels, key=lambda label: label_key(model, label), default=None)


def trace_through(model: Model, states: Sequence[Hashable], loop: int | None = None) -> Trace:
    """Label consecutive states with the steps of `model` that join them.

    The caller guarantees each step is a transition of the model.
    """
    labels = [None] + [label_of(model, a, b) for a, b in zip(states, states[1:])]
    return Trace(tuple(states), tuple(labels), loop)


def successors(model: Model, state: Hashable) -> Iterable[Hashable]:
    """The successors of `state`, unlabelled (by the model's faster way when it has one)."""
    if model.next_states is not None:
        return model.next_states(state)
    return (successor for _, successor in model.next_steps(state))


def deadlocked(model: Model, state: Hashable) -> bool:
    """Whether no step leaves `state`."""
    return not any(True for _ in successors(model, state))


def alive(
    model: Model, levels: Sequence[Sequence[Hashable]], is_target: Callable[[Hashable], bool],
    canonical: Callable[[Hashable], Hashable] = lambda state: state,
) -> list[set]:
    """The states of each level on a shortest path to a target of the last level: the targets there, and
    in each level before, the states with a step into the next level's set. `levels` are a breadth-first
    search's (with `canonical`, of representatives: a step leads into the class of its target)."""
    found = [{state for state in levels[-1] if is_target(state)}]
    for level in reversed(levels[:-1]):
        after = found[-1]
        found.append({state for state in level if any(canonical(t) in after for t in successors(model, state))})
    return found[::-1]


def least_trace(
    model: Model, on_path: Sequence[Callable[[Hashable], bool]],
    canonical: Callable[[Hashable], Hashable] = lambda state: state,
) -> Trace:
    """The least shortest path (see the module's doc) through states that `on_path[i]` accepts at depth
    i, as a search that found them (see `alive`) keeps them: with `canonical`, as representatives, of
    which the path takes real states, from a real initial state, each a real step of the model."""
    starts = [state for state in model.init_states() if on_path[0](canonical(state))]
    states, labels = [min(starts, key=model.sort_key)], [None]
    for accepts in on_path[1:]:
        label, state = least_step(model, states[-1], lambda t: accepts(canonical(t)))
        states.append(state)
        labels.append(label)
    return Trace(tuple(states), tuple(labels))


def least_step(model: Model, state: Hashable, accepts: Callable[[Hashable], bool]) -> tuple[Label, Hashable]:
    """The least step (`step_key`) from `state` into a state that `accepts` accepts: (label, state)."""
    steps = [(label, t) for label, t in model.next_steps(state) if accepts(t)]
    return min(steps, key=lambda step: step_key(model, *step))


def concretise_lasso(model: Model, canonical: Callable[[Hashable], Hashable], representatives: Sequence[Hashable],
                     loop: int) -> tuple[list, int]:
    """A real lasso whose states' classes follow the lasso of `representatives` (its last state steps back to
    `loop`): the least real path through those classes (`least_trace`), then the loop followed round in
    real states until a real state comes back, which takes at most as many rounds as the symmetry has
    permutations."""
    states = list(least_trace(model, [(lambda s, r=r: s == r) for r in representatives], canonical).states)
    if loop == len(states) - 1 and not any(canonical(t) == representatives[loop] for _, t in
                                           model.next_steps(states[-1])):
        return states, loop  # the last state stutters
    cycle = list(representatives[loop:]) + [representatives[loop]]
    entries = {states[loop]: loop}
    for _ in range(LASSO_ROUNDS):
        for wanted in cycle[1:]:
            step = next((t for _, t in model.next_steps(states[-1]) if canonical(t) == wanted), None)
            if step is None:
                raise _no_real_cycle()
            states.append(step)
        entry = states.pop()  # the loop's first class again: a real state seen before closes the lasso
        if entry in entries:
            return states, entries[entry]
        entries[entry] = len(states)
        states.append(entry)
    raise _no_real_cycle()


def _no_real_cycle() -> SpecError:
    """Why a lasso among the kept states has no lasso of real states behind it."""
    return SpecError("the property is violated, but its counterexample cannot be written as a behaviour: the states "
                     "the search kept for one (the cfg's VIEW or SYMMETRY) have steps that its other states lack, so "
                     "the cycle found among them is not one of real states (TLC may fail to print it too)")


def path_to(parents: Mapping[Any, Any], state: Hashable) -> list:
    """Follow parent links back to an initial state (whose parent is None)."""
    path = [state]
    while (state := parents[state]) is not None:
        path.append(state)
    path.reverse()
    return path
