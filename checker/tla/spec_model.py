"""A `.tla` spec and its cfg as a `Model`: TLC's initial states, steps, invariants and properties.

The cfg says what is checked, as TLC reads it: the behaviours (`INIT` and `NEXT`, or a
`SPECIFICATION` `Init /\\ [][Next]_vars /\\ WF_vars(Next)`, whose fairness conditions the temporal
properties are checked under), the `INVARIANT`s, the `PROPERTY`s, whether a deadlock is an error, and
the constants' values. A state is the tuple of the variables' values in the order the spec declares
them; a step's label names the actions it went through and what each `\\E` picked. Nothing here knows
any particular spec.
"""

from __future__ import annotations

import itertools
import math
import re
import sys
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from checker.model import Invariant, Label, Model, SpecError
from checker.properties.temporal import (
    ALWAYS,
    ALWAYS_EVENTUALLY,
    EVENTUALLY_ALWAYS,
    ActionPredicate,
    Fair,
    Fairness,
    Formula,
    Settles,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    fair,
    initially,
    leadsTo,
    leadsToAlways,
)
from checker.tla import frontend, runtime, symmetry, values
from checker.tla import tree as t
from checker.tla.cfg import Config
from checker.tla.compile import Leaf, Program, instance_slots
from checker.tla.errors import TlaError, Unsupported
from checker.tla.levels import ACTION, STATE, TEMPORAL
from checker.tla.scope import Const, Definition, Modules, Resolver, Var, module_constant
from checker.tla.stdlib import Builtin

#: the most combinations of choices decided by TLC's order of strings that a check tries
CHOICE_RUNS = 24
#: the most states whose SYMMETRY representative is remembered
CANONICAL_MEMO = 1 << 20


class Unchecked(Exception):
    """A temporal formula of a shape ttt-check does not decide: why, and where."""

    def __init__(self, reason: str, loc: t.Loc):
        super().__init__(reason)
        self.loc = loc


class TlaSpec(Model[tuple]):
    """The spec of a `.tla` file under a cfg (without a cfg: `Init` and `Next`, no property)."""

    error_behaviours = True
    first_violation_stops = True
    least_traces = False

    def __init__(self, path: Path, config: Config | None, config_path: Path | None = None,
                 choices: dict | None = None):
        self.path = path
        self.source = str(path)
        self.texts: dict[str, str] = {}
        self._config_path = config_path
        runtime.DRAWS.start()
        runtime.CHOICES.start(choices, recording=choices is not None)
        modules = frontend.read_modules(path)
        self.texts[str(path)] = frontend.read_text(path)
        main = frontend.main_module(modules, path)
        self.name = main.name
        self.config = config or Config(str(config_path) if config_path else "")
        self.description = ("the TLA+ spec, with its model " + str(config_path) if config_path
                            else "the TLA+ spec, with no cfg: Init and Next, no property")
        resolver = Resolver(Modules(modules, path.parent, self._read_module), self.config.replacements,
                            tuple(self.config.constants), self.config.module_replacements,
                            tuple(self.config.module_constants))
        self.names = resolver.root(main)
        self._main = main
        if main.pluscal is not None:
            from checker.tla import pluscal

            defined = {name for name, target in self.names.all.items() if isinstance(target, Definition)}
            pluscal.check(main.pluscal, self.texts[str(path)], defined, {v.name for v in resolver.variables},
                          lambda line: print(f"ttt-check: warning: {line}", file=sys.stderr))
        self.resolver = resolver
        self.variables = [v.name for v in resolver.variables]
        draws = any("RandomElement" in text for text in self.texts.values())
        self.program = Program(resolver.variables, self._constants(resolver.constants), ordered_loops=draws)
        self._check_assumptions(resolver.assumptions)
        init, next_, fairness_exprs = self._behaviours()
        self.init_name, self.next_name = init.name, next_.name
        self._next_def = next_
        self.init_gen, self.init_leaves = self.program.action(init.resolved_body(), init.name, initial=True)
        self.step_gen, self.leaves = self.program.action(next_.resolved_body(), next_.name)
        self.states_gen, _ = self.program.action(next_.resolved_body(), next_.name, labels=False)
        self.action_paths = tuple(dict.fromkeys(leaf.path for leaf in self.leaves))
        self.nondet_names = tuple(sorted({name for leaf in self.leaves for name in leaf.picks}))
        self.deadlock_check = self.config.check_deadlock
        self.invariants = {name: self._invariant(name) for name in self.config.invariants}
        self.required_invariants = tuple(self.config.invariants)
        self.invariants_declared = True
        stated = [f for part in fairness_exprs for f in self._fairs(part, {})]
        self.fairness = Fairness(tuple(f for f in stated if isinstance(f, Fair)), f"WF_vars({next_.name})",
                                 how=f"WF_vars({next_.name}) to the SPECIFICATION formula",
                                 settles=tuple(f for f in stated if isinstance(f, Settles)))
        self.unchecked_temporal: dict[str, str] = {}
        #: a property that is a conjunction -> the names of its parts, each a property of its own
        self.temporal_parts: dict[str, tuple[str, ...]] = {}
        self.temporal_properties = self._temporal()
        for name in self.config.properties:
            if name not in self.temporal_properties and name not in self.unchecked_temporal \
                    and name not in self.temporal_parts:  # fmt: skip
                raise TlaError(f"the cfg's PROPERTY {name} is not defined in the spec")
        self.required_temporal = self._safety_as_invariants(tuple(self.config.properties))
        self.views = {"tla": self._show}
        self.constraints = [self._state_predicate(name, "CONSTRAINT") for name in self.config.constraints]
        self.action_constraints = [self._action_predicate(name) for name in self.config.action_constraints]
        self.constraint = self._allowed if self.constraints or self.action_constraints else None
        self.constraint_of_states = not self.action_constraints
        if self.config.symmetry:
            self.canonical = self._symmetry(self.config.symmetry)
            self.symmetry_required = True
        if self.config.view:
            self.canonical = self._by_view(self.config.view, self.canonical)
            self.symmetry_required = True
        runtime.DRAWS.searching()

    # ---- the choices TLC's order of strings makes -----------------------------------------------------------

    def alternatives(self) -> Iterator["TlaSpec"]:
        """The spec under each other combination of the choices a CHOOSE decided by TLC's order of strings could
        make, at the places and sets the last search met (and those each new combination meets in turn)."""
        seen = dict(runtime.CHOICES.seen)
        self._undecided = next(iter(seen), None)
        # this model's choices and draws, for what is asked of it after the others (its traces, its views)
        mine = dict(vars(runtime.CHOICES)), dict(vars(runtime.DRAWS))
        try:
            yield from self._others(seen)
        finally:
            vars(runtime.CHOICES).update(mine[0])
            vars(runtime.DRAWS).update(mine[1])

    def _others(self, seen: dict) -> Iterator["TlaSpec"]:
        """Each untried combination of the choices `seen` (place and set -> how many), growing as they grow."""
        tried: set = {frozenset()}
        while True:
            if math.prod(seen.values()) > CHOICE_RUNS:
                raise Unsupported(f"{runtime.UNKNOWN_ORDER}, and the choices it could make are more than "
                                  f"{CHOICE_RUNS} to check", self._undecided[0])
            untried = [combination for combination in _combinations(seen) if combination not in tried]
            if not untried:
                return
            for combination in untried:
                tried.add(combination)
                yield TlaSpec(self.path, self.config, self._config_path, dict(combination))
                for key, count in runtime.CHOICES.seen.items():
                    seen.setdefault(key, count)

    def alternatives_note(self, count: int) -> str:
        return (f"{self._undecided[0].at()}: TLC's order of strings, which ttt-check does not follow, decides a "
                f"CHOOSE here: each of the {count + 1} combinations of choices TLC could make gives these same "
                f"figures and verdicts; the report shows the first choices in alphabetical order")

    def choices_made(self) -> bool:
        return bool(runtime.CHOICES.seen)

    def alternatives_differ(self, error: SpecError | None = None) -> SpecError:
        if isinstance(error, Unsupported):  # ttt-check's own refusal, whichever the choice
            return error
        undecided = getattr(self, "_undecided", None) or next(iter(runtime.CHOICES.seen))
        why = ("the choices it could make give different answers" if error is None else
               f"one of the choices it could make stops the check with an error ({error})")
        return Unsupported(f"{runtime.UNKNOWN_ORDER}, and {why}", undecided[0])

    def _read_module(self, path: Path) -> dict:
        self.texts[str(path)] = frontend.read_text(path)
        return frontend.read_modules(path)

    # ---- the model: constants, assumptions, Init and Next ---------------------------------------------------

    def _constants(self, declared: Mapping[str, Const]) -> dict[str, Any]:
        given = self.config.constants
        for name, value in given.items():
            if name not in declared and value is not values.ModelValue(name):  # `p1 = p1` only names a value
                raise TlaError(f"the cfg gives a value to {name}, which the spec does not declare as a CONSTANT",
                               frontend.nowhere(Path(self.config.file)))
        values_ = {module_constant(*key): value for key, value in self.config.module_constants.items()}
        for name, const in declared.items():
            if name in values_:
                continue
            if name in self.config.replacements:
                continue
            if name not in given:
                raise TlaError(f"the constant {name} is given no value by the cfg (CONSTANT {name} = ...)", const.loc)
            if const.arity:
                raise TlaError(f"the constant operator {name} needs a replacement in the cfg ({name} <- Op)", const.loc)
            values_[name] = given[name]
        return values_

    def _check_assumptions(self, assumptions: list) -> None:
        for assumption in assumptions:
            holds = self.program.condition(assumption)(None)
            if not holds:
                raise TlaError(f"Assumption {assumption.loc.tlc()} is false", assumption.loc)

    def _definition(self, name: str, what: str) -> Definition:
        found = self.names.all.get(name)
        if not isinstance(found, Definition):
            where = frontend.nowhere(Path(self.config.file or self.source))
            raise TlaError(f"the cfg's {what} {name} is not defined in the spec", where)
        if found.params:
            raise TlaError(f"the cfg's {what} {name} takes parameters: name a definition without any", found.loc)
        return found

    def _behaviours(self) -> tuple[Definition, Definition, list]:
        """Init, Next and the fairness conditions: from INIT and NEXT, or from the SPECIFICATION formula."""
        config = self.config
        if config.specification is None and config.init is None and config.next is None and config.file \
                and not self.resolver.variables:  # fmt: skip
            nothing = t.Bool(t.NOWHERE, False)  # a model of constants alone: its assumptions, no state
            return Definition("Init", (), nothing, t.NOWHERE), Definition("Next", (), nothing, t.NOWHERE), []
        if config.specification is None:
            init = self._definition(config.init or "Init", "INIT")
            next_ = self._definition(config.next or "Next", "NEXT")
            return init, next_, []
        spec = self._definition(config.specification, "SPECIFICATION")
        next_ = None
        initial: list = []
        fairness: list = []
        for part in self._conjuncts(spec.resolved_body()):
            level = self.program.level(part)
            if level <= STATE:
                initial.append(part)
            elif _is_box_next(part):
                if next_ is not None:
                    raise Unsupported("the SPECIFICATION has more than one [][Next]_vars", part.loc)
                next_ = self._as_definition(part.args[0].action, "Next")
            elif isinstance(part, (t.Fairness, t.Quant)) or _fairness_inside(part) or _settles(part):
                fairness.append(part)
            else:
                raise Unsupported("this part of the SPECIFICATION is neither Init, [][Next]_vars nor fairness "
                                  "(WF, SF, <>[][A]_v): ttt-check does not check such a specification", part.loc)
        if not initial or next_ is None:
            raise TlaError(f"the SPECIFICATION {spec.name} has no {'initial predicate' if not initial else '[][Next]_vars'}",
                           spec.loc)
        init = self._as_definition(initial[0] if len(initial) == 1 else t.Junction(initial[0].loc, True, tuple(initial)),
                                   "Init")
        return init, next_, fairness

    def _conjuncts(self, e: Any) -> list:
        """The conjuncts of a temporal formula, the definitions it names expanded."""
        if isinstance(e, t.Junction) and e.conj:
            return [part for item in e.items for part in self._conjuncts(item)]
        if isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args and \
                self.program.level(e) == TEMPORAL:  # fmt: skip
            return self._conjuncts(e.target.resolved_body())
        return [e]

    def _as_definition(self, e: Any, name: str) -> Definition:
        if isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args:
            return e.target
        return Definition(name, (), e, e.loc)

    # ---- states and steps ------------------------------------------------------------------------------

    @cached_property
    def _initial(self) -> list[tuple[Label, tuple]]:
        return [(self._label(self.init_leaves[leaf], picks), state) for leaf, picks, state in self.init_gen(None)]

    def init_steps(self):
        return self._initial

    def init_states(self) -> list:
        return list(dict.fromkeys(state for _, state in self._initial))

    def next_steps(self, state: tuple) -> Iterator[tuple[Label, tuple]]:
        leaves = self.leaves
        for leaf, picks, successor in self.step_gen(state):
            yield self._label(leaves[leaf], picks), successor

    @cached_property
    def next_states(self) -> Callable[[tuple], list]:
        gen = self.states_gen
        return lambda state: list(gen(state))

    def _allowed(self, state: tuple, previous: tuple | None = None) -> bool:
        """Whether a state is in the model (CONSTRAINT) and the step into it too (ACTION_CONSTRAINT)."""
        if not all(c(state) for c in self.constraints):
            return False
        return previous is None or all(c(previous, state) for c in self.action_constraints)

    def _label(self, leaf: Leaf, picks: tuple) -> Label:
        return Label(leaf.path, tuple(zip(leaf.picks, picks)))

    def show_label(self, label: Label, view: str = "all") -> str:
        text = " › ".join(label.path)
        shown = label.picks + label.notes
        if shown:
            text += "  " + " ".join(f"{name}={values.show(value)}" for name, value in shown)
        return text

    def _show(self, state: tuple, previous: tuple | None = None) -> str:
        return "\n".join(f"/\\ {name} = {values.show(value)}" for name, value in zip(self.variables, state))

    def show_value(self, value: Any) -> str:
        return values.show(value)

    def sort_key(self, state: tuple) -> tuple:
        """TLC's order of values, for the choice of a shortest trace among equals."""
        return values.key(tuple(state))

    def value_key(self, value: Any) -> tuple:
        return values.key(value)

    def _symmetry(self, name: str) -> Callable[[tuple], tuple]:
        """The cfg's SYMMETRY: a set of permutations of model values (`Permutations(Procs)`); a state's
        representative is the least, in TLC's order of values, of the states that the permutations of the
        group they generate make (TLC takes that group: `Permutations(A) \\cup Permutations(B)` permutes A and
        B together too)."""
        d = self._definition(name, "SYMMETRY")
        if self.program.level(d.resolved_body()) != 0:
            raise TlaError(f"the SYMMETRY {name} is not a constant", d.loc)
        perms = self.program.evaluator(t.Apply(d.loc, name, (), target=d))(None)
        mappings = []
        for perm in values.ordered(perms):
            if not values.is_function(perm):
                raise TlaError(f"the SYMMETRY {name} holds {values.show(perm)}, not a permutation", d.loc)
            mapping = dict(values.items(perm))
            if not all(type(k) is values.ModelValue for k in mapping):
                raise TlaError(f"the SYMMETRY {name} permutes values that are not model values: TLC permutes model "
                               f"values only", d.loc)
            mappings.append(mapping)
        least = symmetry.Least(symmetry.generated_group(mappings))
        known: dict = {}

        def canonical(state: tuple) -> tuple:
            found = known.get(state)
            if found is None:
                mapping = least(state)  # empty where the state is its own representative
                found = runtime.State(values.permuted(value, mapping) for value in state) if mapping else state
                if len(known) >= CANONICAL_MEMO:
                    known.clear()
                known[state] = found
            return found

        return canonical

    def _by_view(self, name: str, symmetry: Callable | None) -> Callable[[tuple], tuple]:
        """The cfg's VIEW: two states of the same view are one to the search, which keeps the first found
        (after SYMMETRY's representative, when there is one), as TLC does."""
        d = self._definition(name, "VIEW")
        view = self.program.evaluator(t.Apply(d.loc, name, (), target=d))
        first: dict = {}

        def canonical(state: tuple) -> tuple:
            if symmetry is not None:
                state = symmetry(state)
            return first.setdefault(runtime.State((view(state),)), state)  # FALSE and 0 told apart

        return canonical

    # ---- invariants and properties -----------------------------------------------------------------------

    def _state_predicate(self, name: str, what: str) -> Callable:
        d = self._definition(name, what)
        if self.program.level(d.resolved_body()) > STATE:
            raise TlaError(f"the {what} {name} is not a state predicate (it reads primed variables or is temporal)",
                           d.loc)
        return self.program.condition(t.Apply(d.loc, name, (), target=d))

    def _action_predicate(self, name: str) -> Callable:
        d = self._definition(name, "ACTION_CONSTRAINT")
        return self.program.condition(t.Apply(d.loc, name, (), target=d), action=True)

    def _invariant(self, name: str) -> Invariant:
        holds = self._state_predicate(name, "INVARIANT")
        d = self._definition(name, "INVARIANT")
        return Invariant(name, holds, "", self._written(d.resolved_body()))

    def _written(self, e: Any, limit: int = 120) -> str:
        """The source text of `e`, on one line (shortened past `limit`)."""
        loc = getattr(e, "loc", None)
        text = self.texts.get(loc.file) if loc else None
        if not text:
            return ""
        lines = text.splitlines()
        if loc.line > len(lines):
            return ""
        if loc.line == loc.end_line:
            pieces = [lines[loc.line - 1][loc.col - 1 : loc.end_col]]
        else:
            pieces = [lines[loc.line - 1][loc.col - 1 :], *lines[loc.line : loc.end_line - 1],
                      lines[loc.end_line - 1][: loc.end_col]]
        written = " ".join(piece.split("\\*")[0] for piece in pieces)  # line comments left out
        written = " ".join(re.sub(r"\(\*.*?\*\)", " ", written).split())
        return written if len(written) <= limit else written[: limit - 3] + "..."

    @cached_property
    def definitions(self) -> dict:
        """The spec's definitions without parameters that are functions of the state (for the explorer and
        for `-i` on any boolean one), in the order written."""
        found = {}
        for name, target in self.names.all.items():
            if not isinstance(target, Definition) or target.params or target.let or name in self.variables:
                continue
            try:
                level = self.program.level(target.resolved_body())
            except TlaError:
                continue
            if level == STATE:
                found[name] = self._lazy_value(name, target)
        return found

    def _lazy_value(self, name: str, d: Definition) -> Callable:
        cell: list = []

        def value(state):
            if not cell:
                cell.append(self.program.evaluator(t.Apply(d.loc, name, (), target=d)))
            return cell[0](state)

        return value

    def _temporal(self) -> dict[str, TemporalProperty]:
        """Every temporal definition the liveness checker decides; the others go, with why, to
        `unchecked_temporal`. A cfg's PROPERTY that is a state predicate holds in the initial states."""
        found = {}
        for name, target in self.names.all.items():
            if not isinstance(target, Definition) or target.params or target.let:
                continue
            try:
                level = self.program.level(target.resolved_body())
            except TlaError:
                continue
            if level != TEMPORAL and name not in self.config.properties:
                continue
            try:
                parts = self._formulas(target.resolved_body())
            except Unchecked as why:
                self.unchecked_temporal[name] = f"{why.loc.at()}: PROPERTY {name} is not checked by ttt-check: {why}"
                continue
            except Unsupported as why:
                self.unchecked_temporal[name] = f"PROPERTY {name} is not checked by ttt-check: {why}"
                continue
            if len(parts) == 1:
                found[name] = TemporalProperty(name, parts[0], "", self.fairness)
                continue
            self.temporal_parts[name] = tuple(f"{name}.{i}" for i in range(1, len(parts) + 1))
            for i, part in enumerate(parts, 1):
                found[f"{name}.{i}"] = TemporalProperty(f"{name}.{i}", part, f"conjunct {i} of {name}", self.fairness)
        return found

    def _safety_as_invariants(self, names: tuple) -> tuple:
        """The cfg's properties, less those of the form []P with P a state predicate (and such conjuncts of
        a conjunction): TLC checks those as invariants, during the search, and reports them so; they are
        added to the required invariants instead."""
        kept = []
        for name in names:
            parts = self.temporal_parts.get(name, (name,))
            temporal = [part for part in parts if not self._as_invariant(part)]
            if len(temporal) == len(parts):
                kept.append(name)
            else:
                kept += temporal
        return tuple(kept)

    def _as_invariant(self, name: str) -> bool:
        prop = self.temporal_properties.get(name)
        if prop is None or prop.formula.operator != ALWAYS or prop.formula.initial or prop.formula.assuming:
            return False
        predicate = prop.formula.predicates[0]
        self.invariants[name] = Invariant(name, predicate.holds, "", prop.formula.written or predicate.name)
        self.required_invariants += (name,)
        return True

    def _formulas(self, e: Any, env: dict | None = None) -> list[Formula]:
        """A temporal formula as the conjunction of formulas the liveness checker decides."""
        env = env or {}
        if isinstance(e, t.Junction) and e.conj:
            return [f for item in e.items for f in self._formulas(item, env)]
        if isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args and not e.target.let:
            if self.program.level(e) == TEMPORAL:
                return self._formulas(e.target.resolved_body(), env)
        if isinstance(e, t.Quant) and e.forall and self.program.level(e.body) == TEMPORAL:
            return self._instances(e, env)
        if isinstance(e, t.If) and self.program.level(e.cond) <= STATE:
            # IF c THEN F ELSE G: F of the behaviours starting where c holds, G of the others
            found = []
            for branch, condition in ((e.then, e.cond), (e.else_, t.Apply(e.cond.loc, "~", (e.cond,), target=_NOT))):
                for f in self._formulas(branch, env):
                    if f.initial is not None:
                        raise Unchecked("IF c THEN F ELSE G where F or G has an initial condition of its own", e.loc)
                    found.append(Formula(f.operator, f.predicates, f.written, self._predicate(condition, env)))
            return found
        return [self._formula(e, env)]

    def _instances(self, e: t.Quant, env: dict) -> list[Formula]:
        """`\\A p \\in S : F(p)` over a constant S: F of each element."""
        return [f for binding in self._bindings(e, env) for f in self._formulas(e.body, binding)]

    def _bindings(self, e: t.Quant, env: dict) -> list[dict]:
        """The values `\\A p \\in S, q \\in T` binds, one dict per combination (the sets are constants)."""
        bindings = [dict(env)]
        for bound in e.bounds:
            if self.program.level(bound.set) != 0 or bound.tuple_:
                raise Unsupported("\\A over a set that is not a constant, in a temporal formula", e.loc)
            elements = values.ordered(self.program.evaluator(bound.set)(None))
            uids = [n.uid for n in bound.names]
            bindings = [{**b, **dict(zip(uids, combo))}
                        for b in bindings for combo in itertools.product(elements, repeat=len(uids))]
        return bindings

    def _bound(self, env: dict) -> str:
        return ", ".join(f"{values.show(v)}" for v in env.values())

    def _formula(self, e: Any, env: dict) -> Formula:
        written = self._written(e) + (f" for {self._bound(env)}" if env else "")
        level = self.program.level(e)
        if level <= STATE:
            return replace_written(initially(self._predicate(e, env)), written)
        if isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "=>" \
                and self.program.level(e.args[0]) <= STATE:  # fmt: skip
            # `c => F`: F, of the behaviours whose initial state satisfies c
            inner = self._formula(e.args[1], env)
            if inner.initial is not None:
                raise Unchecked("c => F where F has an initial condition of its own", e.loc)
            return Formula(inner.operator, inner.predicates, written, self._predicate(e.args[0], env), inner.assuming)
        if isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "=>" \
                and _box_of_state(e.args[0], self.program) is not None:  # fmt: skip
            # `[]c => F`: F, of the behaviours in whose every state c holds
            inner = self._formula(e.args[1], env)
            if inner.assuming is not None:
                raise Unchecked("[]c => F where F assumes a []c' of its own", e.loc)
            assumed = self._predicate(_box_of_state(e.args[0], self.program), env)
            return Formula(inner.operator, inner.predicates, written, inner.initial, assumed)
        stable = _stability(e)
        if stable is not None and self.program.level(stable) <= STATE:
            # `[](P => []P)`: once P holds it holds for good, i.e. no step leaves P: `[][P => P']_vars`
            p = self._compiled(stable, env, action=False)
            return replace_written(always(ActionPredicate(written, lambda s, u: not p(s) or p(u))), written)
        if isinstance(e, t.Fairness):
            return replace_written(fair(self._fair(e, env)), written)
        if isinstance(e, t.Apply) and isinstance(e.target, Builtin):
            op, args = e.target.name, e.args
            if op == "[]":
                inner = args[0]
                if isinstance(inner, t.Step) and inner.box:
                    return replace_written(always(self._step_predicate(inner, env)), written)
                if isinstance(inner, t.Apply) and isinstance(inner.target, Builtin) and inner.target.name == "<>" \
                        and self.program.level(inner.args[0]) <= STATE:  # fmt: skip
                    return replace_written(always(eventually(self._predicate(inner.args[0], env))), written)
                if isinstance(inner, t.Apply) and isinstance(inner.target, Builtin) and inner.target.name == "<>" \
                        and isinstance(inner.args[0], t.Step) and not inner.args[0].box:  # fmt: skip
                    # []<><<A>>_v: A steps that change v, again and again
                    angle = inner.args[0]
                    holds = self._compiled(angle.action, env, action=True)
                    sub = self.program.evaluator(_given(angle.sub, env, self.program))
                    step = ActionPredicate(self._written(angle), lambda s, u: sub(u) != sub(s) and holds(s, u))
                    return Formula(ALWAYS_EVENTUALLY, (step,), written)
                if self.program.level(inner) <= STATE:
                    return replace_written(always(self._predicate(inner, env)), written)
            if op == "<>":
                inner = args[0]
                if isinstance(inner, t.Apply) and isinstance(inner.target, Builtin) and inner.target.name == "[]" \
                        and self.program.level(inner.args[0]) <= STATE:  # fmt: skip
                    return replace_written(eventually(always(self._predicate(inner.args[0], env))), written)
                if self.program.level(inner) <= STATE:
                    return replace_written(eventually(self._predicate(inner, env)), written)
            if op == "~>" and all(self.program.level(a) <= STATE for a in args):
                return replace_written(leadsTo(self._predicate(args[0], env), self._predicate(args[1], env)), written)
            if op == "[]" and _implies(args[0]) is not None:  # `[](P => <>Q)`: P ~> Q; `[](P => <>[]Q)`: P ~> []Q
                p, rest = _implies(args[0])
                if self.program.level(p) <= STATE and isinstance(rest, t.Apply) and isinstance(rest.target, Builtin) \
                        and rest.target.name == "<>" and self.program.level(rest.args[0]) <= STATE:  # fmt: skip
                    return replace_written(leadsTo(self._predicate(p, env), self._predicate(rest.args[0], env)), written)
                if self.program.level(p) <= STATE and _is(rest, "<>") and _is(rest.args[0], "[]") \
                        and self.program.level(rest.args[0].args[0]) <= STATE:  # fmt: skip
                    return replace_written(leadsToAlways(self._predicate(p, env),
                                                         self._predicate(rest.args[0].args[0], env)), written)
            if op == "~>" and self.program.level(args[0]) <= STATE and _is(args[1], "[]") \
                    and self.program.level(args[1].args[0]) <= STATE:  # fmt: skip
                return replace_written(leadsToAlways(self._predicate(args[0], env),
                                                     self._predicate(args[1].args[0], env)), written)
        fairness = self._fairness_written_out(e, env, written)
        if fairness is not None:
            return fairness
        raise Unchecked("ttt-check decides <>P, []P, []<>P, <>[]P, P ~> Q, P ~> []Q, [](P => []P) of state predicates, "
                        "[][A]_v, []<><<A>>_v, WF and SF (or []<>P \\/ []<><<A>>_v, <>[]P \\/ []<><<A>>_v), "
                        "c => F, []c => F, IF c THEN F ELSE G and conjunctions of them (docs/tla.md); not this "
                        "formula", e.loc)

    def _fairness_written_out(self, e: Any, env: dict, written: str) -> Formula | None:
        """`[]<>P \\/ []<><<A>>_v` (weak fairness of A, P standing for ~ENABLED <<A>>_v) and `<>[]P \\/
        []<><<A>>_v` (strong fairness), in either order: a fairness condition whose enabledness is ~P."""
        if isinstance(e, t.Junction) and not e.conj:
            parts = list(e.items)
        elif isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "\\/":
            parts = list(e.args)
        else:
            return None
        if len(parts) != 2:
            return None
        try:
            formulas = [self._formula(part, env) for part in parts]
        except Unchecked:
            return None
        steps = [f for f in formulas if f.operator == ALWAYS_EVENTUALLY and isinstance(f.predicates[0], ActionPredicate)]
        states = [f for f in formulas if f.operator in (ALWAYS_EVENTUALLY, EVENTUALLY_ALWAYS)
                  and isinstance(f.predicates[0], StatePredicate)]
        if len(steps) != 1 or len(states) != 1 or any(f.initial or f.assuming for f in formulas):
            return None
        disabled, step = states[0].predicates[0].holds, steps[0].predicates[0].holds
        condition = Fair(states[0].operator == EVENTUALLY_ALWAYS, written, enabled=lambda s: not disabled(s),
                         step=step)
        return replace_written(fair(condition), written)

    def _predicate(self, e: Any, env: dict) -> StatePredicate:
        function = self._compiled(e, env, action=False)
        return StatePredicate(self._written(e, 100), function)

    def _compiled(self, e: Any, env: dict, action: bool) -> Callable:
        """A condition on a state (or a step) of `e`, its bound names given the values `env` holds."""
        return self.program.condition(_given(e, env, self.program), action=action)

    def _step_predicate(self, step: t.Step, env: dict) -> ActionPredicate:
        """`[A]_v`: the step is an A step or leaves v unchanged (asked only of steps that change the state)."""
        holds = self._compiled(step.action, env, action=True)
        sub = self.program.evaluator(_given(step.sub, env, self.program))
        return ActionPredicate(self._written(step), lambda s, u: holds(s, u) or sub(u) == sub(s))

    def _fairs(self, e: Any, env: dict) -> list[Fair]:
        """The fairness conditions a part of the SPECIFICATION states: `WF_v(A)`, `SF_v(A)`, their
        conjunctions, the definitions that name them, and `\\A p \\in S : WF_v(A(p))` over a constant S
        (one condition per element, as TLC takes it)."""
        while isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args and not e.target.let:
            e = e.target.resolved_body()
        if isinstance(e, t.Junction) and e.conj:
            return [f for item in e.items for f in self._fairs(item, env)]
        if isinstance(e, t.Quant) and e.forall:
            return [f for binding in self._bindings(e, env) for f in self._fairs(e.body, binding)]
        return [self._fair(e, env)]

    def _fair(self, e: Any, env: dict | None = None) -> Fair | Settles:
        """A fairness condition: `WF_v(A)`, `SF_v(A)` (or a definition of one). Of the whole next-state
        relation over every variable, it is read off the state graph."""
        env = env or {}
        while isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args and not e.target.let:
            e = e.target.resolved_body()
        name = self._written(e) + (f" for {self._bound(env)}" if env else "")
        if _settles(e):  # `<>[][A]_v`: from some state on, every step an A step or one leaving v unchanged
            return Settles(name, self._step_predicate(e.args[0].args[0], env).holds)
        if not isinstance(e, t.Fairness):
            raise Unsupported("this part of the SPECIFICATION is not a fairness condition (WF, SF or <>[][A]_v)",
                              e.loc)
        action = e.action
        whole = (isinstance(action, t.Apply) and action.target is self._next_def and not env
                 and sorted(_variables(e.sub, self) or []) == list(range(len(self.variables))))
        if whole:
            return Fair(e.strong, name)
        holds = self._compiled(action, env, action=True)
        sub = self.program.evaluator(_given(e.sub, env, self.program))
        slots = instance_slots(e.instance_vars, len(self.variables), e.loc)
        return Fair(e.strong, name, self._enabled(e, env, slots), lambda s, u: sub(u) != sub(s) and holds(s, u))

    def _enabled(self, e: t.Fairness, env: dict, slots: dict) -> Callable:
        """ENABLED <<A>>_v of `WF_v(A)`, as TLC decides it: A's conjuncts in order, then v' /= v, read with the
        variables A chose (v reading one A leaves unchosen stops TLC, and is refused here; one v does not read
        may take any value). Written in an instantiated module (`slots`), that module's variables are the
        ones the step chooses (`x' = e` chooses x', `UNCHANGED x` keeps the value of what is substituted for
        x, a prime of x reads what was chosen), while an unprimed x is what is substituted for it, now."""
        step = t.Step(e.loc, False, e.action, e.sub)
        generator, _ = self.program.action(_given(step, env, self.program), "A", labels=False, partial=True,
                                           slots=slots)
        memo: dict = {}

        def enabled(s) -> bool:
            found = memo.get(s)
            if found is None:
                found = memo[s] = next(iter(generator(s)), None) is not None
            return found

        return enabled

    def evaluate(self, state: tuple, text: str) -> str:
        """The value of a TLA+ expression over the spec's definitions at `state`, as TLC prints values."""
        from checker.tla.scope import Scope
        from checker.tla.syntax import parse_expression

        expr = parse_expression(text)
        resolved = Scope(self.resolver, self.names, self._main).expr(expr)
        if self.program.level(resolved) > STATE:
            raise TlaError("the expression relates two states (it is an action or temporal): evaluate one of a state")
        return values.show(self.program.evaluator(resolved)(state))

    # ---- values to and from ITF --------------------------------------------------------------------------

    def to_quint(self, state: tuple) -> Any:
        from checker.tla.itf import to_itf_value
        from checker.quint.value import Record

        return Record((name, to_itf_value(value)) for name, value in zip(self.variables, state))

    def mbt_picks(self, label: Label | None) -> dict[str, Any]:
        from checker.tla.itf import to_itf_value

        return {name: to_itf_value(value) for name, value in super().mbt_picks(label).items()}

    def from_quint(self, variables: Mapping[str, Any]) -> tuple:
        from checker.tla.itf import from_itf_value

        missing = [name for name in self.variables if name not in variables]
        if missing:
            raise ValueError(f"no value for {', '.join(missing)}")
        return runtime.State(from_itf_value(variables[name]) for name in self.variables)


def _given(e: Any, env: dict, program: Program) -> Any:
    """`e` with each bound name of `env` given its value."""
    for uid, value in env.items():
        e = t.Given(e.loc, uid, program.constant(value), e)
    return e


def replace_written(formula: Formula, written: str) -> Formula:
    return Formula(formula.operator, formula.predicates, written)


_NOT = Builtin("~", 1, "")


def _is(e: Any, op: str) -> bool:
    """Whether `e` applies the built-in operator `op`."""
    return isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == op


def _implies(e: Any) -> tuple | None:
    """(P, Q) when `e` is `P => Q`, else None."""
    if isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "=>":
        return e.args
    return None


def _box_of_state(e: Any, program: Program) -> Any:
    """P when `e` is `[]P` with P a state predicate, else None."""
    if isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "[]" \
            and program.level(e.args[0]) <= STATE:  # fmt: skip
        return e.args[0]
    return None


def _stability(e: Any) -> Any:
    """P when `e` is `[](P => []P)` (the same P, written twice), else None."""
    if not (isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "[]"):
        return None
    inner = e.args[0]
    if not (isinstance(inner, t.Apply) and isinstance(inner.target, Builtin) and inner.target.name == "=>"):
        return None
    p, rest = inner.args
    if not (isinstance(rest, t.Apply) and isinstance(rest.target, Builtin) and rest.target.name == "[]"):
        return None
    return p if _same(p, rest.args[0]) else None


def _same(a: Any, b: Any) -> bool:
    """Whether two resolved expressions are written alike (the same names, the same structure)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (t.Num, t.Str, t.Bool)):
        return a.value == b.value
    if isinstance(a, t.Apply):
        return a.target is b.target and len(a.args) == len(b.args) and all(map(_same, a.args, b.args))
    parts_a, parts_b = a.parts(), b.parts()
    return len(parts_a) == len(parts_b) and all(map(_same, parts_a, parts_b)) and \
        getattr(a, "forall", None) == getattr(b, "forall", None) and getattr(a, "conj", None) == getattr(b, "conj", None)


def _is_box_next(e: Any) -> bool:
    return (isinstance(e, t.Apply) and isinstance(e.target, Builtin) and e.target.name == "[]"
            and isinstance(e.args[0], t.Step) and e.args[0].box)


def _settles(e: Any) -> bool:
    """Whether `e` is `<>[][A]_v`."""
    return _is(e, "<>") and _is_box_next(e.args[0])


def _fairness_inside(e: Any) -> bool:
    return any(isinstance(n, t.Fairness) for n in t.walk(e))


def _variables(e: Any, spec: TlaSpec) -> list | None:
    """The indices of the variables a subscript `v` is made of (a variable, a tuple, a definition of one)."""
    if isinstance(e, t.Apply) and isinstance(e.target, Var):
        return [e.target.index]
    if isinstance(e, t.Tuple):
        found = []
        for item in e.items:
            inner = _variables(item, spec)
            if inner is None:
                return None
            found += inner
        return found
    if isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args and not e.target.let:
        return _variables(e.target.resolved_body(), spec)
    return None


def _combinations(seen: dict) -> list[frozenset]:
    """Every combination of the choices at the places and sets `seen` (key -> how many), each a frozenset of
    (key, index) for the indices other than the first."""
    found = []
    for indices in itertools.product(*(range(count) for count in seen.values())):
        found.append(frozenset((key, i) for key, i in zip(seen, indices) if i))
    return found


def load(path: str, config: str | None = None, alternatives: bool = False) -> TlaSpec:
    """The model of the `.tla` file at `path` under its cfg (`config`, or the cfg beside it). With
    `alternatives`, a CHOOSE that TLC's order of strings decides takes the first choice and is recorded, for
    `TlaSpec.alternatives` to try the others; without, it is refused."""
    spec = Path(path)
    config_path = frontend.find_config(spec, config)
    parsed = frontend.read_config(config_path) if config_path is not None else None
    return TlaSpec(spec, parsed, config_path, {} if alternatives else None)
