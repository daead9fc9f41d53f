"""The tests of a `.qnt` spec, run as `quint test` runs them: `run` definitions (`init.then(step)`,
`n.reps(i => A)`, `A.expect(P)`, `A.fail()`, `nondet`), and any definition named as a test.

A run is evaluated step by step, as Quint's simulator does: an action of the
run that makes no run of its own (`init`, `step`, `x' = 1`, `all { assert(c), A }`)
is compiled by `checker.quint.evaluator` and drawn as `quint run` draws a step
(its `any` and `nondet` choices at random); the next state it assigns is
*pending* until `then` (or `reps`, or the end of the run) makes it the current
state and adds it to the run's trace. A variable no action of the run assigned
is unset (reading it is an error, as in Quint). The errors Quint reports with a
code keep it: `then` after a step that is false (QNT513), `reps` likewise,
`expect` after a false step or with a false condition (QNT508), a test that
returns false (QNT511).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from checker.explore.trace import Trace
from checker.model import Label
from checker.quint.errors import QuintError, Refused
from checker.quint.runtime import RETRY_BELOW, Lazy, Partial, Unset, drawn, ordered, walk
from checker.quint.show import shorten

#: the operators that compose the steps of a run
RUN_OPERATORS = frozenset({"then", "reps", "expect", "fail"})


class RunFailure(QuintError):
    """An error of a run that Quint reports with a code (`QNT513` ...), at the IR node `node`."""

    def __init__(self, code: str, message: str, node: dict):
        super().__init__(message)
        self.code, self.node = code, node.get("id")


@dataclass
class Outcome:
    """What one run of a test did: its value (None when it is not a boolean: Quint ignores such a test),
    or the error that stopped it, and the trace of its states."""

    value: Any
    trace: Trace
    error: QuintError | None = None


class Runner:
    """Runs the tests of one evaluated spec (a `checker.quint.spec_model.QuintSpec`)."""

    def __init__(self, spec):
        self.spec = spec
        self.program = spec.program
        self.unset = Partial(Unset(name) for name in self.program.variables)
        #: compiled actions and expressions, by (IR node id, local names)
        self.actions: dict[tuple, Any] = {}
        self.expressions: dict[tuple, Callable] = {}

    def tests(self, matches: Callable[[str], bool]) -> list[tuple[str, dict]]:
        """(name as the user writes it, definition) of each test: every definition of the main module, or
        imported into it, whose name `matches` (`quint test`'s default: the name ends with `Test`)."""
        found = []
        for name, definition in self.program.defs.items():
            shown = self.spec.display_name(name)
            if shown in self.spec.visible and matches(shown):
                found.append((shown, definition))
        return sorted(found, key=lambda item: self.spec._order(item[0]))

    # ---- one run -------------------------------------------------------------

    def run(self, definition: dict, rng) -> Outcome:
        """Run the test `definition` once, drawing its choices from `rng`."""
        self.rng = rng
        self.state, self.pending = self.unset, None
        self.states: list = []
        self.labels: list = []
        self.where = definition["name"]
        #: the picks of the run's own `nondet`s in scope, shown with each step
        self.picks: tuple = ()
        error, value = None, None
        try:
            value = self.eval(definition["expr"], {})
        except QuintError as failure:
            error = failure
        if error is None or self.pending is not None:  # a run stopped by a false step ends in the state it was in
            self.shift()
        return Outcome(value, Trace(tuple(self.states), tuple(self.labels)), error)

    def shift(self) -> None:
        """The pending next state becomes the current one, the next of the trace (Quint's `shift`):
        with no pending state, every variable is unset."""
        label, state = self.pending if self.pending is not None else (Label(("(no assignment)",)), self.unset)
        self.state, self.pending = state, None
        self.states.append(state)
        self.labels.append(label)

    def snapshot(self) -> tuple:
        return self.state, self.pending, len(self.states)

    def restore(self, snapshot: tuple) -> None:
        self.state, self.pending, size = snapshot
        del self.states[size:], self.labels[size:]

    # ---- evaluation ------------------------------------------------------------

    def eval(self, e: dict, scope: dict) -> Any:
        """The value of `e` in a run; an action's is whether it happened (its next state is then pending)."""
        program = self.program
        if not program.applies(e, RUN_OPERATORS):
            if program.is_action(e):
                return self.step(e, scope)
            return self.value(e, scope)
        kind = e["kind"]
        if kind == "let":
            opdef = e["opdef"]
            if opdef["qualifier"] == "nondet":
                return self.nondet(e, scope)
            return self.eval(e["expr"], {**scope, opdef["name"]: self.value(opdef["expr"], scope)})
        if kind == "name" and e["name"] not in scope and e["name"] in program.defs:
            return self.call(e["name"], [], scope)
        if kind != "app":
            raise Refused(f"a run of this shape ({kind}) is not supported by ttt-check test")
        op, args = e["opcode"], e["args"]
        if op == "then":
            if not self.eval(args[0], scope):
                first = args[0]  # Quint shows the second step of a `then` there, as the one that was false
                false = first["args"][1] if first["kind"] == "app" and first["opcode"] == "then" else first
                raise RunFailure("QNT513", "Cannot continue in `then` because the highlighted expression evaluated to false", false)
            self.shift()
            return self.eval(args[1], scope)
        if op == "reps":
            return self.reps(e, scope)
        if op == "expect":
            return self.expect(e, scope)
        if op == "fail":
            return not self.eval(args[0], scope)
        if op in ("actionAll", "and"):
            saved = self.snapshot()
            for part in args:
                if not self.eval(part, scope):
                    self.restore(saved)
                    return False
            return True
        if op in ("actionAny", "or"):
            saved = self.snapshot()
            for i in self.rng.sample(range(len(args)), len(args)):  # in a random order, as Quint tries them
                if self.eval(args[i], scope):
                    return True
                self.restore(saved)
            return False
        if op == "ite":
            return self.eval(args[1] if self.value(args[0], scope) else args[2], scope)
        if op == "matchVariant":
            return self.match(e, scope)
        if op in program.defs and op not in scope:
            return self.call(op, args, scope)
        raise Refused(f"{op} over the steps of a run is not supported by ttt-check test")

    def value(self, e: dict, scope: dict, draw: bool = False) -> Any:
        """An expression of the run, in the current state; `draw`: a set a `nondet` draws from, kept as its
        definition when a draw need not build it (see `checker.quint.evaluator.Program.kept`)."""
        key = (id(e), tuple(scope), draw)
        function = self.expressions.get(key)
        if function is None:
            function = self.expressions[key] = self.program.function(e, tuple(scope), self.where, draw)
        return function(self.state, scope)

    def step(self, e: dict, scope: dict) -> bool:
        """An action that makes no run of its own: one step drawn, its next state pending (False: disabled)."""
        key = (id(e), tuple(scope))
        compiled = self.actions.get(key)
        if compiled is None:
            compiled = self.program.compile_expression_action(e, tuple(scope), self.where)
            self.actions[key] = compiled
        drawn = walk(compiled.tree(self.state, scope), self.rng)
        if drawn is None:
            return False
        label, state = drawn
        shown = shorten(self.spec.show(e), 60)
        path = label.path if label.path[:1] == (shown,) else (shown, *label.path)
        self.pending = (Label(path, self.picks + label.picks), state)
        return True

    def call(self, name: str, args: list, scope: dict) -> Any:
        """A run or action definition applied to `args` (their values bound to its parameters)."""
        definition = self.program.defs[name]
        expr = definition["expr"]
        if expr["kind"] != "lambda":
            return self.eval(expr, {})
        values = [self.value(a, scope) for a in args]
        return self.eval(expr["expr"], {p["name"]: v for p, v in zip(expr["params"], values)})

    def reps(self, e: dict, scope: dict) -> Any:
        """`n.reps(i => A)`: A n times, shifting between them; a false one stops the run (QNT513)."""
        count, action = e["args"]
        n = self.value(count, scope)
        result: Any = True
        for i in range(n):
            if action["kind"] == "lambda":
                result = self.eval(action["expr"], {**scope, action["params"][0]["name"]: i})
            else:
                result = self.eval({"kind": "app", "opcode": action["name"], "args": [], "id": action.get("id")}, scope)
            if not result:
                raise RunFailure("QNT513", f"Reps loop could not continue after iteration #{i + 1} evaluated to false", e)
            if i < n - 1:
                self.shift()
        return result

    def expect(self, e: dict, scope: dict) -> bool:
        """`A.expect(P)`: A happened, and P holds in its next state (which stays pending)."""
        action, condition = e["args"]
        if not self.eval(action, scope):
            raise RunFailure("QNT508", 'Cannot continue to "expect"', e)
        self.state = self.pending[1] if self.pending is not None else self.unset
        if not self.value(condition, scope):
            raise RunFailure("QNT508", "Expect condition does not hold true", e)
        return True

    def nondet(self, e: dict, scope: dict) -> Any:
        """`nondet x = S.oneOf() body` in a run: a pick drawn; when the body is false, the next picks in
        turn (as Quint's simulator, for a set of fewer than 100 elements)."""
        opdef = e["opdef"]
        source = opdef["expr"]
        if not (source["kind"] == "app" and source["opcode"] == "oneOf"):
            raise Refused("nondet without oneOf is not supported")
        values = self.value(source["args"][0], scope, draw=True)
        if isinstance(values, Lazy):
            picks = drawn(values, self.rng)
        else:
            elements = ordered(values)
            if not elements:
                return False
            start = self.rng.randrange(len(elements))
            picks = (elements[start:] + elements[:start])[: 1 if len(elements) >= RETRY_BELOW else None]
        saved, outer = self.snapshot(), self.picks
        try:
            for pick in picks:
                self.picks = outer + ((opdef["name"], pick),)
                result = self.eval(e["expr"], {**scope, opdef["name"]: pick})
                if result is not False:
                    return result
                self.restore(saved)
            return False
        finally:
            self.picks = outer

    def match(self, e: dict, scope: dict) -> Any:
        args = e["args"]
        subject = self.value(args[0], scope)
        for i in range(1, len(args), 2):
            tag, case = args[i]["value"], args[i + 1]
            if tag in ("_", subject.tag):
                if case["kind"] == "lambda" and len(case["params"]) == 1:
                    return self.eval(case["expr"], {**scope, case["params"][0]["name"]: subject.value})
                return self.eval(case, scope)
        raise QuintError(f"No match for variant {subject.tag}")
