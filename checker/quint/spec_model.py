"""A `.qnt` file as a `Model`: Quint's IR, evaluated (see `checker.quint.evaluator`).

Initial states come from `init` (or another action named with --init),
labelled successors from `step` (or --step), invariants from the spec's
boolean `val`s, temporal properties from its `temporal` definitions. Nothing
here knows any particular spec.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator, Mapping

from checker.model import Invariant, Label, Model
from checker.properties.temporal import (
    Formula,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    leadsTo,
)
from checker.quint.evaluator import Program, Unassigned
from checker.quint.frontend import compile_spec
from checker.quint.runtime import QMap, QRecord, QuintError
from checker.quint.value import Record, Variant, pretty

#: how `show` writes Quint's infix operators
SHOWN_INFIX = {
    "eq": "==", "neq": "!=", "iadd": "+", "isub": "-", "imul": "*", "idiv": "/", "imod": "%", "ipow": "^",
    "ilt": "<", "igt": ">", "ilte": "<=", "igte": ">=", "and": "and", "or": "or", "implies": "implies",
    "iff": "iff",
}  # fmt: skip


def show(e: dict) -> str:
    """A Quint expression of the IR as Quint text (parameters without the compiler's `_123` suffixes)."""
    kind = e["kind"]
    if kind == "name":
        return re.sub(r"_\d+$", "", e["name"])
    if kind == "bool":
        return "true" if e["value"] else "false"
    if kind == "str":
        return f'"{e["value"]}"'
    if kind == "int":
        return str(e["value"])
    if kind == "lambda":
        params = ", ".join(re.sub(r"_\d+$", "", p["name"]) for p in e["params"])
        return f"{params} => {show(e['expr'])}" if len(e["params"]) == 1 else f"({params}) => {show(e['expr'])}"
    if kind == "let":
        return f"{e['opdef']['qualifier']} {e['opdef']['name']} = {show(e['opdef']['expr'])} {show(e['expr'])}"
    if kind == "app":
        op, args = e["opcode"], [show(a) for a in e["args"]]
        if op in SHOWN_INFIX and len(args) == 2:
            return f"{args[0]} {SHOWN_INFIX[op]} {args[1]}"
        if op == "Tup":
            return "(" + ", ".join(args) + ")"
        if op == "assign":
            return f"{args[0]}' = {args[1]}"
        return f"{op}({', '.join(args)})"
    return kind


def freeze(value: Any) -> Any:
    """A Quint value read from ITF as the evaluator's hashable value."""
    if isinstance(value, Record):
        return QRecord((k, freeze(v)) for k, v in value.items())
    if isinstance(value, dict):
        return QMap((freeze(k), freeze(v)) for k, v in value.items())
    if isinstance(value, Variant):
        return Variant(value.tag, freeze(value.value))
    if isinstance(value, frozenset):
        return frozenset(map(freeze, value))
    if isinstance(value, tuple):
        return type(value)(map(freeze, value))
    return value


class Locator:
    """Where a definition is in the source: `'name' (file:line)`."""

    def __init__(self, path: str, text: str):
        self.path, self.text = path, text

    def line(self, name: str) -> int | None:
        found = re.search(
            rf"^\s*(?:pure\s+)?(?:val|def|action|temporal|run|var|const)\s+{re.escape(name)}\b", self.text, re.M
        )
        return self.text.count("\n", 0, found.start()) + 1 + found.group(0).count("\n") if found else None

    def __call__(self, name: str) -> str:
        line = self.line(name)
        return f"'{name}' ({self.path}:{line})" if line else f"'{name}' ({self.path})"


class QuintSpec(Model[tuple]):
    """The spec of a `.qnt` file, evaluated from Quint's IR."""

    def __init__(
        self, ir: dict, source: str, text: str = "", init: str = "init", step: str = "step", main: str | None = None
    ):
        modules = {m["name"]: m for m in ir["modules"]}
        main = main or ir.get("main") or ir["modules"][-1]["name"]
        if main not in modules:
            raise QuintError(f"no module '{main}' in {source} (modules: {', '.join(modules)})")
        module = modules[main]
        self.name = main
        self.source = source
        self.description = "the Quint spec as written, evaluated from Quint's IR"
        self.locate = Locator(source, text)
        self.program = program = Program(module, self.locate)
        for role, name in (("init", init), ("step", step)):
            found = program.defs.get(name)
            if found is None or found["qualifier"] != "action":
                raise QuintError(f"{source} has no action '{name}' to use as {role} (choose one with --{role})")
            if program.params(found):
                raise QuintError(f"the {role} action '{name}' takes parameters: use an action without any")
        self.init_action = program.action_def(init)[1]
        self.step_action = program.action_def(step)[1]
        self.init_name, self.step_name = init, step
        self.variables = program.variables
        self.nondet_names = tuple(dict.fromkeys(_nondet_names(module)))
        #: the name the main module gives each property imported from another (`M::I::inv` -> `I::inv`)
        self.names = ir.get("names", {})
        self.invariants = self._invariants(module, ir.get("types", {}))
        self.default_invariants = ("inv",) if "inv" in self.invariants else ()
        self.temporal_properties = self._temporal(module)
        self.views = {"quint": lambda state, previous=None: pretty(self.to_quint(state))}
        initial = self.init_states()
        #: the variables in the order `init` assigns them (the order of ITF's `vars`)
        self.assigned_order = self._init_order() if initial else list(self.variables)

    # ---- properties ----------------------------------------------------------

    def _order(self, name: str) -> float:
        line = self.locate.line(name)
        return line if line is not None else float("inf")

    def _invariants(self, module: dict, types: Mapping[str, Any]) -> dict[str, Invariant]:
        found = []
        for d in module["declarations"]:
            if d["kind"] == "def" and d["qualifier"] == "val" and types.get(str(d["id"]), {}).get("kind") == "bool":
                holds = self.program.value(d["name"])
                doc = d.get("doc", "").replace("\n", " ") or f"= {show(d['expr'])}"
                found.append(Invariant(self.names.get(d["name"], d["name"]), holds, doc, show(d["expr"])))
        return {inv.name: inv for inv in sorted(found, key=lambda inv: self._order(inv.name))}

    def _temporal(self, module: dict) -> dict[str, TemporalProperty]:
        found = {}
        for d in module["declarations"]:
            if d["kind"] == "def" and d["qualifier"] == "temporal":
                try:
                    formula, fairness = self.formula(d["expr"])
                except ValueError:
                    continue  # a shape the liveness checker does not decide: not offered
                name = self.names.get(d["name"], d["name"])
                found[name] = TemporalProperty(name, formula, d.get("doc", "").replace("\n", " "), fairness)
        return dict(sorted(found.items(), key=lambda item: self._order(item[0])))

    def formula(self, e: dict) -> tuple[Formula, str | None]:
        """A temporal definition as a `Formula`, and 'weak' when it assumes `weakFair(step, vars)`."""
        if e["kind"] == "app" and e["opcode"] == "implies" and self._fairness(e["args"][0]):
            return self.formula(e["args"][1])[0], "weak"
        if e["kind"] == "name" and self.program.defs.get(e["name"], {}).get("qualifier") == "temporal":
            return self.formula(self.program.defs[e["name"]]["expr"])
        return self._temporal_body(e), None

    def _fairness(self, e: dict) -> bool:
        return e["kind"] == "app" and e["opcode"] == "weakFair" and show(e["args"][0]) == self.step_name

    def _temporal_body(self, e: dict) -> Formula | StatePredicate:
        if e["kind"] == "app" and e["opcode"] in ("always", "eventually", "leadsTo"):
            op, args = e["opcode"], e["args"]
            if op == "always" and args[0]["kind"] == "app" and args[0]["opcode"] == "implies":
                p, rest = args[0]["args"]
                if rest["kind"] == "app" and rest["opcode"] == "eventually":
                    return leadsTo(self._predicate(p), self._predicate(rest["args"][0]))
            if op == "leadsTo":
                return leadsTo(self._predicate(args[0]), self._predicate(args[1]))
            body = self._temporal_body(args[0])
            return always(body) if op == "always" else eventually(body)
        return self._predicate(e)

    def _predicate(self, e: dict) -> StatePredicate:
        if e["kind"] == "app" and e["opcode"] in ("always", "eventually", "next", "weakFair", "strongFair"):
            raise ValueError(show(e))
        function = self.program.function(e, (), f"temporal property ({self.source})")
        return StatePredicate(show(e), lambda state: function(state, {}))

    # ---- states and steps ------------------------------------------------------

    def _states(self, action, before, what: str) -> Iterator[tuple[Label, tuple]]:
        variables = self.variables
        for path, picks, assigned in action(before, {}, {}):
            label = Label(path, picks)
            if len(assigned) != len(variables):
                missing = [v for v in variables if v not in assigned]
                step = f" ({label})" if str(label) else ""
                raise QuintError(f"{what}{step} assigns no value to {', '.join(map(repr, missing))}")
            yield label, tuple([assigned[v] for v in variables])

    def init_states(self) -> list:
        return list(dict.fromkeys(state for _, state in self.initial_steps()))

    def initial_steps(self) -> Iterator[tuple[Label, tuple]]:
        return self._states(self.init_action, Unassigned(), "init")

    def _init_order(self) -> list[str]:
        _, _, assigned = next(iter(self.init_action(Unassigned(), {}, {})))
        return list(assigned)

    def next_steps(self, state: tuple) -> Iterator[tuple[Label, tuple]]:
        return self._states(self.step_action, state, self.step_name)

    def random_step(self, state: tuple, rng) -> tuple[Label, tuple] | None:
        """One step drawn as `quint run` draws it: among the disjuncts of an `any`, uniformly
        among the enabled ones; for a `nondet`, a uniform pick (the next one when it is disabled)."""
        outcome = self.step_action.sample(state, {}, {}, rng)
        if outcome is None:
            return None
        path, picks, assigned = outcome
        label = Label(path, picks)
        if len(assigned) != len(self.variables):
            missing = [v for v in self.variables if v not in assigned]
            raise QuintError(f"{self.step_name} ({label}) assigns no value to {', '.join(map(repr, missing))}")
        return label, tuple([assigned[v] for v in self.variables])

    def to_quint(self, state: tuple) -> Record:
        index = self.program.var_index
        return Record((name, state[index[name]]) for name in self.assigned_order)

    def from_quint(self, variables: Mapping[str, Any]) -> tuple:
        missing = [v for v in self.variables if v not in variables]
        if missing:
            raise ValueError(f"missing state variable '{missing[0]}'")
        return tuple(freeze(variables[v]) for v in self.variables)

    def action_taken(self, label: Label | None) -> str:
        """As `quint run --mbt`: each `any` forgets the action taken, and the disjunct it takes names
        it ("" for a disjunct that is not a named action); with no `any` on the way, the step's name."""
        if label is None:
            return self.init_name  # the action `quint run --init` names, which Quint records
        for name in reversed(label.path):
            if name in self.program.anonymous:
                return ""
            if name in self.program.disjuncts:
                return name
        return self.step_name


def _nondet_names(e: Any) -> Iterator[str]:
    if isinstance(e, dict):
        if e.get("kind") == "let" and e["opdef"].get("qualifier") == "nondet":
            yield e["opdef"]["name"]
        for value in e.values():
            yield from _nondet_names(value)
    elif isinstance(e, list):
        for value in e:
            yield from _nondet_names(value)


def load(
    path: str, quint: str | None = None, main: str | None = None, init: str | None = None, step: str | None = None
) -> QuintSpec:
    """The model of the `.qnt` file at `path` (compiled by Quint, or from the cache), with every module
    its main one imports or instantiates; `init` and `step` as `quint run --init/--step` takes them."""
    spec = Path(path)
    ir = compile_spec(spec, quint, main, init=init, step=step)
    return QuintSpec(ir, path, spec.read_text(), ir["init"], ir["step"])
