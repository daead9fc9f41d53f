"""A `.qnt` file as a `Model`: Quint's IR, evaluated (see `checker.quint.evaluator`).

Initial states come from `init` (or another action named with --init),
labelled successors from `step` (or --step), invariants from the spec's
boolean `val`s, temporal properties from its `temporal` definitions. Nothing
here knows any particular spec.
"""

from __future__ import annotations

import re
from functools import cached_property
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
from checker.quint.evaluator import InitLabel, Leaf, Program, Unassigned
from checker.quint.frontend import compile_spec
from checker.quint.runtime import QuintError, from_value, to_value, walk
from checker.quint.value import Record, pretty

#: the most states whose trees of choices `random_step` keeps (then it starts again)
TREES = 100_000
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


class Locator:
    """Where a definition is in the source (`'name' (file:line)`), and where a runtime error happened:
    at its IR node's line and column, from Quint's source map (`ir["sourceMap"]`) when there is one."""

    def __init__(self, path: str, text: str, source_map: Mapping[str, Any] | None = None):
        self.path, self.text = path, text
        self.map = (source_map or {}).get("map", {})
        self.files = {key: self.shown(file) for key, file in (source_map or {}).get("sourceIndex", {}).items()}

    def shown(self, file: str) -> str:
        """A file of the source map as the user named it: the spec's own path for the spec itself."""
        try:
            if Path(file).resolve() == Path(self.path).resolve():
                return self.path
        except OSError:
            pass
        return file

    def line(self, name: str) -> int | None:
        found = re.search(
            rf"^\s*(?:pure\s+)?(?:val|def|action|temporal|run|var|const)\s+{re.escape(name)}\b", self.text, re.M
        )
        return self.text.count("\n", 0, found.start()) + 1 + found.group(0).count("\n") if found else None

    def __call__(self, name: str) -> str:
        line = self.line(name)
        return f"'{name}' ({self.path}:{line})" if line else f"'{name}' ({self.path})"

    def error(self, name: str, node: Any, message: str) -> str:
        """`file:line:col: in 'name': message` (1-based, as editors count; Quint's map counts from 0),
        or `message (in 'name' (file:line))` without a source map."""
        found = self.map.get(str(node)) if node is not None else None
        if found is None:
            return f"{message} (in {self(name)})"
        index, start = found[0], found[1]
        file = self.files.get(str(index), self.path)
        return f"{file}:{start['line'] + 1}:{start['col'] + 1}: in '{name}': {message}"


class QuintSpec(Model[tuple]):
    """The spec of a `.qnt` file, evaluated from Quint's IR."""

    def __init__(
        self, ir: dict, source: str, text: str = "", init: str = "init", step: str = "step", main: str | None = None
    ):
        modules = {m["name"]: m for m in ir["modules"]}
        main = main or ir.get("main") or ir["modules"][-1]["name"]
        if main not in modules:
            raise QuintError(f"no module '{main}' in {source} (modules: {', '.join(modules)})")
        #: the evaluated module's IR: its declarations, with their `typeAnnotation`s
        self.module = module = modules[main]
        self.name = main
        self.source = source
        self.description = "the Quint spec as written, evaluated from Quint's IR"
        self.locate = Locator(source, text, ir.get("sourceMap"))
        self.program = program = Program(module, self.locate.error)
        for role, name in (("init", init), ("step", step)):
            found = program.defs.get(name)
            if found is None or found["qualifier"] != "action":
                raise QuintError(f"{source} has no action '{name}' to use as {role} (choose one with --{role})")
            if program.params(found):
                raise QuintError(f"the {role} action '{name}' takes parameters: use an action without any")
        self.init_action = program.compile_action(init, initial=True)
        self.step_action = program.compile_action(step)
        self.init_name, self.step_name = init, step
        self.sampling = False
        #: state -> its tree of choices for `random_step`, as far as draws computed it
        self.trees: dict[tuple, Any] = {}
        self.variables = program.variables
        #: (path, pick names) -> the leaf of `init` or `step` whose steps have such labels
        self.leaves = {
            kind: {(leaf.path, leaf.picks): leaf for leaf in action.leaves}
            for kind, action in (("init", self.init_action), ("step", self.step_action))
        }
        #: every label path of `step`: its named actions, `any` disjuncts and `if` branches (for --coverage)
        self.action_paths = tuple(dict.fromkeys(leaf.path for leaf in self.step_action.leaves))
        self.nondet_names = tuple(sorted({name for action in (self.init_action, self.step_action) for name in action.nondets}))
        #: the name the main module gives each property imported from another (`M::I::inv` -> `I::inv`)
        self.names = ir.get("names", {})
        self.invariants = self._invariants(module, ir.get("types", {}))
        self.default_invariants = ("inv",) if "inv" in self.invariants else ()
        self.temporal_properties = self._temporal(module)
        self.views = {"quint": lambda state, previous=None: pretty(self.to_quint(state))}
        steps = self.init_steps()
        #: the variables in the order `init` assigns them (the order of ITF's `vars`)
        self.assigned_order = list(self.leaf(steps[0][0]).assigned) if steps else list(self.variables)

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

    def init_steps(self) -> list[tuple[Label, tuple]]:
        """Every (label, initial state) of `init`: its label has the picks Quint records for state 0."""
        return self.init_action.steps(Unassigned())

    def init_states(self) -> list:
        return list(dict.fromkeys(state for _, state in self.init_steps()))

    def next_steps(self, state: tuple) -> Iterator[tuple[Label, tuple]]:
        return iter(self.step_action.steps(state))

    def next_states(self, state: tuple) -> list[tuple]:
        """The successors alone, one per step (as `next_steps` without the labels, and faster)."""
        return self.step_action.states(state)

    def random_step(self, state: tuple, rng) -> tuple[Label, tuple] | None:
        """One step drawn as `quint run` draws it: among the disjuncts of an `any`, uniformly
        among the enabled ones; for a `nondet`, a uniform pick (the next one when it is disabled)."""
        if not self.sampling:
            self.sampling = True
            self.program.remember_states()
        tree = self.trees.get(state)
        if tree is None:
            if len(self.trees) >= TREES:
                self.trees.clear()
            tree = self.trees[state] = self.step_action.tree(state)
        return walk(tree, rng)

    @cached_property
    def definitions(self) -> dict:
        """The spec's state-dependent `val`s (see `checker.quint.definitions`)."""
        from checker.quint.definitions import state_values

        found = state_values(self)
        if not self.program.records:
            return found
        return {name: (lambda state, value=value: to_value(value(state))) for name, value in found.items()}

    def to_quint(self, state: tuple) -> Record:
        index = self.program.var_index
        if not self.program.records:  # the evaluator's values are Quint's but for records
            return Record((name, state[index[name]]) for name in self.assigned_order)
        return Record((name, to_value(state[index[name]])) for name in self.assigned_order)

    def from_quint(self, variables: Mapping[str, Any]) -> tuple:
        missing = [v for v in self.variables if v not in variables]
        if missing:
            raise ValueError(f"missing state variable '{missing[0]}'")
        return tuple(from_value(variables[v]) for v in self.variables)

    def leaf(self, label: Label) -> Leaf:
        kind = "init" if isinstance(label, InitLabel) else "step"
        return self.leaves[kind][(label.path, tuple(name for name, _ in label.picks))]

    def action_taken(self, label: Label | None) -> str:
        """What `quint run --mbt` records as `mbt::actionTaken`: the first named action entered since
        the last `any` chose a disjunct ("" when none was), `init` or `step` when no `any` chose."""
        if label is None:
            return self.init_name  # the action `quint run --init` names, which Quint records
        return self.leaf(label).taken

    def mbt_picks(self, label: Label | None) -> dict:
        """What `quint run --mbt` records as `mbt::nondetPicks`: the picks made since the last `any` chose
        a disjunct, and those of the `nondet`s around it."""
        if label is None:
            return {}
        return {label.picks[i][0]: label.picks[i][1] for i in self.leaf(label).recorded}


def load(
    path: str, quint: str | None = None, main: str | None = None, init: str | None = None, step: str | None = None
) -> QuintSpec:
    """The model of the `.qnt` file at `path` (compiled by Quint, or from the cache), with every module
    its main one imports or instantiates; `init` and `step` as `quint run --init/--step` takes them."""
    spec = Path(path)
    ir = compile_spec(spec, quint, main, init=init, step=step)
    return QuintSpec(ir, path, spec.read_text(), ir["init"], ir["step"])
