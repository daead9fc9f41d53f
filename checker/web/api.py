"""The explorer's JSON API, apart from HTTP: states named by their path from an initial state.

A path is a list of indices: the first picks an initial state, each next one
a successor of the state before, among its distinct successors in the
model's order (those `explore` counts as transitions). `[0, 2, 5]` is the
sixth successor of the third successor of the first initial state. A path is
all the server needs to find a state again, so a page's URL can carry it.

Answers are JSON objects; a client ignores keys it does not know, so more
can be added (e.g. a state's value under a solver) without breaking one.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterator, Sequence

from checker.explore.trace import Trace
from checker.model import Label, Model, SpecError
from checker.quint.value import flat


class RequestError(Exception):
    """A request the API cannot answer: `status` 400 (malformed) or 404 (no such state)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


#: the most digits of an index in a path: larger ones name no state of any model a machine holds
MOST_DIGITS = 18
#: expressions that may wait while another is evaluated (more are answered "busy" at once)
WAITING = 1
#: seconds an expression waits for its turn before it is answered "busy"
PATIENCE = 10.0


def parse_path(text: str) -> list[int]:
    """`"0/2/5"` as `[0, 2, 5]`; RequestError 400 when it is not such a path."""
    parts = text.strip("/").split("/")
    if parts == [""]:
        raise RequestError(400, "a path starts with an initial state's index, e.g. /api/state/0")
    if not all(part.isdigit() and part.isascii() for part in parts):
        raise RequestError(400, f"malformed path '{text.strip('/')}': expected indices separated by '/', e.g. 0/2/5")
    if any(len(part.lstrip("0")) > MOST_DIGITS for part in parts):  # no state has that many successors
        raise RequestError(400, f"an index of more than {MOST_DIGITS} digits is too large to be a state's")
    return [int(part) for part in parts]


def show(path: Sequence[int]) -> str:
    return "/".join(map(str, path))


class Turns:
    """One evaluation at a time, with a bounded queue: at most `waiting` more wait, each at most `patience`
    seconds; any other is answered "busy" (RequestError 503) rather than left to wait without end."""

    def __init__(self, waiting: int = WAITING, patience: float = PATIENCE):
        self.places = threading.BoundedSemaphore(1 + waiting)
        self.running = threading.Lock()
        self.patience = patience

    @contextmanager
    def turn(self) -> Iterator[None]:
        if not self.places.acquire(blocking=False):
            raise RequestError(503, "busy: Quint is evaluating other expressions; ask again in a moment")
        try:
            if not self.running.acquire(timeout=self.patience):
                raise RequestError(503, f"busy: Quint is still evaluating another expression after "
                                        f"{self.patience:g} s; ask again in a moment")
            try:
                yield
            finally:
                self.running.release()
        finally:
            self.places.release()


class Explorer:
    """Answers about `model`'s states, and the counterexamples found when it started.

    `counterexamples` are (property, kind, trace) with kind "invariant",
    "deadlock" or "temporal". `evaluate(variables, expression)` gives the value of
    a Quint expression of the spec where the variables have those values (Quint's
    REPL, `checker.quint.repl`), or None when expressions cannot be evaluated;
    one at a time, in `Turns`.
    """

    def __init__(
        self,
        model: Model,
        counterexamples: Sequence[tuple[str, str, Trace]] = (),
        evaluate: Callable[[Any, str], str] | None = None,
        turns: Turns | None = None,
    ):
        """`turns`: the queue of `evaluate` (default: `Turns()`)."""
        self.model = model
        self.evaluate_at = evaluate
        self.turns = turns or Turns()
        self.definitions = dict(model.definitions)
        self.initial = list(dict.fromkeys(model.init_states()))
        self.counterexamples = [self._counterexample(*found) for found in counterexamples]

    def steps(self, state: Hashable) -> list[tuple[Hashable, list[Label]]]:
        """The distinct successors of `state` in the model's order, each with the labels of its steps."""
        successors: dict[Hashable, list[Label]] = {}
        for label, successor in self.model.next_steps(state):
            successors.setdefault(successor, []).append(label)
        return list(successors.items())

    def walk(self, path: Sequence[int]) -> tuple[Hashable, list[Label]]:
        """The state at `path` and the (first) label of each step into it; RequestError 404 if none."""
        if not path or path[0] >= len(self.initial):
            raise RequestError(404, f"no initial state {path[0] if path else ''}: the spec has {len(self.initial)}")
        state, trail = self.initial[path[0]], []
        for depth, index in enumerate(path[1:], start=1):
            steps = self.steps(state)
            if index >= len(steps):
                has = f"{len(steps)} successor{'s' * (len(steps) != 1)}"
                raise RequestError(404, f"no state at {show(path)}: the state at {show(path[:depth])} has {has}")
            state, labels = steps[index]
            trail.append(labels[0])
        return state, trail

    def card(self, state: Hashable) -> dict[str, Any]:
        """How to show a state: the model's HTML (or null) and each view as text."""
        return {
            "html": self.model.to_html(state),
            "views": {name: view(state) for name, view in self.model.views.items()},
        }

    def state(self, path: Sequence[int]) -> dict[str, Any]:
        """`/api/state/PATH`: a state, its invariants, and its successors."""
        state, trail = self.walk(path)
        steps = self.steps(state)
        successors = [
            {
                "index": index,
                "path": [*path, index],
                "label": self.model.show_label(labels[0]),
                "labels": [self.model.show_label(other) for other in labels],
                "same": successor == state,
                **self.card(successor),
            }
            for index, (successor, labels) in enumerate(steps)
        ]
        invariants = [
            {"name": inv.name, "definition": inv.definition, "doc": inv.doc, "holds": bool(inv.holds(state)),
             #: ttt-check's own property, not in the spec's file
             "own": inv.own}
            for inv in self.model.reported_invariants()
        ]
        own = getattr(self.model.show_value, "__func__", None) is not Model.show_value  # the spec's own notation
        show = self.model.show_value if own else flat
        definitions = [{"name": name, "value": show(value(state))} for name, value in self.definitions.items()]
        return {
            "path": list(path),
            "depth": len(path) - 1,
            "label": self.model.show_label(trail[-1]) if trail else None,
            #: the label of each step along the path
            "trail": [self.model.show_label(label) for label in trail],
            **self.card(state),
            "invariants": invariants,
            #: the spec's state-dependent `val`s and their values here, in Quint's notation
            "definitions": definitions,
            "final": all(successor["same"] for successor in successors),
            "successors": successors,
        }

    def spec(self) -> dict[str, Any]:
        """`/api/spec`: what the spec is, its initial states, and the counterexamples."""
        model = self.model
        return {
            "name": model.name,
            "description": model.description,
            "source": model.source,
            "views": list(model.views),
            #: how to read the drawings (`Model.legend`), or ""
            "legend": model.legend("board"),
            "initial": [{"path": [index], **self.card(state)} for index, state in enumerate(self.initial)],
            "counterexamples": self.counterexamples,
            #: whether /api/eval answers (Quint's REPL is there for the spec)
            "expressions": self.evaluate_at is not None,
        }

    def evaluate(self, path: Sequence[int], expression: str) -> dict[str, Any]:
        """`/api/eval/PATH?expr=EXPR`: the value of a Quint expression of the spec at the state, as
        Quint prints it, or Quint's error message (several lines, with a caret) under "error"."""
        if self.evaluate_at is None:
            raise RequestError(404, "this spec has no .qnt file for Quint to evaluate expressions in")
        state, _ = self.walk(path)
        with self.turns.turn():
            try:
                return {"expression": expression, "value": self.evaluate_at(self.model.to_quint(state), expression)}
            except SpecError as error:
                return {"expression": expression, "error": str(error)}

    def path_of(self, states: Sequence[Hashable]) -> list[int]:
        """The path through `states`, a behaviour of the model from an initial state."""
        path = [self.initial.index(states[0])]
        for source, target in zip(states, states[1:]):
            path.append([successor for successor, _ in self.steps(source)].index(target))
        return path

    def _counterexample(self, prop: str, kind: str, trace: Trace) -> dict[str, Any]:
        return {
            "property": prop,
            "kind": kind,
            "path": self.path_of(trace.states),
            "labels": [None if label is None else self.model.show_label(label) for label in trace.labels],
            #: the index the last state steps back to forever (temporal lassos), else null
            "loop": trace.loop,
        }
