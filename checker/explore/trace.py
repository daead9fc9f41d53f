"""Behaviours: sequences of states with the labels of the steps between them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Sequence

from checker.model import Label, Model


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


def label_of(model: Model, source: Hashable, target: Hashable) -> Label | None:
    """The first label (in the model's order) of a step from `source` to `target`."""
    for label, successor in model.next_steps(source):
        if successor == target:
            return label
    return None


def trace_through(model: Model, states: Sequence[Hashable], loop: int | None = None) -> Trace:
    """Label consecutive states with the steps of `model` that join them.

    The caller guarantees each step is a transition of the model.
    """
    labels = [None] + [label_of(model, a, b) for a, b in zip(states, states[1:])]
    return Trace(tuple(states), tuple(labels), loop)


def concretise(model: Model, canonical: Callable[[Hashable], Hashable], representatives: Sequence[Hashable]) -> list:
    """Real states, from a real initial state, whose classes are `representatives` in turn.

    A search under symmetry keeps one state per class, so its path may jump
    between symmetric boards. The transition relation is symmetric, so each
    real state has a successor in the next class: take the first one.
    """
    states = [next(s for s in model.init_states() if canonical(s) == representatives[0])]
    for wanted in representatives[1:]:
        states.append(next(t for _, t in model.next_steps(states[-1]) if canonical(t) == wanted))
    return states


def concretise_lasso(model: Model, canonical: Callable[[Hashable], Hashable], representatives: Sequence[Hashable],
                     loop: int) -> tuple[list, int]:
    """A real lasso whose states' classes follow the lasso of `representatives` (its last state steps back to
    `loop`): the path made real (`concretise`), then the loop followed round in real states until a real
    state comes back, which takes at most as many rounds as the symmetry has permutations."""
    states = concretise(model, canonical, representatives)
    cycle = list(representatives[loop:]) + [representatives[loop]]
    entries = {states[loop]: loop}
    while True:
        for wanted in cycle[1:]:
            states.append(next(t for _, t in model.next_steps(states[-1]) if canonical(t) == wanted))
        entry = states.pop()  # the loop's first class again: a real state seen before closes the lasso
        if entry in entries:
            return states, entries[entry]
        entries[entry] = len(states)
        states.append(entry)


def path_to(parents: Mapping[Any, Any], state: Hashable) -> list:
    """Follow parent links back to an initial state (whose parent is None)."""
    path = [state]
    while (state := parents[state]) is not None:
        path.append(state)
    path.reverse()
    return path
