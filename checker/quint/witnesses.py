"""The steps of a trace, found in a state's tree of choices.

A replay needs only the steps from a trace's state into the next one, not every step of the state: it goes
down the state's tree of choices (see `runtime.walk`), where each `nondet` tries first the value the trace
recorded for it (`mbt::nondetPicks`), then the values the two states hold, the differences of their integers
and sets place by place (an amount sent is what a balance lost), and values made from those (`Tried.made`:
the ends of an interval, the subset of a powerset's base that the next state holds, a map holding a list,
or the values a map of records holds in one of their fields);
then its other elements. A branch that assigns a variable another value than the next state's is cut where it
assigns it (`runtime.TARGET`), so the choices made before each assignment are tried one after the other, not
all together.

It goes down the tree three times at most. The first time, a `nondet` over more than `FEW` elements (or over
a set kept as its definition, see `runtime.Draw`) tries those values only, so a step that makes few choices
is found at once even beside one that makes millions (a `setOfMaps` of 14,641 maps in Quint's lottery
example); the second time, a `nondet` over a set it built tries every element; the third time, one over a set
kept as its definition too, up to `MAX_TRIED` choices in all. Each step found is a step
of the spec, so no trace is accepted wrongly; when none is found but a value not tried might lead there (a
set too large to enumerate, or more choices than `MAX_TRIED`), the replay says it cannot tell
(`CannotTell`), never that the trace is no behaviour. Where the trace recorded the pick of a `nondet` over a
set kept as its definition, that pick alone is tried, as Quint's simulator made it.

Branches are computed as they are tried and never kept (a state's tree keeps them for `walk`), so a replay's
memory does not grow with the choices it tries.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

from checker.model import order
from checker.quint.errors import TooLarge
from checker.quint.itf import recorded
from checker.quint.lazy import Interval, Lazy, MapSet, Powerset
from checker.quint.runtime import TARGET, Choice, Draw, Exit, QList, QMap, QRecord, Unset, elements_of, from_value, nth_element, ordered

#: the most choices a replay tries for one step (each `nondet` element and `any` disjunct tried counts one)
MAX_TRIED = 200_000
#: a `nondet` over at most this many elements tries them all from the first time on
FEW = 16


class CannotTell(TooLarge):
    """No step was found, but one may exist: a `nondet` chooses a value that was not tried (the trace did not
    record it, the states do not hold it, and its set is too large to enumerate), or too many were."""


def steps_into(
    tree: Any, target: tuple, tried: "Tried", first: bool = False, accept: Callable[[Any], bool] | None = None
) -> list[tuple]:  # fmt: skip
    """The (label, state) of the steps of a state's tree of choices into `target` (equal to it), labels
    distinct: the first found with `first`; with `accept`, the first it accepts, or, when it accepts none,
    every one found. CannotTell when none is found (or accepted) but one may exist."""
    found: list[tuple] = []
    TARGET[0] = tuple.__getitem__(target, slice(None))
    try:
        for depth in range(3):
            tried.depth, tried.skipped = depth, False
            for label, state in _ends(tree, tried):
                if state == target and all(label != known for known, _ in found):
                    found.append((label, state))
                    if first or (accept is not None and accept(label)):
                        return [found[-1]]
            if not tried.skipped:  # this time tried every element already
                break
    except _Exhausted:
        if not found or accept is not None:
            raise CannotTell(f"more than {MAX_TRIED:,} choices of nondet values and any disjuncts to try") from None
        return found
    finally:
        TARGET[0] = None
    if not found and tried.guessed:
        raise CannotTell(
            "a nondet chooses from a set too large to enumerate, and none of the values tried (those the two "
            "states hold, and the differences of their integers) leads there: record the picks with quint run --mbt"
        )
    return found


def first_step(tree: Any) -> tuple | None:
    """The first (label, state) of a state's tree of choices, its elements taken in order (None: none within
    `MAX_TRIED` choices), without listing the others."""
    tried = Tried(None, (), None)
    tried.depth = 2
    try:
        return next(_ends(tree, tried), None)
    except _Exhausted:
        return None


class _Exhausted(Exception):
    """More than `MAX_TRIED` choices were tried."""


def _ends(node: Any, tried: "Tried") -> Iterator:
    """Every node that a walk of `node` can come to but a choice: down every branch tried, where `walk`
    takes one."""
    kind = type(node)
    if kind is Choice:
        for i in tried.indices(node):
            tried.count()
            yield from _following(node.branch(i), tried)
    elif kind is Draw:
        for element in tried.drawn(node):
            tried.count()
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
    """What to try at each `nondet`, in a step from `before` (None: of `init`) into `after`, in order: the
    value `picks` (Quint's values, by the names Quint records) gives it, those the states hold (see the
    module's docstring), then the others, as `depth` says."""

    def __init__(self, before: tuple | None, after: tuple, picks: Mapping[str, Any] | None):
        self.before, self.after, self.picks = before, after, picks
        self.held: list | None = None
        #: whether a `nondet` over a set too large to enumerate was not tried in full, its pick not recorded
        self.guessed = False
        #: whether some element was left untried at this `depth`
        self.skipped = False
        #: 0: a `nondet` over more than `FEW` elements tries the values the states hold only, 1: one over a set
        #: built tries every element, 2: one over a set kept as its definition too
        self.depth = 0
        self.tried = 0
        #: id of a nondet's element list -> (the list, element -> position)
        self.positions: dict[int, tuple[list, dict]] = {}

    def count(self) -> None:
        self.tried += 1
        if self.tried > MAX_TRIED:
            raise _Exhausted

    def recorded(self, name: str) -> list:
        """The value the trace recorded for the `nondet` `name`, if it did."""
        name = recorded(name)
        return [from_value(self.picks[name])] if self.picks is not None and name in self.picks else []

    def indices(self, choice: Choice) -> Iterator[int]:
        """The branches of a choice to try: of an `any`, every one; of a `nondet`, see the class docstring."""
        if choice.elements is None:
            yield from range(choice.size)
            return
        elements = choice.elements
        known = self.positions.get(id(elements))
        if known is None or known[0] is not elements:
            known = self.positions[id(elements)] = (elements, {element: i for i, element in enumerate(elements)})
        where = known[1]
        few = len(elements) <= FEW  # all are tried at once: the values the states hold need not come first
        tried = (*self.recorded(choice.name), *(() if few else self.values()))
        first = dict.fromkeys(where[value] for value in tried if value in where)
        yield from first
        if few or self.depth >= 1:
            yield from (i for i in range(len(elements)) if i not in first)
        else:
            self.skipped = True

    def drawn(self, draw: Draw) -> Iterator:
        """The elements to try at a `nondet` over a set kept as its definition: the pick the trace recorded, if
        it did; else the values the states hold, then, the second time, every element if they are not too many."""
        given = [value for value in self.recorded(draw.name) if value in draw.set]
        if self.picks is not None and recorded(draw.name) in self.picks:
            yield from given
            return
        s = draw.set
        first = dict.fromkeys(value for value in (*self.values(), *self.made(s)) if value in s)
        yield from first
        if self.depth < 2:
            self.skipped = True
            return
        every = elements_of(s, MAX_TRIED)
        if every is None:
            self.guessed = True
            return
        yield from (element for element in every if element not in first)

    def made(self, s: Lazy) -> list:
        """Values to try in a set kept as its definition besides those the states hold: the ends of an interval;
        a subset of a powerset's base whose elements the next state holds, or a set it holds does, or what such
        a set gained (evidence added to a set of messages)."""
        if isinstance(s, Interval):
            return [s.low, s.high]
        if isinstance(s, MapSet):
            return [*self.listed(s), *self.projected(s)]
        if not isinstance(s, Powerset):
            return []
        base = s.base
        sets = [value for value in self.values() if type(value) is frozenset]
        inside = [frozenset(x for x in value if x in base) for value in sets]
        return [frozenset(part for value in self.after for part in _parts(value) if part in base), *inside]

    def listed(self, s: MapSet) -> list:
        """Maps over integer keys that hold a list the states hold, at keys 0, 1, ...; the range's first element at
        the others (`ids.mapToList(n)`, a list of a map's first n values, is all a step keeps of the map `ids`)."""
        keys = ordered(s.domain)
        if not all(type(key) is int for key in keys) or not s.bounds() or not s.bounds()[0]:
            return []
        other = nth_element(s.range, 0)
        found = []
        for value in self.values():
            if type(value) is QList and all(x in s.range for x in value):
                found.append(QMap((key, value[key] if 0 <= key < len(value) else other) for key in keys))
        return found

    def projected(self, s: MapSet) -> list:
        """Maps over the set's keys that a map the states hold over them holds, each value as it is or as a part
        of what it holds (see `_ways`: an initial value per process, kept in each one's record)."""
        keys = ordered(s.domain)
        found = []
        for value in self.values():
            if not isinstance(value, dict) or not all(key in value for key in keys):
                continue
            entries = [value[key] for key in keys]
            for way in _ways(entries[0] if entries else None):
                try:
                    made = QMap(zip(keys, map(way, entries)))
                except (IndexError, TypeError):
                    continue
                if all(v in s.range for v in made.values()):
                    found.append(made)
        return found

    def values(self) -> list:
        if self.held is None:
            found = {part: None for value in self.after for part in _parts(value)}
            if self.before is not None:
                found.update((part, None) for value in self.before for part in _parts(value))
                found.update(dict.fromkeys(_differences(self.before, self.after)))
            self.held = sorted(found, key=order)
        return self.held


def _ways(value: Any, depth: int = 2) -> list:
    """Functions that take a value of `value`'s shape to itself or to a part of it: a record's field, a tuple's
    item, a list's first element, and those of these, `depth` deep."""
    ways: list = [lambda v: v]
    if depth == 0:
        return ways
    if type(value) is QRecord:
        inner = [(lambda v, i=i: v[i], value[i]) for i in range(1, len(value))]
    elif type(value) is tuple:
        inner = [(lambda v, i=i: v[i], value[i]) for i in range(len(value))]
    elif type(value) is QList and value:
        inner = [(lambda v: v[0], value[0])]
    else:
        inner = []
    for get, part in inner:
        ways += [lambda v, get=get, then=then: then(get(v)) for then in _ways(part, depth - 1)]
    return ways


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
    elif type(before) is frozenset and type(after) is frozenset:  # what a set gained, and lost
        yield after - before
        yield before - after
    elif isinstance(before, dict) and isinstance(after, dict):
        for key in before.keys() & after.keys():
            yield from _differences(before[key], after[key])
    elif isinstance(before, tuple) and isinstance(after, tuple) and len(before) == len(after):
        for a, b in zip(before, after):
            yield from _differences(a, b)
