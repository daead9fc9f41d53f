"""Names resolved as SANY resolves them: modules found, extended and instantiated, every name bound.

The result is a copy of each definition's tree in which every `Apply` knows what it names (its
`target`): a state variable (`Var`), a constant of the cfg (`Const`), a definition (`Definition`), an
operator of the language or a standard module (`checker.tla.stdlib.Builtin`), or a name bound inside
the expression (`Local`, an operator parameter `OpParam`). What SANY refuses is refused here, at its
place: a name defined nowhere or used before its definition, an operator given the wrong number of
arguments, a module that cannot be found.

An instance `I == INSTANCE M WITH c <- e` is M's definitions again, each resolved with M's constants
and variables replaced by the expressions substituted for them (the same name by default), so
`I!Op` is a definition of its own; a parameterised instance `I(p) == INSTANCE M ...` gives each of
them its parameters first. `EXTENDS` is inclusion: the extended module's definitions see the
extending module's constants and variables.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from checker.tla import stdlib
from checker.tla import tree as t
from checker.tla.errors import TlaError, Unsupported
from checker.tla.tree import NOWHERE as NOWHERE_LOC
from checker.tla.tree import Loc

_uids = itertools.count(1)


@dataclass(eq=False)
class Var:
    """A state variable: its index in the state tuple."""

    index: int
    name: str


@dataclass(eq=False)
class Const:
    """A constant of the root module, given its value by the cfg."""

    name: str
    arity: int
    loc: Loc


@dataclass(eq=False)
class Local:
    """A name bound inside an expression: a bound variable, a value parameter, a LAMBDA's parameter."""

    name: str
    uid: int = field(default_factory=lambda: next(_uids))


@dataclass(eq=False)
class OpParam:
    """An operator parameter `F(_)` of a definition."""

    name: str
    arity: int
    uid: int = field(default_factory=lambda: next(_uids))


@dataclass(eq=False)
class Definition:
    """A definition, resolved: `params` are Locals or OpParams, `body` a resolved tree."""

    name: str
    params: tuple
    body: Any
    loc: Loc
    #: a LET definition, which may read the names bound around it
    let: bool = False
    #: the parameters of the instances it is defined under (`I(p) == INSTANCE M`), first among `params`
    outer: tuple = ()
    uid: int = field(default_factory=lambda: next(_uids))
    #: for a definition whose body cannot be resolved before it is needed (recursion): resolves it
    pending: Callable[[], Any] | None = None
    #: a module's definition: its body as written, and a function giving the scope it is resolved in (for the
    #: parts of it that `Op!2` names)
    source: Any = None
    scoped: Callable[[], Any] | None = None

    @property
    def arity(self) -> int:
        """The arguments it is applied to where it is named (under its instance, the instance's are implied)."""
        return len(self.params)

    def resolved_body(self):
        if self.pending is not None:
            pending, self.pending = self.pending, None  # a recursive definition meets itself while resolved
            try:
                self.body = pending()
            except BaseException:
                self.pending = pending  # asked again, it fails again as it did (an unknown name): never None
                raise
        return self.body

    def __repr__(self) -> str:
        return f"Definition({self.name})"


@dataclass(eq=False)
class Instance:
    """A named instance `I(params) == INSTANCE M WITH ...`: its parameters and M's names under it."""

    name: str
    params: tuple
    names: "Names"
    loc: Loc


@dataclass
class Names:
    """What the names of one module (under one substitution) stand for; `public` leaves LOCAL ones out."""

    all: dict[str, Any] = field(default_factory=dict)
    public: dict[str, Any] = field(default_factory=dict)

    def add(self, name: str, target: Any, local: bool = False) -> None:
        self.all[name] = target
        if not local:
            self.public[name] = target


class Subst:
    """A constant or variable of an instantiated module: the expression substituted for it, resolved when
    first read (once the cfg's replacements are known: `Capacity <- Capacities[1]` with the cfg's
    `Capacities <- MCCapacities`)."""

    def __init__(self, resolve: Callable[[], Any], arity: int = 0, variable: bool = False):
        self._resolve, self._expr, self.arity = resolve, None, arity
        #: whether it is a variable of the instantiated module (not a constant)
        self.variable = variable

    @property
    def expr(self) -> Any:
        if self._resolve is not None:
            self._expr, self._resolve = self._resolve(), None
        return self._expr


def arity_of(target: Any) -> int:
    if isinstance(target, (Definition, OpParam, stdlib.Builtin, Const, Subst)):
        return target.arity
    return 0


class Modules:
    """Finds modules by name: written in the spec's file, in a `.tla` file beside it, or standard."""

    def __init__(self, modules: dict[str, t.Module], folder: Path, read: Callable[[Path], dict[str, t.Module]]):
        self.modules = dict(modules)
        self.folder, self.read = folder, read

    def find(self, name: str, loc: Loc, around: t.Module | None = None) -> t.Module | None:
        """The module `name` (None: a standard one); TlaError when it is nowhere."""
        if around is not None and name in around.inner:
            return around.inner[name]
        if name in self.modules:
            return self.modules[name]
        if name in stdlib.MODULES:
            return None
        if name in stdlib.REFUSED:
            raise Unsupported(stdlib.REFUSED[name], loc)
        path = self.folder / f"{name}.tla"
        if not path.is_file():
            raise TlaError(f"cannot find module {name} (no {path} beside the spec, and no standard module of that name)",
                           loc)
        found = self.read(path)
        if name not in found:
            raise TlaError(f"{path} holds no module {name}", loc)
        self.modules.update(found)
        return self.modules[name]


class Resolver:
    """Resolves the modules of one spec. `overrides`: the cfg's `Op <- Other` (name -> other's name);
    `values`: the names the cfg gives a value with `=` (a definition so named becomes a constant)."""

    def __init__(self, modules: Modules, overrides: dict[str, str] | None = None, values: tuple = (),
                 module_overrides: dict[tuple[str, str], str] | None = None, module_values: tuple = ()):
        self.modules = modules
        self.overrides = dict(overrides or {})
        #: (module, name) -> the main module's definition that replaces that module's (`Op <- [M] Other`)
        self.module_overrides = dict(module_overrides or {})
        #: (module, name) of the definitions the cfg gives a value for one module (`Op = [M] value`)
        self.module_values = frozenset(module_values)
        #: those of `module_overrides` and `module_values` whose module was read and defines the name
        self.module_replaced: set[tuple[str, str]] = set()
        #: the main module's names, once read (a replacement for one module names one of them)
        self.root_names: Names | None = None
        self.values = tuple(values)
        self.variables: list[Var] = []
        self.constants: dict[str, Const] = {}
        #: every ASSUME, resolved once the cfg's replacements are known
        self.assumptions: list[Any] = []
        self._assumed: list[tuple["Scope", Any]] = []
        #: id of a constant or definition of the main module -> what the cfg replaces it by
        self.replaced: dict[int, Any] = {}
        #: modules being read, to refuse a module that extends itself
        self.reading: list[str] = []
        #: (definition's uid, selectors) -> the part of that definition that `Op!1!2` names, as a definition
        self.parts: dict[tuple, Definition] = {}

    # ---- modules ----------------------------------------------------------------------------------------

    def root(self, module: t.Module) -> Names:
        """The names of the spec's main module: its constants and variables are the model's."""
        params: dict[str, Any] = {}
        for name, loc in self._declared(module, "variables"):
            var = Var(len(self.variables), name)
            self.variables.append(var)
            params[name] = var
        for param, loc in self._declared(module, "constants"):
            const = Const(param.name, param.arity, loc)
            self.constants[param.name] = const
            params[param.name] = const
        names = self._overridden(self.module_names(module, params))
        self.root_names = names
        for module_name, name in self.module_values - self.module_replaced:
            raise TlaError(f"the cfg gives a value to {name} of module {module_name}, which the spec does not "
                           f"define there")
        for (module_name, name), other in self.module_overrides.items():
            if (module_name, name) not in self.module_replaced:
                raise TlaError(f"the cfg replaces {name} of module {module_name}, which the spec does not define there")
            if other not in names.all:
                raise TlaError(f"the cfg replaces {name} of module {module_name} by {other}, which the spec does not "
                               f"define")
        self.assumptions = [scope.expr(e) for scope, e in self._assumed]
        return names

    def _declared(self, module: t.Module, what: str, seen: set | None = None) -> list:
        """The constants or variables a module declares, with those of the modules it extends (which
        are its own), each once."""
        seen = set() if seen is None else seen
        found: list = []
        for name, loc in module.extends:
            inner = self.modules.find(name, loc, module)
            if inner is not None and inner.name not in seen:
                seen.add(inner.name)
                found += self._declared(inner, what, seen)
        named = lambda item: item[0] if isinstance(item[0], str) else item[0].name  # noqa: E731
        known = {named(item) for item in found}
        return found + [item for item in getattr(module, what) if named(item) not in known]

    def _replace_for(self, module: t.Module, names: Names) -> None:
        """`Op <- [M] Other` of the cfg, for module M: M's Op (a standard operator such as Nat too) is Other."""
        for (overridden, name), other in self.module_overrides.items():
            if overridden == module.name and name in names.all and not isinstance(names.all[name], _RootName):
                names.all[name] = _RootName(other)
                self.module_replaced.add((overridden, name))

    def replacing(self, target: Any) -> Any:
        """What the cfg replaces `target` by (itself when nothing does)."""
        found = self.replaced.get(id(target), target)
        if isinstance(found, _RootName):
            return self.root_names.all[found.name]
        return found

    def _overridden(self, names: Names) -> Names:
        """The cfg's `Op <- Other` (Op stands for Other, wherever the main module and the modules it extends
        name it) and `Op = value` for a definition Op (it becomes a constant of that value)."""
        for name, other in self.overrides.items():
            if other not in names.all:
                raise TlaError(f"the cfg replaces {name} by {other}, which the spec does not define")
            if name not in names.all:
                raise TlaError(f"the cfg replaces {name}, which the spec does not declare or define")
            self.replaced[id(names.all[name])] = names.all[other]
            names.all[name] = names.public[name] = names.all[other]
        for name in self.values:
            found = names.all.get(name)
            if isinstance(found, Definition):
                if found.params:
                    raise TlaError(f"the cfg gives the operator {name} a value: replace it instead ({name} <- Op)",
                                   found.loc)
                const = self.constants[name] = Const(name, 0, found.loc)
                self.replaced[id(found)] = const
                names.all[name] = names.public[name] = const
        return names

    def module_names(self, module: t.Module, params: dict[str, Any], prefix: str = "", outer: tuple = ()) -> Names:
        """The names `module` sees: the standard operators, what it extends, its constants and variables
        (`params`: name -> what they stand for), then its definitions and instances in order. Under an
        instance, each definition's name starts with `prefix` and its parameters with `outer`."""
        if module.name in self.reading:
            raise TlaError(f"module {module.name} extends or instantiates itself", module.loc)
        self.reading.append(module.name)
        names = Names(dict(stdlib.LANGUAGE_OPERATORS))
        for name, loc in module.extends:
            inner = self.modules.find(name, loc, module)
            if inner is None:
                for op_name, op in stdlib.exported(name).items():
                    names.add(op_name, op)
                continue
            for op_name, target in self.module_names(inner, params, prefix, outer).public.items():
                names.add(op_name, target)
        self._replace_for(module, names)
        for param, _ in module.constants:
            names.add(param.name, params[param.name])
        for var, _ in module.variables:
            names.add(var, params[var])
        for unit in module.units:
            if isinstance(unit, t.OpDef):
                names.add(unit.name, self.definition(unit, names, module, prefix, outer), unit.local)
            elif isinstance(unit, t.InstanceDef):
                self.instance(unit, names, module, prefix, outer)
                self._replace_for(module, names)
        for assumption in module.assumptions:
            self._assumed.append((Scope(self, names, module, outer), assumption))
        self.reading.pop()
        return names

    def definition(self, d: t.OpDef, names: Names, module: t.Module, prefix: str, outer: tuple) -> Definition:
        """A module-level definition. It sees the names defined before it (as SANY reads a module, in
        order), itself when it is declared RECURSIVE, and those declared RECURSIVE wherever they are
        defined; its body is resolved when first needed, once every such name is known."""
        own = tuple(OpParam(p.name, p.arity) if p.arity else Local(p.name) for p in d.params)
        made = Definition(prefix + d.name, outer + own, None, d.loc, outer=outer)
        if (module.name, d.name) in self.module_overrides:
            self.replaced[id(made)] = _RootName(self.module_overrides[module.name, d.name])
            self.module_replaced.add((module.name, d.name))
        if (module.name, d.name) in self.module_values:
            if d.params:
                raise TlaError(f"the cfg gives the operator {d.name} of module {module.name} a value: replace it "
                               f"instead ({d.name} <- [{module.name}] Op)", d.loc)
            self.module_replaced.add((module.name, d.name))
            key = module_constant(module.name, d.name)
            return self.constants.setdefault(key, Const(key, 0, d.loc))
        before = Names(dict(names.all))
        if d.name in module.recursive:
            before.all[d.name] = made

        def scoped():
            live = {name: names.all[name] for name in module.recursive if name in names.all}
            scope = Scope(self, Names({**before.all, **live}), module, outer)
            scope.locals.update({p.name: p for p in own})
            return scope

        made.pending = lambda: scoped().expr(d.body)
        made.source, made.scoped = d.body, scoped
        return made

    def instance(self, unit: t.InstanceDef, names: Names, module: t.Module, prefix: str, outer: tuple) -> None:
        """`INSTANCE M WITH ...` (M's public names become this module's) or `I(p) == INSTANCE M ...`."""
        target = self.modules.find(unit.module, unit.loc, module)
        if target is None:  # a standard module instantiated: its operators, as EXTENDS gives them
            standard = stdlib.exported(unit.module)
            if unit.name is None:
                for op_name, op in standard.items():
                    names.add(op_name, op, unit.local)
            else:
                names.add(unit.name, Instance(unit.name, (), Names(dict(standard), dict(standard)), unit.loc),
                          unit.local)
            return
        mine = tuple(Local(p.name) for p in unit.params)
        scope = Scope(self, Names(dict(names.all)), module, outer)  # the names before the INSTANCE, as SANY reads
        scope.locals.update({p.name: p for p in mine})
        given = dict(unit.substitutions)
        params: dict[str, Any] = {}
        declared = [(p.name, p.arity, False) for p, _ in self._declared(target, "constants")]
        declared += [(v, 0, True) for v, _ in self._declared(target, "variables")]
        for name, arity, variable in declared:
            if name in given:
                params[name] = Subst(functools.partial(scope.argument, given.pop(name), arity), arity, variable)
            elif name in scope.locals or name in names.all:  # the same name here: a parameter of `I(p)` too
                params[name] = Subst(functools.partial(scope.argument, t.Apply(unit.loc, name), arity), arity,
                                     variable)
            else:
                raise TlaError(f"INSTANCE {unit.module}: nothing is substituted for its parameter {name}, and no "
                               f"{name} is defined here", unit.loc)
        if given:
            extra = next(iter(given))
            raise TlaError(f"INSTANCE {unit.module} WITH {extra} <- ...: {unit.module} declares no constant or "
                           f"variable {extra}", unit.loc)
        inner_prefix = f"{prefix}{unit.name}!" if unit.name else prefix
        assumed = len(self._assumed)
        instantiated = self.module_names(target, params, inner_prefix, outer + mine)
        del self._assumed[assumed:]  # TLC checks the ASSUMEs of the modules extended, not of those instantiated
        if unit.name is None:
            for op_name, op in instantiated.public.items():
                if op_name not in stdlib.LANGUAGE_OPERATORS:
                    names.add(op_name, op, unit.local)
        else:
            names.add(unit.name, Instance(unit.name, mine, instantiated, unit.loc), unit.local)


def module_constant(module: str, name: str) -> str:
    """The key of a definition the cfg gives a value for one module (`Op = [M] value`) among the constants."""
    return f"{name}__{module}"


def select(body: Any, selectors: tuple, shown: str, places: tuple) -> Any:
    """The part of a definition's body (as written) at `selectors` (written at `places`), as SANY reads them:
    `:` the body itself (alone: a theorem's or assumption's statement); `n` the n-th item of a bulleted conjunction or
    disjunction list, the n-th operand of an operator's application; `<<` and `>>` the left and right operands
    of an infix operator (`a /\\ b /\\ c` is `(a /\\ b) /\\ c`). Only parts outside every binder are taken (none
    inside a quantifier, LET, IF, CASE...: those would have names bound around them)."""
    from checker.tla.syntax import INFIX

    e, path = body, shown
    for sel, loc in zip(selectors, places):
        path += f"!{sel}"
        if sel == ":":
            if len(selectors) > 1:
                raise TlaError(f"{path}: !: can only follow a definition's name, alone (SANY refuses it)", loc)
            if isinstance(e, t.Let):
                raise Unsupported(f"{path}: !: of a definition by LET is not supported", loc)
            continue
        if isinstance(e, t.Junction) and e.bulleted:
            if not isinstance(sel, int):
                raise Unsupported(f"{path}: !<< and !>> of a bulleted list are not supported", loc)
            items = e.items
        elif isinstance(e, t.Junction):  # an infix chain, left-associative: two operands
            rest = e.items[:-1]
            items = (rest[0] if len(rest) == 1 else t.Junction(e.loc, e.conj, rest), e.items[-1])
        elif isinstance(e, t.Apply) and e.args and not e.path:
            items = e.args
            if not isinstance(sel, int) and not (e.name in INFIX.values() and len(items) == 2):
                raise Unsupported(f"{path}: !<< and !>> are the operands of an infix operator, which "
                                  f"{e.name} is not here", loc)
        else:
            raise Unsupported(f"{path}: a part of {type(e).__name__.lower()} named by its position is not "
                              f"supported (only of a bulleted list, /\\, \\/ and operators' applications)", loc)
        index = {"<<": 0, ">>": 1}.get(sel, sel - 1 if isinstance(sel, int) else -1)
        if not 0 <= index < len(items):
            raise TlaError(f"{path}: there is no such part (it has {len(items)})", loc)
        e = items[index]
        if isinstance(e, (t.OpArg, t.Lambda)):
            raise Unsupported(f"{path} is an operator argument, not an expression", loc)
    return e


@dataclass
class _RootName:
    """A name of the main module, replacing another module's definition (`Op <- [M] Other`)."""

    name: str


class Scope:
    """Resolves expressions of one module: its names, and the names bound around the expression.
    `outer`: the parameters of the instances the module is read under, which every definition of it
    takes first and passes on to the others."""

    def __init__(self, resolver: Resolver, names: Names, module: t.Module, outer: tuple = ()):
        self.resolver, self.names, self.module, self.outer = resolver, names, module, outer
        self.locals: dict[str, Any] = {}

    def child(self) -> "Scope":
        scope = Scope(self.resolver, self.names, self.module, self.outer)
        scope.locals = dict(self.locals)
        return scope

    def lookup(self, name: str, loc: Loc) -> Any:
        found = self.locals.get(name)
        if found is None:
            found = self.names.all.get(name)
        if found is None:
            raise TlaError(f"unknown operator '{name}'", loc)
        return self.resolver.replacing(found)

    # ---- expressions ------------------------------------------------------------------------------------

    def expr(self, e: Any) -> Any:
        return getattr(self, "r_" + type(e).__name__)(e)

    def exprs(self, items) -> tuple:
        return tuple(self.expr(e) for e in items)

    def r_Num(self, e):
        return e

    r_Str = r_Bool = r_At = r_Num

    def _target(self, e: t.Apply, replaced: bool = True) -> tuple[Any, tuple, str]:
        """What `e` names, the arguments its instance path gives, and its name as shown (`I!Op`); with
        `replaced` false, the definition itself, even where the cfg replaces it."""
        if not e.path:
            if not replaced:
                found = self.locals.get(e.name, self.names.all.get(e.name))
                if found is not None:
                    return found, (), e.name
            return self.lookup(e.name, e.loc), (), e.name
        names, args = None, []
        for step, (name, given) in enumerate(e.path):
            found = self.lookup(name, e.loc) if step == 0 else names.get(name)
            if not isinstance(found, Instance):
                raise TlaError(f"'{name}' is not an instance (INSTANCE) to take {e.name} from", e.loc)
            if len(given) != len(found.params):
                raise TlaError(f"instance {name} takes {len(found.params)} argument(s), given {len(given)}", e.loc)
            args += [self.argument(a, 0) for a in given]
            names = found.names.public
        shown = "!".join([*(n for n, _ in e.path), e.name])
        target = names.get(e.name)
        target = self.resolver.replacing(target) if replaced else target
        if target is None:
            raise TlaError(f"unknown operator '{shown}'", e.loc)
        return target, tuple(args), shown

    def r_Apply(self, e: t.Apply):
        target, given, shown = self._target(e)
        if isinstance(target, Subst):
            return self._substituted(e, target, self._arguments(e.args, target))
        if isinstance(target, Instance):
            raise TlaError(f"'{shown}' is an instance: name one of its definitions ({shown}!Op)", e.loc)
        implied = self._implied(target)
        args = implied + given + self._arguments(e.args, target, len(implied) + len(given))
        arity = arity_of(target)
        if len(args) != arity and not (isinstance(target, stdlib.Builtin) and arity < 0):
            wanted, got = arity - len(implied) - len(given), len(args) - len(implied) - len(given)
            if wanted and not got:
                raise TlaError(f"'{shown}' is an operator of {wanted} argument(s): apply it, as {shown}(...)", e.loc)
            raise TlaError(f"'{shown}' takes {wanted} argument(s), given {got}", e.loc)
        if isinstance(target, stdlib.Builtin) and target.name == "ENABLED":
            substituted = self._substituted_variables()  # ENABLED, like WF, chooses the instance's variables
            if substituted:
                target = stdlib.EnabledIn(target.name, target.arity, target.module, target.function, target.operators,
                                          substituted)
        return t.Apply(e.loc, shown, args, target=target)

    def r_Subexpr(self, e: t.Subexpr):
        """`Op!2`, `Op(a)!<<`: the part of Op's body at those positions, as an operator of Op's parameters,
        applied to the arguments given. The part is taken from the body as written (a constant that an
        instance substitutes is no expression to look into) and resolved where Op's body is."""
        head = e.head
        target, given, shown = self._target(replace(head, args=()), replaced=False)
        if isinstance(target, Definition) and target.let:
            raise Unsupported(f"a subexpression of a LET definition ({shown}!...) is not supported", e.loc)
        if not isinstance(target, Definition) or target.scoped is None:
            raise TlaError(f"'{shown}' is not a definition of a module, to name a part of it with !", e.loc)
        if id(target) in self.resolver.replaced:
            raise Unsupported(f"a part of {shown}, which the cfg replaces, is not supported", e.loc)
        made = self.resolver.parts.get((target.uid, e.selectors))
        if made is None:
            part = select(target.source, e.selectors, shown, e.places or (e.loc,) * len(e.selectors))
            name = shown + "".join(f"!{s}" for s in e.selectors)
            made = Definition(name, target.params, None, e.loc, outer=target.outer)
            made.pending = lambda: target.scoped().expr(part)
            self.resolver.parts[target.uid, e.selectors] = made
        implied = self._implied(made)
        args = implied + given + self._arguments(head.args, made, len(implied) + len(given))
        if len(args) != made.arity:
            wanted, got = made.arity - len(implied) - len(given), len(args) - len(implied) - len(given)
            raise TlaError(f"'{made.name}' takes {wanted} argument(s) (those of {shown}: {shown}(...)!...), given "
                           f"{got}", e.loc)
        return t.Apply(e.loc, made.name, args, target=made)

    def _implied(self, target: Any) -> tuple:
        """The arguments a definition of the same instance as this scope gets without their being written:
        the instance's own parameters."""
        outer = getattr(target, "outer", ())
        mine = self.outer
        if mine and outer[: len(mine)] == mine:
            return tuple(t.Apply(NOWHERE_LOC, p.name, target=p) for p in mine)
        return ()

    def _arguments(self, args, target, skip: int = 0) -> tuple:
        params = getattr(target, "params", None)
        operators = dict(target.operators) if isinstance(target, stdlib.Builtin) else {}
        out = []
        for i, a in enumerate(args):
            param = params[skip + i] if params is not None and skip + i < len(params) else None
            arity = param.arity if isinstance(param, OpParam) else operators.get(skip + i, 0)
            out.append(self.argument(a, arity))
        return tuple(out)

    def argument(self, a: Any, arity: int) -> Any:
        """An argument for a parameter of `arity` (an operator when it is more than 0)."""
        if isinstance(a, t.OpArg):
            return replace(a, target=self.lookup(a.name, a.loc))
        if isinstance(a, t.Lambda):
            return self.r_Lambda(a)
        if arity and isinstance(a, t.Apply) and not a.args:
            target, given, shown = self._target(a)
            if given or self._implied(target):
                raise Unsupported(f"an operator of an instance passed as an argument ({shown}) is not supported",
                                  a.loc)
            if isinstance(target, Subst):
                return target.expr
            return t.OpArg(a.loc, shown, (), target)
        return self.expr(a)

    def _substituted(self, e: t.Apply, target: Subst, args: tuple):
        """A constant or variable of an instantiated module: what was substituted for it."""
        if not args:
            return target.expr
        value = target.expr
        if isinstance(value, (t.OpArg, LambdaDef)):
            return t.Apply(e.loc, getattr(value, "name", "LAMBDA"), args, target=getattr(value, "target", value))
        raise TlaError(f"'{e.name}' is substituted by an expression, not an operator to apply", e.loc)

    def r_OpArg(self, e: t.OpArg):
        return replace(e, target=self.lookup(e.name, e.loc))

    def r_Lambda(self, e: t.Lambda):
        scope = self.child()
        params = tuple(Local(p) for p in e.params)
        scope.locals.update({p.name: p for p in params})
        resolved = t.Lambda(e.loc, e.params, scope.expr(e.body))
        return LambdaDef(resolved, params)

    def _bounds(self, bounds, scope: "Scope") -> tuple:
        """Bounds resolved in `scope`, each set before its names are bound (a later set may use them? no:
        TLA+ binds all names after all sets), then the names bound in `scope`."""
        out = []
        for b in bounds:
            s = self.expr(b.set) if b.set is not None else None
            locals_ = tuple(Local(n) for n in b.names)
            out.append(BoundR(locals_, b.tuple_, s))
        for b in out:
            scope.locals.update({l.name: l for l in b.names})
        return tuple(out)

    def r_Quant(self, e: t.Quant):
        scope = self.child()
        bounds = self._bounds(e.bounds, scope)
        if any(b.set is None for b in bounds):
            raise Unsupported("an unbounded quantifier (\\A x : P, \\E x : P) is not supported: TLC cannot evaluate "
                              "it either; bound it (\\E x \\in S : P)", e.loc)
        return t.Quant(e.loc, e.forall, bounds, scope.expr(e.body))

    def r_Choose(self, e: t.Choose):
        scope = self.child()
        (bound,) = self._bounds((e.bound,), scope)
        if bound.set is None:
            raise Unsupported("an unbounded CHOOSE (CHOOSE x : P) is not supported: TLC cannot evaluate it either; "
                              "bound it (CHOOSE x \\in S : P)", e.loc)
        return t.Choose(e.loc, bound, scope.expr(e.body))

    def r_SetEnum(self, e):
        return t.SetEnum(e.loc, self.exprs(e.items))

    def r_SetFilter(self, e: t.SetFilter):
        scope = self.child()
        (bound,) = self._bounds((e.bound,), scope)
        return t.SetFilter(e.loc, bound, scope.expr(e.body))

    def r_SetMap(self, e: t.SetMap):
        scope = self.child()
        bounds = self._bounds(e.bounds, scope)
        return t.SetMap(e.loc, scope.expr(e.body), bounds)

    def r_FcnLit(self, e: t.FcnLit):
        scope = self.child()
        bounds = self._bounds(e.bounds, scope)
        name = None
        if e.name is not None:  # a recursive function: its own name, inside, is the function being defined
            name = Local(e.name)
            scope.locals[e.name] = name
        return t.FcnLit(e.loc, bounds, scope.expr(e.body), name)

    def r_FcnApp(self, e):
        return t.FcnApp(e.loc, self.expr(e.fn), self.exprs(e.args))

    def r_FcnSet(self, e):
        return t.FcnSet(e.loc, self.expr(e.domain), self.expr(e.range))

    def r_RecordLit(self, e):
        return t.RecordLit(e.loc, tuple((n, self.expr(v)) for n, v in e.fields))

    def r_RecordSet(self, e):
        return t.RecordSet(e.loc, tuple((n, self.expr(v)) for n, v in e.fields))

    def r_Dot(self, e):
        return t.Dot(e.loc, self.expr(e.record), e.field)

    def r_Except(self, e: t.Except):
        updates = []
        for path, value in e.updates:
            steps = tuple((kind, self.exprs(step) if kind == "app" else step) for kind, step in path)
            updates.append((steps, self.expr(value)))
        return t.Except(e.loc, self.expr(e.fn), tuple(updates))

    def r_Tuple(self, e):
        return t.Tuple(e.loc, self.exprs(e.items))

    def r_If(self, e):
        return t.If(e.loc, self.expr(e.cond), self.expr(e.then), self.expr(e.else_))

    def r_Case(self, e):
        arms = tuple((self.expr(g), self.expr(v)) for g, v in e.arms)
        return t.Case(e.loc, arms, self.expr(e.other) if e.other is not None else None)

    def r_Let(self, e: t.Let):
        """LET's definitions, each seeing those before it, and itself when it is declared RECURSIVE."""
        scope = self.child()
        defs = []
        for d in e.defs:
            if isinstance(d, t.InstanceDef):
                scope.locals[d.name] = self._let_instance(d, scope)
                continue
            params = tuple(OpParam(p.name, p.arity) if p.arity else Local(p.name) for p in d.params)
            made = Definition(d.name, params, None, d.loc, let=True)
            inner = scope.child()
            if d.name in e.recursive:
                inner.locals[d.name] = made
            inner.locals.update({p.name: p for p in params})
            made.body = inner.expr(d.body)
            scope.locals[d.name] = made
            defs.append(made)
        return t.Let(e.loc, tuple(defs), scope.expr(e.body), e.recursive)

    def _let_instance(self, d: t.InstanceDef, scope: "Scope") -> Instance:
        """`LET I == INSTANCE M WITH ... IN e`: M's definitions under the substitutions, as a module's instance,
        when what is substituted (explicitly, or implicitly by the same name) is no name bound around the LET
        (a bound name would need M's definitions to take it as an argument)."""
        target = self.resolver.modules.find(d.module, d.loc, self.module)
        declared = set() if target is None else \
            {p.name for p, _ in self.resolver._declared(target, "constants")} | \
            {v for v, _ in self.resolver._declared(target, "variables")}  # fmt: skip
        used = declared - {name for name, _ in d.substitutions}
        for _, value in d.substitutions:
            for n in t.walk(value):
                n = n.head if isinstance(n, t.Subexpr) else n
                if isinstance(n, (t.Apply, t.OpArg)) and not getattr(n, "path", ()):
                    used.add(n.name)
        bound = sorted(used & (set(scope.locals) - {p.name for p in d.params}))
        if bound:
            raise Unsupported(f"an instance defined inside LET that is given names bound around it ({', '.join(bound)})"
                              f" is not supported", d.loc)
        holder = Names(dict(self.names.all))
        self.resolver.instance(d, holder, self.module, "", self.outer)
        return holder.all[d.name]

    def r_Junction(self, e):
        return t.Junction(e.loc, e.conj, self.exprs(e.items), e.bulleted)

    def r_Step(self, e):
        return t.Step(e.loc, e.box, self.expr(e.action), self.expr(e.sub))

    def r_Fairness(self, e):
        """`WF_v(A)`, with the variables of this module when it is instantiated: inside ENABLED <<A>>_v, as TLC
        reads it, their primes are the step's own values, not the primes of what is substituted for them."""
        return t.Fairness(e.loc, e.strong, self.expr(e.sub), self.expr(e.action), self._substituted_variables())

    def _substituted_variables(self) -> tuple:
        """The variables this module declares, each (name, its Subst), when it is read as an instance."""
        substituted = []
        for name, _ in self.resolver._declared(self.module, "variables"):
            found = self.names.all.get(name)
            if isinstance(found, Subst) and found.variable:
                substituted.append((name, found))
        return tuple(substituted)


@dataclass(eq=False)
class BoundR:
    """A resolved bound: the Locals it binds, whether as a tuple, and its set."""

    names: tuple
    tuple_: bool
    set: Any


@dataclass(eq=False)
class LambdaDef:
    """A resolved LAMBDA: its body and parameters (a Definition without a name)."""

    lam: t.Lambda
    params: tuple

    @property
    def arity(self) -> int:
        return len(self.params)

    @property
    def loc(self) -> Loc:
        return self.lam.loc

    @property
    def body(self):
        return self.lam.body

    def resolved_body(self):
        return self.lam.body

    def parts(self) -> tuple:
        return (self.lam.body,)

    name = "LAMBDA"
    let = True
