"""The steps of a trace through choices from sets too large to enumerate.

A search lists every step of a state, and a `nondet` over `Nat` or `0.to(2^256 - 1)` has too many. A
replay needs only the steps into the trace's next state: it goes down every branch of the state's tree of
choices (see `runtime.walk`), and where a `nondet` chooses from such a set (a `Draw`), it tries the value
the trace recorded for it (`mbt::nondetPicks`), or else every value the two states hold and every
difference of their integers, place by place (an amount sent is what a balance lost). Each step found is
a step of the spec, so no trace is accepted wrongly; a step whose value is none of these is not found,
and the replay says so.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping

from checker.model import order
from checker.quint.itf import recorded
from checker.quint.runtime import Choice, Draw, Exit, QRecord, Unset, from_value

#: the most values tried for one `nondet` over a set too large to enumerate (a state holds few more)
MAX_TRIED = 10_000


def steps_into(tree: Any, target: tuple, tried: Callable[[Draw], Iterable]) -> list:
    """The labels of the steps of a state's tree of choices into `target`, in the tree's order; `tried(draw)`
    gives the elements to try at a `nondet` over a set too large to enumerate."""
    labels = []
    for label, state in _ends(tree, tried):
        if state == target and label not in labels:
            labels.append(label)
    return labels


def _ends(node: Any, tried: Callable[[Draw], Iterable]) -> Iterator:
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


def _following(branch: Any, tried: Callable[[Draw], Iterable]) -> Iterator:
    """What follows a branch of a choice where it reaches the end of the choice's scope (an `Exit`),
    through any choice inside the branch."""
    ends = [branch] if type(branch) is Exit else _ends(branch, tried)
    for end in ends:
        if type(end) is Exit:
            yield from _ends(end.then, tried)


def values_tried(before: tuple | None, after: tuple, picks: Mapping[str, Any] | None) -> Callable[[Draw], list]:
    """What to try at each `nondet` over a set too large to enumerate, in a step from `before` (None: of
    `init`) into `after`: the value `picks` (Quint's values, by the names Quint records) gives it, or else
    those of the states (see the module's docstring), in a fixed order; only elements of its set."""
    held: list | None = None

    def tried(draw: Draw) -> list:
        nonlocal held
        name = recorded(draw.name)
        if picks is not None and name in picks:
            values = [from_value(picks[name])]
        else:
            if held is None:
                found = {part: None for value in after for part in _parts(value)}
                if before is not None:
                    found.update((part, None) for value in before for part in _parts(value))
                    found.update(dict.fromkeys(_differences(before, after)))
                held = sorted(found, key=order)[:MAX_TRIED]
            values = held
        return [value for value in values if value in draw.set]

    return tried


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
