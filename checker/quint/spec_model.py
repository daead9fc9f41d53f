"""A `.qnt` file as a `Model`: Quint's IR, evaluated (see `checker.quint.evaluator`).

Initial states come from `init` (or another action named with --init),
labelled successors from `step` (or --step), invariants from the spec's
boolean definitions without parameters (`val` or `def`, any of which
`--invariant` may name, as Quint's does; `inv` is checked by default),
temporal properties from its `temporal` definitions (those of a shape the
liveness checker decides; the others are listed with the reason). Nothing
here knows any particular spec.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from checker.files import ReadError, read_bounded
from checker.model import Invariant, Label, Model
from checker.properties.temporal import (
    Formula,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    initially,
    leadsTo,
)
from checker.quint import nesting, witnesses
from checker.quint.evaluator import VALUE_QUALIFIERS, InitLabel, Leaf, Program, Unassigned
from checker.quint.errors import Refused
from checker.quint.frontend import compile_spec
from checker.quint.itf import recorded
from checker.quint.runtime import Partial, QuintError, Unset, from_value, to_value, walk
from checker.quint.show import Shower, shorten
from checker.quint.value import Record, pretty

#: the most of an imported source file read to show where an error is
SOURCE_LIMIT = 16 * 2**20
#: the most states whose trees of choices `random_step` keeps (then it starts again)
TREES = 100_000
#: temporal operators: a state predicate has none of them
TEMPORAL = {"always", "eventually", "leadsTo", "weakFair", "strongFair"}
#: operators that relate a state to the next one
ACTION_LEVEL = {"next", "orKeep", "mustChange", "assign"}


class Unchecked(Exception):
    """A temporal definition of a shape ttt-check does not check: why, and the IR node it is about."""

    def __init__(self, reason: str, node: Any):
        super().__init__(reason)
        self.node = node

class Locator:
    """Where a definition is in the source (`'name' (file:line)`), and where a runtime error happened:
    at its IR node's line and column, from Quint's source map (`ir["sourceMap"]`) when there is one."""

    def __init__(self, path: str, text: str, source_map: Mapping[str, Any] | None = None):
        self.path, self.text = path, text
        self.map = (source_map or {}).get("map", {})
        self.files = {key: self.shown(file) for key, file in (source_map or {}).get("sourceIndex", {}).items()}
        #: a definition's name as the user writes it (see `QuintSpec.display_name`)
        self.rename: Callable[[str], str] = lambda name: name

    def shown(self, file: str) -> str:
        """A file of the source map as the user named it: the spec's own path for the spec itself, another
        relative to the current folder when it is below it (as Quint's messages show them)."""
        try:
            if Path(file).resolve() == Path(self.path).resolve():
                return self.path
            relative = os.path.relpath(os.path.abspath(file))
        except (OSError, ValueError):
            return file
        return file if relative == os.pardir or relative.startswith(os.pardir + os.sep) else relative

    def line(self, name: str) -> int | None:
        found = re.search(
            rf"^\s*(?:pure\s+)?(?:val|def|action|temporal|run|var|const)\s+{re.escape(name)}\b", self.text, re.M
        )
        return self.text.count("\n", 0, found.start()) + 1 + found.group(0).count("\n") if found else None

    def __call__(self, name: str) -> str:
        line = self.line(name)
        return f"'{name}' ({self.path}:{line})" if line else f"'{name}' ({self.path})"

    def excerpt(self, node: Any) -> list[str]:
        """Where IR node `node` is, as Quint's messages show it: `at file:line:col`, the source line, and
        carets under the node (on its first line); nothing without a source map."""
        found = self.map.get(str(node)) if node is not None else None
        if found is None:
            return []
        index, start, end = found[0], found[1], found[2] if len(found) > 2 else found[1]
        file = self.files.get(str(index), self.path)
        text = self.source(file)
        if text is None:
            return [f"at {file}:{start['line'] + 1}:{start['col'] + 1}"]
        lines = text.splitlines()
        number = start["line"] + 1
        line = lines[start["line"]] if start["line"] < len(lines) else ""
        last = end["col"] if end.get("line") == start["line"] else len(line) - 1
        prefix = f"{number}: "
        carets = " " * (len(prefix) + start["col"]) + "^" * max(1, last - start["col"] + 1)
        return [f"at {file}:{number}:{start['col'] + 1}", prefix + line, carets]

    def source(self, file: str) -> str | None:
        """The text of a file of the source map (None: it cannot be read)."""
        if file == self.path:
            return self.text
        try:
            return read_bounded(file, SOURCE_LIMIT).decode("utf-8", "replace")
        except ReadError:
            return None

    def written(self, node: Any) -> str | None:
        """The source text IR node `node` spans, on one line (a definition's node spans its name); None
        without a source map."""
        found = self.map.get(str(node)) if node is not None else None
        if found is None or len(found) < 3 or found[1]["line"] != found[2]["line"]:
            return None
        text = self.source(self.files.get(str(found[0]), self.path))
        return None if text is None else text[found[1]["index"] : found[2]["index"] + 1]

    def error(self, name: str, node: Any, message: str) -> str:
        """`file:line:col: in 'name': message` (1-based, as editors count; Quint's map counts from 0),
        or `message (in 'name' (file:line))` without a source map."""
        found = self.map.get(str(node)) if node is not None else None
        shown = self.rename(name)
        if found is None:
            return f"{message} (in {self(shown)})"
        index, start = found[0], found[1]
        file = self.files.get(str(index), self.path)
        return f"{file}:{start['line'] + 1}:{start['col'] + 1}: in '{shown}': {message}"


class QuintSpec(Model[tuple]):
    """The spec of a `.qnt` file, evaluated from Quint's IR."""

    def __init__(
        self, ir: dict, source: str, text: str = "", init: str = "init", step: str = "step", main: str | None = None,
        actions: bool = True,
    ):  # fmt: skip
        """`actions`: compile `init` and `step` (for `ttt-check test`, which runs the spec's tests only, not)."""
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
        too_deep = nesting.check(module, self.locate.error)
        if too_deep:
            raise QuintError(too_deep)
        with nesting.within_python(module, self.locate.error):
            self.program = program = Program(module, self.locate.error, (init, step) if actions else ())
        self.init_name, self.step_name = init, step
        self.sampling = False
        #: label -> the state it leads to, of the steps the last `steps_into` found
        self._arrived: dict = {}
        #: state -> its tree of choices for `random_step`, as far as draws computed it
        self.trees: dict[tuple, Any] = {}
        #: initial state -> the label of the step of `init` that `random_init` drew into it
        self.drawn_init: dict[tuple, Label] = {}
        self.variables = program.variables
        self.init_action = self.step_action = None
        #: (path, pick names) -> the leaf of `init` or `step` whose steps have such labels
        self.leaves: dict = {"init": {}, "step": {}}
        #: flattened action name -> its name as its module declares it (see `declared_name`)
        self.declared: dict[str, str] = {}
        self.action_paths: tuple = ()
        self.nondet_names: tuple = ()
        if actions:
            with nesting.within_python(module, self.locate.error):
                self._compile_actions(init, step)
        #: the name the main module gives each property imported from another (`M::I::inv` -> `I::inv`)
        self.names = ir.get("names", {})
        #: the names the main module can use, its own and those it imports
        self.visible = frozenset(ir.get("visible", ()))
        #: the namespace of each instance of a module (`clocks::Hours`), in which Quint names its variables
        self.instances = frozenset(ir.get("instances", ()))
        self.locate.rename = self.display_name
        #: writes IR as Quint text, with names as the main module writes them
        self.show = Shower(self.display_name, frozenset(program.defs) | frozenset(program.variables))
        self.invariants = self._invariants(module, ir.get("types", {}))
        self.default_invariants = ("inv",) if "inv" in self.invariants else ()
        self.invariants_declared = False
        #: the temporal definitions of a shape ttt-check does not check: name -> why, in one line with the place
        self.unchecked_temporal: dict[str, str] = {}
        self.temporal_properties = self._temporal(module)
        self.views = {"quint": lambda state, previous=None: pretty(self.to_quint(state))}

    def _compile_actions(self, init: str, step: str) -> None:
        program, source = self.program, self.source
        for role, name in (("init", init), ("step", step)):
            found = program.defs.get(name)
            if found is None or found["qualifier"] != "action":
                raise QuintError(f"{source} has no action '{name}' to use as {role} (choose one with --{role})")
            if program.params(found):
                raise QuintError(f"the {role} action '{name}' takes parameters: use an action without any")
        self.init_action = program.compile_action(init, initial=True)
        self.step_action = program.compile_action(step)
        self.leaves = {
            kind: {(leaf.path, leaf.picks): leaf for leaf in action.leaves}
            for kind, action in (("init", self.init_action), ("step", self.step_action))
        }
        #: every label path of `step`: its named actions, `any` disjuncts and `if` branches (for --coverage)
        self.action_paths = tuple(dict.fromkeys(leaf.path for leaf in self.step_action.leaves))
        self.nondet_names = tuple(sorted({name for action in (self.init_action, self.step_action) for name in action.nondets}))

    # ---- properties ----------------------------------------------------------

    def _order(self, name: str) -> float:
        line = self.locate.line(name)
        return line if line is not None else float("inf")

    def display_name(self, name: str) -> str:
        """A definition's name as the main module writes it: `Hours::count` for the flattened
        `clocks::Hours::count`, `low` for `M::BinSearch::low` of an `import BinSearch(...).*`: the longest
        ending of the flattened name that the main module can use."""
        shown = self.names.get(name)
        if shown is not None:
            return shown
        parts = name.split("::")
        endings = ["::".join(parts[i:]) for i in range(len(parts))]
        taken = self._named
        for ending in endings:
            if ending in self.visible and ending not in taken:
                return ending
        # not visible from the main module (an instance inside an instance): the shortest ending of the
        # name that no other name shares (Paxos's instance of Voting: `VotesSafe`, and `V::TypeOK`
        # beside Paxos's own `TypeOK`)
        for ending in reversed(endings):
            if ending not in taken and self._endings[ending] == 1:
                return ending
        return name

    @cached_property
    def _named(self) -> frozenset[str]:
        """The names the main module gives the definitions it imports."""
        return frozenset(self.names.values())

    @cached_property
    def _endings(self) -> Counter:
        """How many definitions and variables have each ending of their names (`b::c` and `c` of `a::b::c`)."""
        names = [name.split("::") for name in (*self.program.defs, *self.program.variables, *self.program.unassigned)]
        return Counter("::".join(parts[i:]) for parts in names for i in range(len(parts)))

    def _invariants(self, module: dict, types: Mapping[str, Any]) -> dict[str, Invariant]:
        """Every boolean definition without parameters (`val`, `def`, pure or not), as Quint's
        `--invariant` takes any; in the order of the source."""
        found = []
        for d in module["declarations"]:
            if d["kind"] != "def" or d["qualifier"] not in VALUE_QUALIFIERS or d["expr"]["kind"] == "lambda":
                continue
            if types.get(str(d["id"]), {}).get("kind") != "bool" or d["name"].startswith("q::"):
                continue
            holds = self.program.value(d["name"])
            definition = self.show(d["expr"])
            doc = d.get("doc", "").replace("\n", " ") or f"= {shorten(definition)}"
            found.append(Invariant(self.display_name(d["name"]), holds, doc, shorten(definition, 120)))
        return {inv.name: inv for inv in sorted(found, key=lambda inv: self._order(inv.name))}

    def _temporal(self, module: dict) -> dict[str, TemporalProperty]:
        """The temporal definitions of a shape the liveness checker decides; the others go, with the
        reason, to `unchecked_temporal`."""
        found = {}
        for d in module["declarations"]:
            if d["kind"] != "def" or d["qualifier"] != "temporal" or d["expr"]["kind"] == "lambda":
                continue
            name = self.display_name(d["name"])
            try:
                formula, fairness = self.formula(d["expr"])
            except Unchecked as why:
                said = f"temporal property '{name}' is not checked by ttt-check: {why}"
                self.unchecked_temporal[name] = self.locate.error(d["name"], why.node, said)
                continue
            doc = d.get("doc", "").replace("\n", " ") or f"= {shorten(self.show(d['expr']))}"
            found[name] = TemporalProperty(name, formula, doc, fairness)
        self.unchecked_temporal = dict(sorted(self.unchecked_temporal.items(), key=lambda item: self._order(item[0])))
        return dict(sorted(found.items(), key=lambda item: self._order(item[0])))

    def formula(self, e: dict) -> tuple[Formula, str | None]:
        """A temporal definition as a `Formula`, and 'weak' when it assumes `weakFair(step, vars)`;
        `Unchecked` says why another shape is not checked."""
        e = self._expanded(e)
        if e["kind"] == "app" and e["opcode"] == "implies" and self._has(e["args"][0], {"weakFair", "strongFair"}):
            self._fairness(self._expanded(e["args"][0]))
            return self.formula(e["args"][1])[0], "weak"
        body = self._temporal_body(e)
        return (initially(body) if isinstance(body, StatePredicate) else body), None

    def _expanded(self, e: dict) -> dict:
        """`e`, or the body of the temporal definition it names."""
        while e["kind"] == "name" and self.program.defs.get(e["name"], {}).get("qualifier") == "temporal":
            e = self.program.defs[e["name"]]["expr"]
        return e

    def _fairness(self, e: dict) -> None:
        """Accept the fairness ttt-check assumes: weak fairness of the whole `step` (`weakFair(step, vars)`)."""
        if e["kind"] == "app" and e["opcode"] == "weakFair" and e["args"][0].get("name") == self.step_name:
            return
        if e["kind"] == "app" and e["opcode"] in ("weakFair", "strongFair"):
            action = self.show(e["args"][0])
            raise Unchecked(
                f"it assumes {e['opcode']}({action}, ...), and ttt-check assumes fairness of the whole step only "
                f"(weakFair({self.step_name}, vars), or --fairness)", e.get("id"))
        raise Unchecked("its fairness assumption is not weakFair of the step", e.get("id"))

    def _temporal_body(self, e: dict) -> Formula | StatePredicate:
        e = self._expanded(e)
        if e["kind"] == "app":
            op, args = e["opcode"], e["args"]
            try:
                if op == "always" and args[0]["kind"] == "app" and args[0]["opcode"] == "implies":
                    p, rest = args[0]["args"]
                    rest = self._expanded(rest)
                    if rest["kind"] == "app" and rest["opcode"] == "eventually" and not self._has(p, TEMPORAL):
                        return leadsTo(self._predicate(p), self._predicate(rest["args"][0]))
                if op == "leadsTo":
                    return leadsTo(self._predicate(args[0]), self._predicate(args[1]))
                if op in ("always", "eventually"):
                    body = self._temporal_body(args[0])
                    return always(body) if op == "always" else eventually(body)
                if op == "not" and args[0]["kind"] == "app" and args[0]["opcode"] in ("always", "eventually"):
                    inner = args[0]["args"][0]
                    negated = {"kind": "app", "opcode": "not", "args": [inner], "id": inner.get("id")}
                    return (eventually if args[0]["opcode"] == "always" else always)(self._predicate(negated))
            except ValueError as error:  # a nesting of always and eventually the checker does not decide
                raise Unchecked(str(error), e.get("id")) from None
        return self._predicate(e)

    def _predicate(self, e: dict) -> StatePredicate:
        e = self._expanded(e)
        if self._has(e, {"weakFair", "strongFair"}):
            raise Unchecked("it uses fairness (weakFair, strongFair) other than as the assumption of `implies`", e.get("id"))
        if self._has(e, TEMPORAL):
            raise Unchecked(
                "it nests temporal operators in a way ttt-check does not decide (it decides always, eventually, "
                "always(eventually), eventually(always) and leadsTo of state predicates, and a state predicate alone)",
                e.get("id"))
        if self._has(e, ACTION_LEVEL):
            raise Unchecked("it relates a state to the next one (next, orKeep, mustChange): ttt-check checks "
                            "temporal properties of states", e.get("id"))
        function = self.program.function(e, (), f"temporal property ({self.source})")
        return StatePredicate(shorten(self.show(e), 100), lambda state: function(state, {}))

    def _has(self, e: Any, operators: set) -> bool:
        return self.program.applies(e, frozenset(operators))

    # ---- states and steps ------------------------------------------------------

    @cached_property
    def assigned_order(self) -> list[str]:
        """The variables in the order `init` assigns them (the order of ITF's `vars`): in its first step (found
        without listing the others), or in the first place it assigns them when none is found; then those it
        leaves unset."""
        if self.init_action is None:
            return list(self.variables)
        try:
            first = witnesses.first_step(self.init_action.tree(Unassigned()))
        except Refused:  # a set too large, or what ttt-check does not evaluate: the order is in the code too
            first = None
        leaf = self.leaf(first[0]) if first is not None else next(iter(self.init_action.leaves), None)
        order = list(leaf.assigned) if leaf is not None else []
        return order + [v for v in self.variables if v not in order]  # then those `init` leaves unset

    def state_variables(self) -> list[str]:
        return self.assigned_order

    @cached_property
    def _trace_names(self) -> dict[str, str]:
        """See `trace_names`: each variable's declared name is read where the source map places its declaration
        (`var Arm::height: int`), its namespace from the flattened name."""
        declarations = {d["name"]: d for d in self.module["declarations"] if d["kind"] == "var"}
        found = {}
        for variable, declaration in declarations.items():
            written = re.match(r"var\s+(\w+(?:::\w+)*)", self.locate.written(declaration.get("id")) or "")
            declared = written.group(1) if written and variable.endswith(written.group(1)) else recorded(variable)
            prefix = variable[: len(variable) - len(declared)].split("::")[:-1]
            # an instance's variable keeps the instance's namespace (`clocks::Hours::count`, or `W::J::x` for
            # the instance `J` of module `W` imported as `WW`, flattened `WW::W::J::x`); another, its own name
            namespace = "::".join(prefix[-2:])
            found[variable] = f"{namespace}::{declared}" if namespace in self.instances else declared
        named = Counter(found.values())
        # two variables Quint's simulator names alike (it keeps one): each keeps its flattened name
        return {variable: name for variable, name in found.items() if name != variable and named[name] == 1}

    def trace_names(self) -> dict[str, str]:
        """As Quint's simulator names the variables: those of a module imported whole (`import E`, `E::x`)
        by their own name (`x`), those of an instance by the instance's namespace and their name."""
        return self._trace_names

    def steps_into(
        self, state: tuple | None, target: tuple, picks: Mapping[str, Any] | None = None,
        accept: Callable[[Label | None], bool] | None = None,
    ) -> list:  # fmt: skip
        """Found in the state's tree of choices, trying first the values the trace recorded or its states hold
        (see `checker.quint.witnesses`); without `picks`, the first step found only."""
        action = self.init_action if state is None else self.step_action
        tree = action.tree(Unassigned() if state is None else state)
        tried = witnesses.Tried(state, target, picks)
        found = witnesses.steps_into(tree, target, tried, first=picks is None and accept is None, accept=accept)
        self._arrived = dict(found)
        return [label for label, _ in found]

    targets_steps = True

    def arrived(self, label: Label | None, target: tuple) -> tuple:
        return self._arrived.get(label, target)

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

    def random_init(self, rng) -> tuple | None:
        """An initial state drawn as `quint run` draws it, for an `init` that chooses from a set too large to
        enumerate (see `random_step`); its label is kept for `init_label` (its picks need not be in the state)."""
        step = walk(self.init_action.tree(Unassigned()), rng)
        if step is None:
            return None
        if len(self.drawn_init) >= TREES:
            self.drawn_init.clear()
        self.drawn_init[step[1]] = step[0]
        return step[1]

    def init_label(self, state: tuple) -> Label | None:
        drawn = self.drawn_init.get(state)
        return drawn if drawn is not None else super().init_label(state)

    def random_step(self, state: tuple, rng) -> tuple[Label, tuple] | None:
        """One step drawn as `quint run` draws it: among the disjuncts of an `any`, uniformly
        among the enabled ones; for a `nondet`, a uniform pick (the next one when it is disabled)."""
        if self.program.ordered:  # equal states may differ in the order their sets are visited in: none is kept
            return walk(self.step_action.tree(state), rng)
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
        """The state's variables, but those a run left unset (as `quint test` shows its states)."""
        index = self.program.var_index
        values = ((name, tuple.__getitem__(state, index[name])) for name in self.assigned_order)
        if not self.program.records:  # the evaluator's values are Quint's but for records
            return Record((name, value) for name, value in values if type(value) is not Unset)
        return Record((name, to_value(value)) for name, value in values if type(value) is not Unset)

    def from_quint(self, variables: Mapping[str, Any]) -> tuple:
        """A variable missing is unset (Quint writes no value for it)."""
        state = tuple(from_value(variables[v]) if v in variables else Unset(v) for v in self.variables)
        return Partial(state) if any(type(value) is Unset for value in state) else state

    def leaf(self, label: Label) -> Leaf:
        kind = "init" if isinstance(label, InitLabel) else "step"
        return self.leaves[kind][(label.path, tuple(name for name, _ in label.picks))]

    def action_taken(self, label: Label | None) -> str:
        """What `quint run --mbt` records as `mbt::actionTaken`: the first named action entered since
        the last `any` chose a disjunct ("" when none was), `init` or `step` when no `any` chose."""
        return self.declared_name(self.init_name if label is None else self.leaf(label).taken)

    def show_label(self, label: Label, view: str = "all") -> str:
        """A step's label with the names the spec's reader writes: `Arm::lift  lift=1`, not the flattened
        `robots::robot::Arm::lift  robots::robot::lift=1`."""
        path = tuple(self.display_name(base) + mark + rest for base, mark, rest in (p.partition("#") for p in label.path))
        return str(Label(path, tuple((recorded(name), value) for name, value in label.picks), label.notes))

    def declared_name(self, name: str) -> str:
        """An action's name as its own module declares it, which Quint records (it does not flatten):
        `RM::prepare` for the flattened `two_phase_commit_3::two_phase_commit::RM::prepare` of `action
        RM::prepare`, `Move` for an instance's `W::Move`. Read where the source map places the name, once
        per action (a replay asks at every step)."""
        declared = self.declared.get(name)
        if declared is None:
            definition = self.program.defs.get(name)
            written = definition and self.locate.written(definition.get("id"))
            declared = self.declared[name] = written if written and name.endswith(written) else recorded(name)
        return declared

    def mbt_picks(self, label: Label | None) -> dict:
        """What `quint run --mbt` records as `mbt::nondetPicks`: the picks made since the last `any` chose
        a disjunct, and those of the `nondet`s around it."""
        if label is None:
            return {}
        return {label.picks[i][0]: label.picks[i][1] for i in self.leaf(label).recorded}


def load(
    path: str, quint: str | None = None, main: str | None = None, init: str | None = None, step: str | None = None,
    tests: bool = False,
) -> QuintSpec:
    """The model of the `.qnt` file at `path` (compiled by Quint, or from the cache), with every module
    its main one imports or instantiates; `init` and `step` as `quint run --init/--step` takes them.
    `tests`: for running the spec's tests, which need neither (see `QuintSpec`)."""
    spec = Path(path)
    seconds = []
    ir = compile_spec(spec, quint, main, init=init, step=step, tests=tests, compiled=seconds.append)
    model = QuintSpec(ir, path, spec.read_text(), ir["init"], ir["step"], actions=not tests)
    model.compile_seconds = seconds[0] if seconds else None
    return model
