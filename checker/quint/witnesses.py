"""The steps of a trace through choices from sets too large to enumerate.

A search lists every step of a state, and a `nondet` over `Nat` or `0.to(2^256 - 1)` has too many. A
replay needs only the steps into the trace's next state: it goes down every branch of the state's tree of
choices (see `runtime.walk`), and where a `nondet` chooses from such a set (a `Draw`), it tries the value
the trace recorded for it (`mbt::nondetPicks`), or else every value the two states hold and every
difference of their integers, place by place (an amount sent is what a balance lost). Each step found is
a step of the spec, so no trace is accepted wrongly; when none is found but a value not tried might lead
there, the replay says it cannot tell (`CannotTell`), never that the trace is no behaviour.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from checker.model import order
from checker.quint.errors import TooLarge
from checker.quint.itf import recorded
from checker.quint.runtime import Choice, Draw, Exit, QRecord, Unset, from_value

#: the most branches of `nondet`s over sets too large to enumerate tried for one step (nested ones multiply)
MAX_TRIED = 100_000


class CannotTell(TooLarge):
    """No step was found, but one may exist: a `nondet` over a set too large to enumerate chooses a value
    that was not tried (the trace did not record it, and the states do not hold it), or too many were."""


def steps_into(tree: Any, target: tuple, tried: "Tried", first: bool = False) -> list:
    """The labels of the steps of a state's tree of choices into `target`, in the tree's order (only the
    first with `first`); `tried` gives the elements to try at a `nondet` over a set too large to enumerate.
    CannotTell when none is found but one may exist."""
    labels = []
    for label, state in _ends(tree, tried):
        if state == target and label not in labels:
            labels.append(label)
            if first:
                break
    if not labels and tried.guessed:
        raise CannotTell(
            "a nondet chooses from a set too large to enumerate, and none of the values tried (those the two "
            "states hold, and the differences of their integers) leads there: record the picks with quint run --mbt"
        )
    return labels


def _ends(node: Any, tried: "Tried") -> Iterator:
    """Every node that a walk of `node` can come to but a choice: down every branch, where `walk` takes one."""
    kind = type(node)
    if kind is Choice:
        for i in range(node.size):
            yield from _following(node.get(i), tried)
    elif kind is Draw:
        for element in tried(node):
            yield from _following(node.branch(element), tried)
    elif node is not None:
        yield node


def _following(branch: Any, tried: "Tried") -> Iterator:
    """What follows a branch of a choice where it reaches the end of the choice's scope (an `Exit`),
    through any choice inside the branch."""
    ends = [branch] if type(branch) is Exit else _ends(branch, tried)
    for end in ends:
        if type(end) is Exit:
            yield from _ends(end.then, tried)


class Tried:
    """What to try at each `nondet` over a set too large to enumerate, in a step from `before` (None: of
    `init`) into `after`: the value `picks` (Quint's values, by the names Quint records) gives it, or else
    those of the states (see the module's docstring), in a fixed order; only elements of its set."""

    def __init__(self, before: tuple | None, after: tuple, picks: Mapping[str, Any] | None):
        self.before, self.after, self.picks = before, after, picks
        self.held: list | None = None
        #: whether some value was tried that the trace did not record (then a step not found may exist)
        self.guessed = False
        self.branches = 0

    def __call__(self, draw: Draw) -> list:
        name = recorded(draw.name)
        if self.picks is not None and name in self.picks:
            values = [from_value(self.picks[name])]
        else:
            self.guessed = True
            values = self.values()
        found = [value for value in values if value in draw.set]
        self.branches += len(found)
        if self.branches > MAX_TRIED:
            raise CannotTell(f"more than {MAX_TRIED:,} choices of nondets over sets too large to enumerate to try")
        return found

    def values(self) -> list:
        if self.held is None:
            found = {part: None for value in self.after for part in _parts(value)}
            if self.before is not None:
                found.update((part, None) for value in self.before for part in _parts(value))
                found.update(dict.fromkeys(_differences(self.before, self.after)))
            self.held = sorted(found, key=order)
        return self.held


def _parts(value: Any) -> Iterator:
    """The value and every value inside it: elements, keys, entries, fields, a variant's tag and value
    (none of a variable left unset)."""
    if type(value) is Unset:
        return
    yield value
    if isinstance(value, dict):
        for key, entry in value.items():
            yield from _parts(key)
            yield from _parts(entry)
    elif type(value) is QRecord:
        for field in value[1:]:
            yield from _parts(field)
    elif isinstance(value, (tuple, frozenset)):  # and a variant, a tuple of its tag and value
        for element in value:
            yield from _parts(element)


def _differences(before: Any, after: Any) -> Iterator[int]:
    """Both differences of each pair of integers at one place of two values of one shape."""
    if type(before) is int and type(after) is int:
        yield after - before
        yield before - after
    elif isinstance(before, dict) and isinstance(after, dict):
        for key in before.keys() & after.keys():
            yield from _differences(before[key], after[key])
    elif isinstance(before, tuple) and isinstance(after, tuple) and len(before) == len(after):
        for a, b in zip(before, after):
            yield from _differences(a, b)
