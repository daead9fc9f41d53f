"""A resolved TLA+ spec compiled to Python source, then to bytecode by Python itself.

Expressions: one Python function per definition that is used, `def D(S, args)` of the state `S` (a
state-level definition without parameters remembers its values for the last two states, a constant one
forever); an action-level definition read as a predicate also takes the next state, `def D(S, T,
args)`. Quantifiers become generator expressions, LET definitions lambdas (one without parameters a cell
computed when first read), and the operators calls of `checker.tla.runtime`, each told its place (the
integer operators, `Len` and `r.f` are written out for the values they expect, calling it for others).

Actions: `Init` and `Next` each become one Python generator, with TLC's semantics of next-state
generation: a conjunction is taken in order, each conjunct cutting or extending the steps so far; a
disjunction, `\\E x \\in S` and `x' \\in S` branch (in TLC's order of S); `x' = e` assigns `x'` when
it is not yet assigned and compares otherwise; `UNCHANGED v` assigns each variable of v its value;
IF, CASE and LET choose and bind as they do in expressions; an action-level definition is inlined
with its arguments bound; any other conjunct is a condition on the state and the primed variables
assigned so far. Where every variable is assigned, the step is yielded, with its label: the actions
whose disjuncts it went through (`MoveX`, `BlockWin`) and the value each `\\E` picked. A variable left
unassigned is TLC's error "not completely specified", at the action's place.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from checker.tla import lazy as lazy_sets
from checker.tla import arithmetic, bags, community, graphs, runtime, tools, values
from checker.tla import tree as t
from checker.tla.errors import TlaError, Unsupported
from checker.tla.levels import ACTION, CONSTANT, STATE, TEMPORAL, Levels
from checker.tla.scope import BoundR, Const, Definition, LambdaDef, Local, OpParam, Var
from checker.tla.stdlib import Builtin
from checker.tla.tree import Loc

#: operators whose value is always a boolean (their code needs no check where a condition is expected)
BOOLEAN_OPS = {"=", "/=", "<", "<=", ">", ">=", "\\in", "\\notin", "\\subseteq", "~", "=>", "\\equiv", "ENABLED",
               "UNCHANGED", "IsFiniteSet", "TRUE", "FALSE"}  # fmt: skip
#: the constant sets every spec may name
SETS = {"Nat": "NAT", "Int": "INT", "STRING": "STRINGS", "BOOLEAN": "BOOLEANS"}
#: how deep the blocks of a compiled action may nest before the rest goes into a function of its own
#: (Python allows 20 nested blocks in one function)
MAX_DEPTH = 15
#: constant integers up to this size are written in the code; larger ones are names of the namespace
SMALL_INT = 1 << 62
#: definitions of at most this many nodes are written in place of their calls (with simple arguments)
INLINE_SIZE = 24
#: the operators whose value takes no longer to compute than a remembered value's key takes to be made
#: and looked up (a definition made of these alone is computed each time it is asked)
CHEAP_OPS = frozenset({"=", "/=", "~", "=>", "\\equiv", "TRUE", "FALSE", "+", "-", "*", "\\div", "%", "<=",
                       ">=", "<", ">", "-.", "\\in", "\\notin", "Len", "\\o", "Append", "Head", "Tail",
                       "SubSeq"})  # fmt: skip
#: the expressions a definition so computed may be made of (besides those operators and names)
CHEAP_NODES = (t.Num, t.Str, t.Bool, t.If, t.Case, t.Junction, t.Tuple, t.RecordLit, t.Dot, t.FcnApp, t.Except,
               t.At)  # fmt: skip
#: the runtime's functions of two numbers written out as Python's operator where both arguments are numbers
#: (else the function is called, which stops as TLC does)
INT_OPS = {"add": "+", "sub": "-", "mul": "*", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
#: the most argument lists a constant definition with parameters remembers the value of
MEMO_SIZE = 100_000
#: `\A` and `\E` over a known set of at most this many elements are written one body per element, when the
#: bodies are at most this much code in all
UNROLL_SIZE, UNROLL_CODE = 8, 4000


def _is_interval(e: Any) -> bool:
    """Whether `e` is written `a..b` (whose elements are integers, or it stops)."""
    return isinstance(e, t.Apply) and getattr(e.target, "function", None) == "dots"


def _raising(error: TlaError) -> Callable:
    """A function that raises `error` afresh (`_again`), called however it is."""

    def raising(*args):
        raise _again(error)

    return raising


def _again(error: TlaError) -> TlaError:
    """A new error of the same kind, message and place: a search writes the behaviour it met it after on the
    error it raises, which must not stay on one raised later."""
    return type(error)(error.message, error.loc)


def _namespace() -> dict:
    """What the compiled code sees: the runtime's operators (the Community Modules' too), the value types, the
    constant sets."""
    ns = {name: getattr(module, name) for module in (runtime, community, bags, arithmetic, graphs, tools)
          for name in dir(module) if not name.startswith("_")}
    ns.update(
        ANY=ANY, Rcd=values.Rcd, Fcn=values.Fcn, function=values.function, UNSET=_UNSET, NAT=lazy_sets.Naturals(), INT=lazy_sets.Integers(),
        STRINGS=lazy_sets.Strings(), BOOLEANS=frozenset((False, True)), TlaError=TlaError, SCALARS=runtime._SCALARS,
    )
    return ns


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


_UNSET = _Unset()


class _Any:
    """The value of a variable an action leaves unconstrained, in a step asked for by ENABLED or fairness."""

    def __repr__(self) -> str:
        return "ANY"


ANY = _Any()


@dataclass(frozen=True)
class Leaf:
    """A place where an action yields a step: the label it gives (`path`) and the names of its picks."""

    path: tuple[str, ...]
    picks: tuple[str, ...]


@dataclass
class LetAction:
    """A LET's action: inlined where it is applied, its body reading the names bound where it was defined."""

    definition: Any
    env: dict


@dataclass
class Deferred:
    """An argument passed by name to an inlined action: compiled where its parameter is read."""

    expr: Any
    env: dict


class Program:
    """The compiled definitions of one spec, made on demand, in one namespace."""

    def __init__(self, variables: list[Var], constants: dict[str, Any], ordered_loops: bool = False):
        self.variables = variables
        #: every loop of an expression runs over its set in TLC's order, not Python's (which, for strings and
        #: model values, changes from run to run): for a spec that draws at random, so that its draws fall to
        #: the same elements at each run
        self.ordered_loops = ordered_loops
        self.ns = _namespace()
        for name, value in constants.items():
            self.ns[f"C_{name}"] = value
        self.levels = Levels()
        self.functions: dict[tuple[int, str], str] = {}
        #: the key of a definition's function whose compilation failed -> the error (raised again when asked)
        self.failed: dict[tuple[int, str], TlaError] = {}
        self.names = itertools.count()
        self.sources: list[str] = []
        #: id of a Loc -> its name in the namespace
        self.locs: dict[int, str] = {}
        #: id of an expression -> whether it is a constant to compute once (see `hoistable`), and the name of
        #: the function that does; `keep` holds the expressions so that their ids stay theirs
        self.closed: dict[int, bool] = {}
        self.hoists: dict[int, str] = {}
        self.keep: list = []
        #: definition -> whether it is small enough to write in place of its calls
        self.sizes: dict[int, bool] = {}
        self.cheaps: dict[int, bool] = {}
        #: the names of loop variables bound to the elements of an interval `a..b`: integers, whose operators
        #: and indices need no test of kind
        self.ints: set[str] = set()
        #: a constant definition without parameters -> the name of the cell that remembers its value
        self.memos: dict[int, str] = {}

    # ---- the namespace ----------------------------------------------------------------------------

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{next(self.names)}"

    def loc(self, loc: Loc) -> str:
        """The name of `loc` in the namespace, for the runtime's errors."""
        name = self.locs.get(id(loc))
        if name is None:
            name = self.locs[id(loc)] = self.fresh("L")
            self.ns[name] = loc
        return name

    def constant(self, value: Any) -> str:
        name = self.fresh("K")
        self.ns[name] = value
        return name

    def define(self, source: str) -> None:
        """Compile `source` (one or more functions) into the namespace."""
        self.sources.append(source)
        try:
            exec(compile(source, "<tla>", "exec"), self.ns)
        except (SyntaxError, RecursionError) as error:
            raise Unsupported(f"the spec is too deeply nested to compile ({type(error).__name__})") from None

    # ---- constants ----------------------------------------------------------------------------------------

    def hoistable(self, e: Any) -> bool:
        """Whether `e` is a constant worth computing once: of level 0, reading no name bound around it, and
        more than a literal or the name of a definition (whose function remembers its value already)."""
        if isinstance(e, (t.Num, t.Str, t.Bool, t.At, t.OpArg, LambdaDef, _Code)):
            return False
        if isinstance(e, t.Apply) and (not e.args or isinstance(e.target, (Local, OpParam))):
            return False
        key = id(e)
        found = self.closed.get(key)
        if found is None:
            found = self.closed[key] = (self.level(e) == CONSTANT and not _opens(e) and not _draws(e))
            self.keep.append(e)
        return found

    def known_set(self, e: Any) -> frozenset | None:
        """The value of `e` as the spec is compiled, when it is a listed set of constants (a constant of the
        cfg, a constant definition, a constant expression) that can be computed without error; else None."""
        if isinstance(e, t.Apply) and isinstance(e.target, Const) and not e.args:
            found = self.ns.get(f"C_{e.target.name}")
        elif self.hoistable(e) or (isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.args
                                   and not e.target.let and self.level(e) == CONSTANT):  # fmt: skip
            try:
                found = self.evaluator(e)(None)
            except (TlaError, RecursionError):
                return None
        else:
            return None
        return found if type(found) in (frozenset, values.Interval) else None

    def literal(self, value: Any) -> str:
        """Code for a constant value: written out for a small integer or a string, else a name."""
        if type(value) is int and abs(value) < SMALL_INT:
            return repr(value)
        if type(value) in (str, bool):
            return repr(value)
        return self.constant(value)

    def hoisted(self, e: Any, code: Callable[[], str]) -> str:
        """The code reading constant `e`, computed where it is first read, then remembered."""
        name = self.hoists.get(id(e))
        if name is None:
            name = self.hoists[id(e)] = self.fresh("H")
            memo = self.constant([_UNSET])
            self.define(f"def {name}():\n    v = {memo}[0]\n    if v is UNSET:\n        v = {memo}[0] = once(lambda: {code()})\n"
                        f"    return v\n")
        return f"{name}()"

    # ---- definitions ------------------------------------------------------------------------------------

    def small(self, d: Definition) -> bool:
        """Whether definition `d` is small enough to be written in place of its calls."""
        found = self.sizes.get(d.uid)
        if found is None:
            body = d.resolved_body()
            found = self.sizes[d.uid] = sum(1 for _ in t.walk(body)) <= INLINE_SIZE and not any(
                isinstance(n, t.Let) or getattr(n, "target", None) is d for n in t.walk(body))
        return found

    def cheap(self, d: Definition) -> bool:
        """Whether definition `d` computes its value in a few operations, each on its arguments as they are
        (no quantifier, set or function made, no recursion, no LET): then remembering its values costs more
        than it saves, hashing and comparing its arguments at each call."""
        found = self.cheaps.get(d.uid)
        if found is None:
            self.cheaps[d.uid] = False  # a definition that reaches itself is not cheap
            found = self.cheaps[d.uid] = all(self._cheap_node(n) for n in t.walk(d.resolved_body()))
        return found

    def _cheap_node(self, n: Any) -> bool:
        if isinstance(n, CHEAP_NODES):
            return True
        if not isinstance(n, t.Apply) or n.path:
            return False
        target = n.target
        if isinstance(target, (Local, Const)):
            return True
        if isinstance(target, Builtin):
            return target.name in CHEAP_OPS and not target.operators
        return isinstance(target, Definition) and not target.params and self.level(target.resolved_body()) == CONSTANT \
            or isinstance(target, Definition) and not any(isinstance(p, OpParam) for p in target.params) \
            and self.cheap(target)

    def level(self, e: Any) -> int:
        return self.levels.of(e)

    def function(self, d: Definition, action: bool = False) -> str:
        """The name of the Python function of definition `d`: `(S, args)`, or `(S, T, args)` for an action
        read as a predicate."""
        key = (d.uid, "action" if action else "state")
        name = self.functions.get(key)
        if name is not None:
            if key in self.failed:
                raise _again(self.failed[key])
            return name
        name = self.functions[key] = self.fresh("D")  # before its body: a recursive definition calls it
        try:
            self._define_function(d, name, action)
        except TlaError as error:  # the same error wherever it is asked again, or called from code made meanwhile
            self.failed[key] = error
            self.ns[name] = _raising(error)
            raise
        except BaseException:  # (too deep to compile, interrupted): compiled afresh when asked again
            del self.functions[key]
            raise
        return name

    def _define_function(self, d: Definition, name: str, action: bool) -> None:
        body = d.resolved_body()
        level = self.level(body)
        if level == TEMPORAL:
            raise Unsupported(f"'{d.name}' is a temporal formula: it cannot be evaluated in a state", d.loc)
        env = {}
        params = []
        for p in d.params:
            local = f"p{p.uid}"
            env[p.uid] = local
            params.append(local)
        states = ["S", "T"] if action else ["S"]
        expr = Expr(self, env, now="S", after="T" if action else None)
        code = expr.value(body)
        args = ", ".join(states + params)
        if not d.params and level == CONSTANT:
            memo = self.memos[d.uid] = self.constant([_UNSET])
            source = (f"def {name}({args}):\n    v = {memo}[0]\n    if v is UNSET:\n"
                      f"        v = {memo}[0] = once(lambda: {code})\n    return v\n")
        elif level == CONSTANT and not action and not any(isinstance(p, OpParam) for p in d.params) and \
                not self.cheap(d):
            # a function of its arguments alone: each value remembered (a spec asks the same ones again and again)
            memo = self.constant({})
            key = ", ".join(params) + ","
            source = (f"def {name}({args}):\n    k = memo_key(({key}))\n    if k is None:\n        return {code}\n"
                      f"    v = {memo}.get(k, UNSET)\n    if v is UNSET:\n"
                      f"        if len({memo}) >= {MEMO_SIZE}:\n            {memo}.clear()\n"
                      f"        v = {memo}[k] = once(lambda: {code})\n    return v\n")
        elif not d.params and level == STATE and not action:
            # the values in the last two states asked of, the latest first: an action (or a step property)
            # reads a definition in the state and in the next one in turn, which one state would forget; a
            # liveness check reads it in a state and in each of its successors, so the state asked again moves
            # first (else each successor would push it out)
            memo = self.constant([None, None, None, None])
            source = (f"def {name}(S):\n    m = {memo}\n    if S is m[0]:\n        return m[1]\n"
                      f"    if S is m[2]:\n        v = m[0], m[1], m[2], m[3] = S, m[3], m[0], m[1]\n"
                      f"        return v[1]\n    v = {code}\n"
                      f"    m[2] = m[0]\n    m[3] = m[1]\n    m[0] = S\n    m[1] = v\n    return v\n")
        else:
            source = f"def {name}({args}):\n    return {code}\n"
        self.define(source)

    def evaluator(self, e: Any, action: bool = False) -> Callable:
        """A Python function of the state (and of the next one, for an action) evaluating expression `e`."""
        name = self.fresh("E")
        expr = Expr(self, {}, now="S", after="T" if action else None)
        code = expr.value(e)
        self.define(f"def {name}(S{', T' if action else ''}):\n    return {code}\n")
        return self.ns[name]

    def condition(self, e: Any, action: bool = False) -> Callable:
        """As `evaluator`, for an expression that must be a boolean (TLC stops on any other value)."""
        name = self.fresh("E")
        expr = Expr(self, {}, now="S", after="T" if action else None)
        code = expr.cond(e)
        self.define(f"def {name}(S{', T' if action else ''}):\n    return {code}\n")
        return self.ns[name]

    def action(self, e: Any, root: str, initial: bool = False, labels: bool = True,
               free: tuple = (), partial: bool = False, slots: dict | None = None,
               cells: frozenset = frozenset()) -> tuple[Callable, list[Leaf]]:
        """A generator of the steps of action `e` from a state (of the initial states, for `initial`): each
        a `(leaf, picks, state)` with `labels`, else the state alone; and the leaves. `free`: the uids of
        the names bound around `e` that it reads, which the generator takes after the state (`cells`: those
        taken as the cells of LET definitions, see `Expr._let_definition`). `partial`: a variable the action
        leaves unassigned is ANY in the state yielded (see `Gen`). `slots`: the variables of an instantiated
        module the step chooses values of its own for (see `Gen`)."""
        gen = Gen(self, root, initial, labels, [f"p{uid}" for uid in free], partial, slots)
        return gen.compile(e, {uid: cell_read(f"p{uid}") if uid in cells else f"p{uid}" for uid in free})


class Expr:
    """Compiles expressions to Python expressions. `now(i)`/`after(i)`: the code reading variable i in
    the current/next state (None: not known there); `state`/`next_state`: the code of the whole tuple."""

    def __init__(self, program: Program, env: dict, now: Any = "S", after: Any = None, at: str | None = None,
                 strict: bool = False, in_prime: bool = False):
        self.p = program
        self.env = env
        self.now_code = now
        self.after_code = after
        self.at = at
        #: a read of a variable not yet assigned is refused as it is compiled (for ENABLED, which asks whether
        #: a step exists, and cannot tell when the step would read what it has not chosen)
        self.strict = strict
        #: inside `e'`: the current state read is the next one
        self.in_prime = in_prime
        #: the actions being inlined here (one that applies itself is refused)
        self.inlining: frozenset = frozenset()
        #: the code is part of a comprehension's iterable, where Python allows no `:=`
        self.iterable = False
        #: id of the expression substituted for a variable of an instantiated module -> (its index in the
        #: next state, its name): read primed, it is that index (see `Gen`)
        self.slots: dict = {}

    def like(self, env: dict | None = None, now: Any = None, after: Any = None, at: str | None = None,
             in_prime: bool | None = None) -> "Expr":
        """This compiler with some of its settings changed."""
        made = Expr(self.p, self.env if env is None else env, self.now_code if now is None else now,
                    self.after_code if after is None else after, self.at if at is None else at, self.strict,
                    self.in_prime if in_prime is None else in_prime)
        made.inlining, made.iterable, made.slots = self.inlining, self.iterable, self.slots
        return made

    def in_iterable(self) -> "Expr":
        """This compiler, writing code for a comprehension's iterable."""
        made = self.like()
        made.iterable = True
        return made

    # the variables: `now`/`after` are either the name of a state tuple ("S") or a list of codes (or None)
    def _read(self, source: Any, index: int, primed: bool, loc: Loc, name: str | None = None) -> str:
        if isinstance(source, str):
            return f"{source}[{index}]"
        code = source[index] if source is not None else None
        if code is None:
            name = name or self.p.variables[index].name
            primed = primed or self.in_prime
            if self.strict:
                what = f"{name}{chr(39) * primed}"
                if index >= len(self.p.variables):
                    what += f" ({name} being a variable of the instantiated module, substituted here)"
                message = (f"ENABLED of this action reads {what} before the action chooses it: TLC stops on it too, "
                           f"and ttt-check decides ENABLED of actions that assign their primed variables before "
                           f"they read them")
                return f"unsupported({message!r}, {self.p.loc(loc)})"
            if primed:
                message = f"{name}' is read before the action assigns it (TLC needs {name}' = e or {name}' \\in S first)"
            else:
                message = f"{name} is read before it has a value (the initial predicate assigns it later, or never)"
            return f"fail({message!r}, {self.p.loc(loc)})"
        return code

    def _tuple(self, source: Any, loc: Loc) -> str:
        if isinstance(source, str):
            return source
        if source is None:
            return f"fail('the next state is read where there is none (a prime inside a prime?)', {self.p.loc(loc)})"
        return "(" + "".join(self._read(source, i, True, loc) + ", " for i in range(len(self.p.variables))) + ")"

    def primed(self) -> "Expr":
        """The same compiler, reading the next state as the current one (inside `e'`)."""
        made = Expr(self.p, self.env, self.after_code, None, self.at, self.strict, in_prime=True)
        made.inlining, made.iterable, made.slots = self.inlining, self.iterable, self.slots
        return made

    def with_env(self, env: dict, at: str | None = None) -> "Expr":
        return self.like(env=env, at=at)

    # ---- values ---------------------------------------------------------------------------------------

    def value(self, e: Any) -> str:
        if self.slots and self.in_prime:
            slot = self.slots.get(id(e))
            if slot is not None:
                return self._read(self.now_code, slot[0], True, e.loc, slot[1])
        if self.p.hoistable(e):
            return self.p.hoisted(e, lambda: getattr(self, "c_" + type(e).__name__)(e))
        return getattr(self, "c_" + type(e).__name__)(e)

    def cond(self, e: Any) -> str:
        """Code that is a boolean, checked as TLC checks a condition."""
        code = self.value(e)
        if self.is_boolean(e):
            return code
        return f"truth({code}, {self.p.loc(e.loc)})"

    def is_boolean(self, e: Any) -> bool:
        if isinstance(e, (t.Bool, t.Junction, t.Quant)):
            return True
        if isinstance(e, t.Apply) and isinstance(e.target, Builtin):
            return e.target.name in BOOLEAN_OPS
        return False

    def c_Num(self, e: t.Num) -> str:
        return repr(e.value) if abs(e.value) < SMALL_INT else self.p.constant(e.value)

    def c_Str(self, e: t.Str) -> str:
        return repr(e.value)

    def c_Bool(self, e: t.Bool) -> str:
        return "True" if e.value else "False"

    def c_At(self, e: t.At) -> str:
        if self.at is None:
            raise TlaError("@ is used outside the new value of an EXCEPT", e.loc)
        return self.at

    def c_OpArg(self, e: t.OpArg) -> str:
        return self.callable(e)

    def c_LambdaDef(self, e: LambdaDef) -> str:
        return self.callable(e)

    def local(self, target: Any, loc: Loc) -> str:
        if target.uid not in self.env:
            raise TlaError(f"'{target.name}' is not bound here", loc)
        return self.read(target.uid, loc)

    def read(self, uid: int, loc: Loc) -> str:
        """The code of a name bound around the expression (an argument passed by name is compiled here)."""
        found = self.env[uid]
        if isinstance(found, Deferred):
            return self.like(env=found.env).value(found.expr)
        return found

    def c_Apply(self, e: t.Apply) -> str:
        target = e.target
        if isinstance(target, Var):
            return self._read(self.now_code, target.index, False, e.loc)
        if isinstance(target, Local):
            if e.args:
                return f"{self.local(target, e.loc)}({self.args(e.args)})"
            return self.local(target, e.loc)
        if isinstance(target, OpParam):
            return f"{self.local(target, e.loc)}({self.args(e.args)})"
        if isinstance(target, Const):
            name = f"C_{target.name}"
            if name not in self.p.ns:
                raise TlaError(f"the constant {target.name} has no value: give it one in the cfg "
                               f"(CONSTANT {target.name} = ...)", e.loc)
            if target.arity:
                return f"{name}({self.args(e.args)})"
            return name
        if isinstance(target, Definition):
            return self.call(target, e)
        if isinstance(target, LambdaDef):
            return f"{self.callable(target)}({self.args(e.args)})"
        if isinstance(target, Builtin):
            return self.builtin(target, e)
        raise Unsupported(f"'{e.name}' cannot be evaluated here", e.loc)

    def args(self, args) -> str:
        return ", ".join(self.argument(a) for a in args)

    def argument(self, a: Any) -> str:
        if isinstance(a, (t.OpArg, LambdaDef)):
            return self.callable(a)
        return self.value(a)

    def call(self, d: Definition, e: t.Apply) -> str:
        if d.let:
            name = self.env.get(d.uid)
            if name is None:
                raise TlaError(f"'{d.name}' is not bound here", e.loc)
            if isinstance(name, LetAction):  # a LET's action, read as a predicate: inlined
                return self.like(env={**self.env, **name.env}).inline(d, e, caller=self.env)
            if self.in_prime and self.p.level(d.resolved_body()) >= STATE:
                # `v'` of a LET's `v == x + 1`: its body read in the next state (its function reads the current one)
                return self.inline(d, e)
            return f"{name}({self.args(e.args)})" if d.params else name
        level = self.p.level(d.resolved_body())
        if level == TEMPORAL:
            raise Unsupported(f"'{d.name}' is a temporal formula: it cannot be evaluated in a state", e.loc)
        if level == ACTION:
            if self.after_code is None:
                raise TlaError(f"'{d.name}' is an action: it relates two states, and is read here in one", e.loc)
            if d.params or self.slots:  # its arguments by name, as TLC passes them: the body may prime them
                return self.inline(d, e)
            if isinstance(self.after_code, list) and None in self.after_code:
                # a next state still being chosen (`t' = IF HCnxt THEN ...`, hr' chosen, t' not yet): the body in
                # place of the call, so that it reads only the primed variables it needs
                if d.uid in self.inlining:
                    raise Unsupported(f"'{d.name}' applies itself while the next state is being chosen", e.loc)
                return self.inline(d, e)
            states = [self._tuple(self.now_code, e.loc), self._tuple(self.after_code, e.loc)]
            return f"{self.p.function(d, action=True)}({', '.join(states)})"
        if level == STATE and isinstance(self.now_code, list) and None in self.now_code:
            # a state the action is still choosing (`terminated'` before every variable is assigned): the body
            # in place of the call, so that it reads only the variables it needs
            if d.uid in self.inlining:
                raise Unsupported(f"'{d.name}' applies itself while the next state is being chosen", e.loc)
            return self.inline(d, e)
        args = [self.argument(a) for a in e.args]
        if d.params and d.uid not in self.inlining and self.p.small(d) \
                and all(_SIMPLE.fullmatch(a) or _LITERAL.fullmatch(a) for a in args):  # fmt: skip
            return self.substituted(d, args)
        state = self._tuple(self.now_code, e.loc) if level == STATE else "None"
        return f"{self.p.function(d)}({', '.join([state] + args)})"

    def substituted(self, d: Definition, args: list) -> str:
        """A small definition's body written in place of its call, each parameter replaced by the code of its
        argument (a name or a literal, which may be read more than once)."""
        env = dict(self.env)
        for param, code in zip(d.params, args):
            env[param.uid] = code
        inner = self.like(env=env)
        inner.inlining = self.inlining | {d.uid}
        return inner.value(d.resolved_body())

    def inline(self, d: Definition, e: t.Apply, caller: dict | None = None) -> str:
        """An action's definition with parameters, read as a predicate: its body, each parameter standing for
        its argument (an operator argument as a callable), read with the `caller`'s names."""
        if d.uid in self.inlining:
            raise Unsupported(f"the action '{d.name}' applies itself: a recursive action is not supported", e.loc)
        env = dict(self.env)
        calling = self if caller is None else self.like(env=caller)
        for param, arg in zip(d.params, e.args):
            if isinstance(param, OpParam) or isinstance(arg, (t.OpArg, LambdaDef)):
                env[param.uid] = calling.argument(arg)
            else:
                env[param.uid] = Deferred(arg, dict(calling.env))
        inner = self.like(env=env)
        inner.inlining = self.inlining | {d.uid}
        return inner.value(d.resolved_body())

    def callable(self, op: Any) -> str:
        """An operator passed as an argument, as a Python callable."""
        target = op.target if isinstance(op, t.OpArg) else op
        if isinstance(target, LambdaDef):
            env = dict(self.env)
            names = []
            for p in target.params:
                env[p.uid] = f"p{p.uid}"
                names.append(f"p{p.uid}")
            return f"(lambda {', '.join(names)}: {self.with_env(env).value(target.body)})"
        if isinstance(target, (Local, OpParam)):
            return self.local(target, op.loc)
        arity = getattr(target, "arity", 0)
        params = [f"q{i}" for i in range(max(arity, 0))]
        fake = t.Apply(op.loc, op.name if isinstance(op, t.OpArg) else "op",
                       tuple(_Code(p) for p in params), target=target)
        return f"(lambda {', '.join(params)}: {self.value(fake)})"

    def c__Code(self, e: "_Code") -> str:
        return e.code

    # ---- the operators of the language and the standard modules --------------------------------------

    def builtin(self, op: Builtin, e: t.Apply) -> str:
        name, args, at = op.name, e.args, self.p.loc(e.loc)
        if name == "\\in":
            return self.membership(args[0], args[1], at)
        if name in ("=", "/=") and not self.iterable:
            return self.equality(args[0], args[1], at, name == "/=")
        if op.function in INT_OPS and not self.iterable:
            return self.int_op(op.function, self.value(args[0]), self.value(args[1]), at)
        if op.function == "length" and not self.iterable:
            s = self.p.fresh("_s")
            return f"(len({s}) if type({s} := {self.value(args[0])}) is tuple else length({s}, {at}))"
        if op.function is not None:
            return f"{op.function}({''.join(self.argument(a) + ', ' for a in args)}{at})"
        if name == "\\notin":
            return f"(not {self.membership(args[0], args[1], at)})"
        if name == "~":
            return f"(not {self.cond(args[0])})"
        if name == "=>":
            return f"((not {self.cond(args[0])}) or {self.cond(args[1])})"
        if name == "\\equiv":
            return f"({self.cond(args[0])} is {self.cond(args[1])})"
        if name in ("TRUE", "FALSE"):
            return "True" if name == "TRUE" else "False"
        if name in SETS:
            return SETS[name]
        if name == "\\X":
            return f"product(({''.join(self.value(a) + ', ' for a in args)}), {at})"
        if name == "'":
            return self.primed().value(args[0])
        if name == "UNCHANGED":
            return self.unchanged(args[0])
        if name == "ENABLED":
            return self.enabled(args[0], op)
        if name == "PrintT":
            return "True"
        if name == "TLCEval":
            return self.value(args[0])
        if name in ("JavaTime", "Any"):
            raise Unsupported(f"{name} is not supported", e.loc)
        if name in ("[]", "<>", "~>", "-+->"):
            raise Unsupported(f"the temporal operator {name} cannot be evaluated in a state: use it in a PROPERTY",
                              e.loc)
        raise Unsupported(f"the operator {name} is not supported", e.loc)

    def int_op(self, function: str, left: str, right: str, at: str) -> str:
        """Python's operator on two numbers, each tested unless it is an integer literal; else `function`."""
        names, tests = [], []
        for code in (left, right):
            if _INT_LITERAL.fullmatch(code) or code in self.p.ints:
                names.append(code)
            else:
                names.append(self.p.fresh("_a"))
                tests.append(f"(type({names[-1]} := {code}) is int)")
        a, b = names
        if not tests:
            return f"({a} {INT_OPS[function]} {b})"
        return f"({a} {INT_OPS[function]} {b} if {' & '.join(tests)} else {function}({a}, {b}, {at}))"

    def membership(self, element: Any, of: Any, at: str) -> str:
        """`x \\in S`; for `S` a set filter `{y \\in T : P}` (written, or a definition's body), `x \\in T /\\ P(x)`,
        as TLC decides it: the set is never made. A constant definition's set that something else has listed
        already (Init's `x \\in S`) is looked up in first: P held for the element found there, when it was listed."""
        body = of
        env = self.env
        listed = None
        if isinstance(of, t.Apply) and isinstance(of.target, Definition) and not of.target.let \
                and not any(isinstance(p, OpParam) for p in of.target.params):  # fmt: skip
            inner = of.target.resolved_body()
            if isinstance(inner, t.SetFilter) and not inner.bound.tuple_:
                env = dict(self.env)
                for param, arg in zip(of.target.params, of.args):
                    env[param.uid] = Deferred(arg, dict(self.env))
                body = inner
                if not of.target.params and self.p.level(inner) == CONSTANT:
                    self.p.function(of.target)
                    listed = self.p.memos.get(of.target.uid)
        if isinstance(of, t.Apply) and isinstance(of.target, Builtin) and of.target.name == "DOMAIN" \
                and not self.iterable:  # fmt: skip
            # `i \in DOMAIN s` of a sequence, as a comparison: the interval is never made
            x, f = self.p.fresh("_x"), self.p.fresh("_f")
            return (f"(0 < {x} <= len({f}) if (type({x} := {self.value(element)}) is int) & "
                    f"(type({f} := {self.value(of.args[0])}) is tuple) else member({x}, dom({f}, {at}), {at}))")
        if not (isinstance(body, t.SetFilter) and not body.bound.tuple_):
            if self.iterable:
                return f"member({self.value(element)}, {self.value(of)}, {at})"
            x, s = self.p.fresh("_x"), self.p.fresh("_s")
            return (f"(({x} in {s} and found({x}, {s}, {at})) if (({x} := {self.value(element)}) is {x}) & "
                    f"(type({s} := {self.value(of)}) is frozenset) else member({x}, {s}, {at}))")
        (name,) = body.bound.names
        inner_env = dict(env)
        inner_env[name.uid] = f"v{name.uid}"
        compiler = self.like(env=env)
        condition = compiler.like(env=inner_env).cond(body.body)
        base = compiler.value(body.bound.set)
        lazily = f"member(v{name.uid}, {base}, {at}) and {condition}"
        if listed is not None:  # found there, it is in it; else asked as above (see `runtime.listed_member`)
            lazily = f"listed_member(v{name.uid}, {listed}, {base}, {at}) or {lazily}"
        return f"(lambda v{name.uid}: {lazily})({self.value(element)})"

    def equality(self, left: Any, right: Any, at: str, negated: bool) -> str:
        """`a = b`: Python's `==` where both are of one kind (a literal's kind is known), else `eq`, which
        compares across kinds as TLC does or stops as it does."""
        if isinstance(left, (t.Str, t.Num, t.Bool)) and not isinstance(right, (t.Str, t.Num, t.Bool)):
            left, right = right, left
        a = self.p.fresh("_a")
        code = self.value(left)
        if isinstance(right, (t.Str, t.Num, t.Bool)):
            kind = {t.Str: "str", t.Num: "int", t.Bool: "bool"}[type(right)]
            literal = self.value(right)
            test = f"(({a} {'!=' if negated else '=='} {literal}) if type({a} := {code}) is {kind} " \
                   f"else {'not ' if negated else ''}eq({a}, {literal}, {at}))"
            return test
        b = self.p.fresh("_b")
        other = self.value(right)
        # two values of one kind that Python counts equal: alike() stops where a boolean meets a number inside
        same = f"({a} == {b} and (type({a}) in SCALARS or alike({a}, {b}, {at})))"
        return (f"({'not ' if negated else ''}{same} if type({a} := {code}) is type({b} := {other}) "
                f"else {'not ' if negated else ''}eq({a}, {b}, {at}))")

    def unchanged(self, e: Any) -> str:
        """`UNCHANGED e` read as a predicate: `e' = e`."""
        if self.after_code is None:
            raise TlaError("UNCHANGED relates two states, and is read here in one", e.loc)
        return f"eq({self.primed().value(e)}, {self.value(e)}, {self.p.loc(e.loc)})"

    def enabled(self, e: Any, op: Builtin | None = None) -> str:
        """`ENABLED A`: whether A has a step from the current state (`op`: the ENABLED, which knows the variables
        of the instantiated module it is written in)."""
        free = tuple(sorted(_free(e, self.env)))
        cells = {uid: cell for uid in free if (cell := _cell(self.env[uid]))}  # passed unread, read if A reads them
        slots = instance_slots(getattr(op, "instance_vars", ()), len(self.p.variables), e.loc)
        generator, _ = self.p.action(e, "ENABLED", labels=False, free=free, partial=True, slots=slots,
                                     cells=frozenset(cells))
        name = self.p.constant(generator)
        args = "".join(", " + (cells[uid] if uid in cells else self.read(uid, e.loc)) for uid in free)
        return f"(next(iter({name}({self._tuple(self.now_code, e.loc)}{args})), None) is not None)"

    # ---- binding constructs -----------------------------------------------------------------------------

    def bind(self, bounds: tuple, ordered: bool = False) -> tuple[str, dict]:
        """`for v in S` clauses for the bounds, and the environment with their names. The sets of two or more
        loops are listed once, first, as TLC does (no bound of `\\A x \\in S, y \\in T` is read in T), and not
        again for each element of the loop around."""
        env = dict(self.env)
        listings, loops = [], []
        for i, b in enumerate(bounds):  # a loop: (its names, what it walks with {} for its set's listing, the set)
            at = self.p.loc(getattr(b.set, "loc", t.NOWHERE))
            if _is_interval(b.set):  # walked as a range (in TLC's order, as enum lists it), the set never made
                low, high = (self.in_iterable().value(a) for a in b.set.args)
                listings.append(f"span({low}, {high}, {at})")
            else:
                s = self.in_iterable().value(b.set)
                listings.append(f"enum({s}, {at})" if ordered or self.p.ordered_loops else f"each({s}, {at})")
            if b.tuple_:
                names = [f"v{n.uid}" for n in b.names]
                loops.append((f"({', '.join(names)},)", f"tuples({{}}, {len(names)}, {at})", i))
            else:
                loops += [(f"v{n.uid}", "{}", i) for n in b.names]
                if _is_interval(b.set):
                    self.p.ints.update(f"v{n.uid}" for n in b.names)
            for n in b.names:
                env[n.uid] = f"v{n.uid}"
        if len(loops) == 1:
            ((name, over, _),) = loops
            return f"for {name} in {over.format(listings[0])}", env
        kept = [self.p.fresh("_l") for _ in listings]
        clauses = [f"for ({''.join(k + ', ' for k in kept)}) in (({''.join(x + ', ' for x in listings)}),)"]
        clauses += [f"for {name} in {over.format(kept[i])}" for name, over, i in loops]
        return " ".join(clauses), env

    def c_Quant(self, e: t.Quant) -> str:
        """`all(...)`/`any(...)`; over a small set known as the spec is compiled, one body per element."""
        if len(e.bounds) == 1 and not e.bounds[0].tuple_ and len(e.bounds[0].names) == 1:
            elements = self.p.known_set(e.bounds[0].set)
            if elements is not None and 0 < len(elements) <= UNROLL_SIZE:
                (name,) = e.bounds[0].names
                bodies = []
                for element in values.ordered(elements):
                    env = dict(self.env)
                    env[name.uid] = self.p.literal(element)
                    bodies.append(self.with_env(env).cond(e.body))
                if sum(map(len, bodies)) <= UNROLL_CODE:
                    return "(" + (" and " if e.forall else " or ").join(bodies) + ")"
        clauses, env = self.bind(e.bounds)
        body = self.with_env(env).cond(e.body)
        return f"{'all' if e.forall else 'any'}({body} {clauses})"

    def c_Choose(self, e: t.Choose) -> str:
        b = e.bound
        env = dict(self.env)
        at = self.p.loc(e.loc)
        if not b.tuple_ and isinstance(e.body, t.Bool) and e.body.value:
            return f"choose_first({self.value(b.set)}, {at})"
        for n in b.names:
            env[n.uid] = f"v{n.uid}"
        body = self.with_env(env).cond(e.body)
        if b.tuple_:
            names = ", ".join(f"v{n.uid}" for n in b.names)
            test = f"(lambda w: (lambda {names}: {body})(*unpack(w, {len(b.names)}, {at})))"
        else:
            test = f"(lambda v{b.names[0].uid}: {body})"
        return f"choose({self.value(b.set)}, {test}, {at})"

    def c_SetEnum(self, e: t.SetEnum) -> str:
        if _is_literal(e):  # else a set TLC cannot order, stopped where it is evaluated
            return self.p.constant(_literal(e))
        if len(e.items) < 2:
            return f"frozenset(({''.join(self.value(i) + ', ' for i in e.items)}))"
        return f"enumerated(({''.join(self.value(i) + ', ' for i in e.items)}), {self.p.loc(e.loc)})"

    def c_SetFilter(self, e: t.SetFilter) -> str:
        """A comprehension over a listed set; `filter_set` for another (an infinite one stays a filter)."""
        clauses, env = self.bind((e.bound,))
        element = self._element((e.bound,))
        condition = self.with_env(env).cond(e.body)
        if e.bound.tuple_:
            return f"frozenset([{element} {clauses} if {condition}])"
        name = element
        base = self.in_iterable().value(e.bound.set)
        at = self.p.loc(e.loc)
        if _SIMPLE.fullmatch(base):
            return (f"(frozenset([{name} for {name} in {base} if {condition}]) if type({base}) is frozenset "
                    f"else filter_set({base}, (lambda {name}: {condition}), {at}))")
        return f"filter_set({base}, (lambda {name}: {condition}), {at})"

    def _element(self, bounds: tuple) -> str:
        names = [f"v{n.uid}" for b in bounds for n in b.names]
        if len(bounds) == 1 and not bounds[0].tuple_ and len(names) == 1:
            return names[0]
        if len(bounds) == 1 and bounds[0].tuple_:
            return "(" + "".join(n + ", " for n in names) + ")"
        parts = []
        for b in bounds:
            own = [f"v{n.uid}" for n in b.names]
            parts += ["(" + "".join(n + ", " for n in own) + ")"] if b.tuple_ else own
        return "(" + "".join(p + ", " for p in parts) + ")"

    def c_SetMap(self, e: t.SetMap) -> str:
        clauses, env = self.bind(e.bounds)
        return f"enumerated([{self.with_env(env).value(e.body)} {clauses}], {self.p.loc(e.loc)})"

    def c_FcnLit(self, e: t.FcnLit) -> str:
        at = self.p.loc(e.loc)
        if e.name is not None:  # recursive: f[x \in S] == ... f[...] ..., applied where it is read
            me = f"f{e.name.uid}"
            env = dict(self.env)
            env[e.name.uid] = me
            names = [f"v{n.uid}" for b in e.bounds for n in b.names]
            for b in e.bounds:
                for n in b.names:
                    env[n.uid] = f"v{n.uid}"
            body = self.with_env(env).value(e.body)
            if len(names) == 1 and not e.bounds[0].tuple_:
                fn = f"lambda {me}, {names[0]}: {body}"
            else:
                fn = f"lambda {me}, w: (lambda {', '.join(names)}: {body})(*unpack(w, {len(names)}, {at}))"
            return f"recursive({self._domain(e.bounds)}, {fn}, {at})"
        clauses, env = self.bind(e.bounds)
        key = self._element(e.bounds)
        return f"function({{{key}: {self.with_env(env).value(e.body)} {clauses}}})"

    def _domain(self, bounds: tuple) -> str:
        """The domain of a function constructor: its one set, or the product of its sets."""
        sets = []
        for b in bounds:
            s = self.value(b.set)
            sets += [s] * (1 if b.tuple_ else len(b.names))
        at = self.p.loc(getattr(bounds[0].set, "loc", t.NOWHERE))
        if len(sets) == 1:
            return sets[0]
        return f"product(({''.join(s + ', ' for s in sets)}), {at})"

    def c_FcnApp(self, e: t.FcnApp) -> str:
        """`apply`, or where Python allows `:=`, a tuple indexed at once when the argument is an integer in
        its domain (the common case: `board[i][j]`, `seq[1]`), `apply` otherwise (with TLC's errors)."""
        fn, at = self.value(e.fn), self.p.loc(e.loc)
        if len(e.args) != 1:
            return f"apply({fn}, ({''.join(self.value(a) + ', ' for a in e.args)}), {at})"
        arg = e.args[0]
        code = self.value(arg)
        if self.iterable:
            return f"apply({fn}, {code}, {at})"
        f = self.p.fresh("_f")
        if isinstance(arg, t.Num) and arg.value >= 1:
            k = arg.value
            return f"({f}[{k - 1}] if type({f} := {fn}) is tuple and len({f}) >= {k} else apply({f}, {k}, {at}))"
        kind, r = self.p.fresh("_t"), self.p.fresh("_r")
        if code in self.p.ints:  # an integer: only the function is tested
            return (f"({f}[{code} - 1] if ({kind} := type({f} := {fn})) is tuple and 0 < {code} <= len({f}) "
                    f"else {r} if ({kind} is Fcn or {kind} is Rcd) and ({r} := {f}.get({code}, UNSET)) is not UNSET "
                    f"else apply({f}, {code}, {at}))")
        x = self.p.fresh("_x")
        return (f"({f}[{x} - 1] if (({kind} := type({f} := {fn})) is tuple) & (type({x} := {code}) is int) "
                f"and 0 < {x} <= len({f}) else {r} if ({kind} is Fcn or {kind} is Rcd) "
                f"and ({r} := {f}.get({x}, UNSET)) is not UNSET else apply({f}, {x}, {at}))")

    def c_FcnSet(self, e: t.FcnSet) -> str:
        return f"functions({self.value(e.domain)}, {self.value(e.range)}, {self.p.loc(e.loc)})"

    def c_RecordLit(self, e: t.RecordLit) -> str:
        return "Rcd({" + ", ".join(f"{name!r}: {self.value(v)}" for name, v in e.fields) + "})"

    def c_RecordSet(self, e: t.RecordSet) -> str:
        fields = "".join(f"({name!r}, {self.value(v)}), " for name, v in e.fields)
        return f"records(({fields}), {self.p.loc(e.loc)})"

    def c_Dot(self, e: t.Dot) -> str:
        """`r.f`: read at once from a record that has the field, else by `field` (which stops as TLC does)."""
        record, at = self.value(e.record), self.p.loc(e.loc)
        if self.iterable:
            return f"field({record}, {e.field!r}, {at})"
        r, v = self.p.fresh("_r"), self.p.fresh("_v")
        return (f"({v} if (type({r} := {record}) is Rcd) and ({v} := {r}.get({e.field!r}, UNSET)) is not UNSET "
                f"else field({r}, {e.field!r}, {at}))")

    def c_Except(self, e: t.Except) -> str:
        code = self.value(e.fn)
        at = self.p.loc(e.loc)
        for path, new in e.updates:
            keys = []
            for kind, step in path:
                if kind == "field":
                    keys.append(repr(step))
                elif len(step) == 1:
                    keys.append(self.value(step[0]))
                else:
                    keys.append("(" + "".join(self.value(a) + ", " for a in step) + ")")
            old = self.p.fresh("at")
            value = self.like(at=old).value(new)
            code = f"except_({code}, ({''.join(k + ', ' for k in keys)}), lambda {old}: {value}, {at})"
        return code

    def c_Tuple(self, e: t.Tuple) -> str:
        if e.items and all(_is_literal(i) for i in e.items):
            return self.p.constant(tuple(_literal(i) for i in e.items))
        return "(" + "".join(self.value(i) + ", " for i in e.items) + ")"

    def c_If(self, e: t.If) -> str:
        return f"({self.value(e.then)} if {self.cond(e.cond)} else {self.value(e.else_)})"

    def c_Case(self, e: t.Case) -> str:
        if e.other is not None:
            code = self.value(e.other)
        else:
            code = (f"fail('Attempted to evaluate a CASE expression, and none of the conditions were true', "
                    f"{self.p.loc(e.loc)})")
        for guard, value in reversed(e.arms):
            code = f"({self.value(value)} if {self.cond(guard)} else {code})"
        return code

    def c_Let(self, e: t.Let) -> str:
        """`(lambda l: BODY)(DEF)`, one definition inside the other, each seeing those before it."""
        return self._let(list(e.defs), e.body, self, e.recursive)

    def _let(self, defs: list, body: Any, compiler: "Expr", recursive: frozenset) -> str:
        if not defs:
            return compiler.value(body)
        d, rest = defs[0], defs[1:]
        name = f"l{d.uid}"
        made, read = self._let_definition(d, name, compiler.env, recursive)
        env = dict(compiler.env)
        env[d.uid] = read
        inner = compiler.with_env(env)
        if made is None:
            return self._let(rest, body, inner, recursive)
        return f"(lambda {name}: {self._let(rest, body, inner, recursive)})({made})"

    def _let_definition(self, d: Definition, name: str, env: dict,
                        recursive: frozenset) -> tuple[str | None, str]:
        """A LET definition as a Python value named `name`, and the code reading it (the callable, for one
        with parameters): a lambda of its parameters; without any, a cell `[UNSET, lambda: e]` computed when
        first read, each read written out (`forced`: a call per read cost more than the rest of most LETs),
        or, for a definition that only reads a name or is a literal, that code itself (no value: None).
        One declared RECURSIVE is its own fixed point (`fix`)."""
        own = d.name in recursive
        if d.params:
            read = name
        else:
            read = f"{name}()" if own else cell_read(name)
        def_env = dict(env)
        if own:
            def_env[d.uid] = read
        params = []
        for p in d.params:
            def_env[p.uid] = f"p{p.uid}"
            params.append(f"p{p.uid}")
        definition = self.with_env(def_env).value(d.body)
        if not params and not own and (_READ.fullmatch(definition) or _LITERAL.fullmatch(definition)):
            return None, definition
        if params:
            made = f"(lambda {', '.join(params)}: {definition})"
        else:
            made = f"lazy(lambda: {definition})" if own else f"[UNSET, lambda: {definition}]"
        return (f"fix(lambda {name}: {made})" if own else made), read

    def c_Junction(self, e: t.Junction) -> str:
        word = " and " if e.conj else " or "
        return "(" + word.join(self.cond(i) for i in e.items) + ")"

    def c_Given(self, e: t.Given) -> str:
        env = dict(self.env)
        env[e.uid] = e.name
        return self.with_env(env).value(e.body)

    def c_Step(self, e: t.Step) -> str:
        raise Unsupported("[A]_v and <<A>>_v are temporal: they belong in a property or the specification", e.loc)

    def c_Fairness(self, e: t.Fairness) -> str:
        raise Unsupported("WF and SF are temporal: they belong in a property or the specification", e.loc)


@dataclass(eq=False)
class _Code(t.Expr):
    """A piece of code standing for an argument (the parameters of a callable made of an operator)."""

    code: str
    loc: Loc = t.NOWHERE


#: code reading the value of a LET definition without parameters from its cell (see `Expr._let_definition`)
_CELL_READ = r"\((?P<cell>[lp]\d+)\[0\] if (?P=cell)\[0\] is not UNSET else forced\((?P=cell)\)\)"
#: code that reads a value without computing anything but a LET's value at its first read (it may be written twice)
_SIMPLE = re.compile(r"[A-Za-z_]\w*(\(\)|\[\d+\])?|" + _CELL_READ)
#: code that reads a name, a variable of a state or a LET's value, and calls nothing else
_READ = re.compile(r"[A-Za-z_]\w*(\[\d+\])?|" + _CELL_READ)


def cell_read(cell: str) -> str:
    """The code reading a LET's value from `cell`, where it is computed at the first read."""
    return f"({cell}[0] if {cell}[0] is not UNSET else forced({cell}))"


def _cell(code: Any) -> str | None:
    """The cell `code` reads a LET's value from, if it is such a read."""
    found = re.fullmatch(_CELL_READ, code) if isinstance(code, str) else None
    return found and found["cell"]


#: code of an integer literal
_INT_LITERAL = re.compile(r"-?\d+")
#: code of a literal: a number or a string
_LITERAL = re.compile(r"-?\d+|'[^'\\]*'|\"[^\"\\]*\"")


def _is_literal(e: Any) -> bool:
    """Whether `e` is a constant written out, and, for a set, one whose elements TLC can order and Python keeps
    apart."""
    if isinstance(e, (t.Num, t.Str, t.Bool)):
        return True
    if isinstance(e, t.Tuple):
        return all(_is_literal(i) for i in e.items)
    if isinstance(e, t.SetEnum) and all(_is_literal(i) for i in e.items):
        items = [_literal(i) for i in e.items]
        try:
            runtime.enumerated(items, None)
        except TlaError:
            return False
        return True
    return False


def _literal(e: Any) -> Any:
    if isinstance(e, t.Tuple):
        return tuple(_literal(i) for i in e.items)
    if isinstance(e, t.SetEnum):
        return frozenset(_literal(i) for i in e.items)
    return e.value


def _opens(e: Any) -> bool:
    """Whether `e` reads a name bound around it (a bound variable, a parameter, a LET definition, `@`)."""
    for node in t.walk(e):
        if isinstance(node, (t.At, _Code)):
            return True
        target = getattr(node, "target", None)
        if isinstance(target, (Local, OpParam)) or (isinstance(target, Definition) and target.let):
            return True
    return False


def _draws(e: Any) -> bool:
    """Whether `e` draws at random where it is written (`RandomElement`: TLC draws anew at each evaluation)."""
    return any(isinstance(getattr(node, "target", None), Builtin) and node.target.name == "RandomElement"
               for node in t.walk(e))


def _free(e: Any, env: dict) -> set:
    """The uids of the bound names of `env` that `e` reads."""
    found = set()
    for node in t.walk(e):
        target = getattr(node, "target", None)
        if isinstance(target, (Local, OpParam)) and target.uid in env:
            found.add(target.uid)
        if isinstance(target, Definition) and target.let and target.uid in env:
            found.add(target.uid)
    return found


# ---- actions ----------------------------------------------------------------------------------------------


def instance_slots(instance_vars: tuple, n: int, loc: Loc) -> dict:
    """For ENABLED (of a fairness condition too) written in an instantiated module, whose variables are
    `instance_vars` ((name, Subst) each): the slots of the next state its step chooses them in (see `Gen`).
    None are needed when each is substituted by the variable of its name, whose prime is the state's own."""
    if all(_same_variable(subst.expr, name) for name, subst in instance_vars):
        return {}
    slots: dict = {}
    for index, (name, subst) in enumerate(instance_vars, start=n):
        key = id(subst.expr)
        if key in slots:
            raise Unsupported(f"the instance substitutes one expression for both {slots[key][1]} and {name}, "
                              f"whose primes ENABLED tells apart", loc)
        slots[key] = (index, name)
    return slots


def _same_variable(e: Any, name: str) -> bool:
    """Whether `e` is the variable `name` (what an instance substitutes for its variable of that name when
    nothing else is said)."""
    return isinstance(e, t.Apply) and isinstance(e.target, Var) and e.target.name == name


@dataclass
class Ctx:
    """Where the compilation of an action is: the bound names, what each variable reads as now and next
    (None: not assigned yet), the label so far, the picks, and the nesting of the Python blocks."""

    env: dict
    now: list
    after: list
    path: tuple = ()
    #: the name the step takes if no action entered from here names it (a disjunct's place, or the root's)
    want: str | None = None
    picks: tuple = ()
    depth: int = 1
    indent: int = 1
    #: the code of the state the step starts from (another than S after `A \\cdot`)
    state: str = "S"


class Gen:
    """Writes the generator of one action's steps (see the module's docstring)."""

    def __init__(self, program: Program, root: str, initial: bool, labels: bool, params: list | None = None,
                 partial: bool = False, slots: dict | None = None):
        self.p = program
        self.root = root
        self.initial = initial
        self.labels = labels
        #: a variable left unassigned is no error but ANY (for ENABLED and fairness, which ask whether a step
        #: exists: an unconstrained variable may take any value)
        self.partial = partial
        self.params = params or []
        self.lines: list[str] = []
        self.leaves: list[Leaf] = []
        self.leaf_index: dict[Leaf, int] = {}
        self.n = len(program.variables)
        #: for ENABLED <<A>>_v of a fairness condition written in an instantiated module, whose variables are
        #: substituted: TLC chooses the primes of that module's variables as the step's own values, each
        #: after the state's variables (id of the expression substituted -> (index, name)); an expression
        #: substituted for one is read as itself in the current state
        self.slots = slots or {}
        self.slot_exprs: dict[int, Any] = {}

    def compile(self, e: Any, env: dict | None = None) -> tuple[Callable, list[Leaf]]:
        name = self.p.fresh("A")
        args = ", ".join(["S"] + self.params)
        self.lines.append(f"def {name}({args}):")
        now = [None] * self.n if self.initial else [f"S[{i}]" for i in range(self.n)]
        after = [None] * (self.n + len(self.slots))
        ctx = Ctx(dict(env or {}), now, after, (), self.root)
        start = len(self.lines)
        self.gen(e, ctx, self.leaf)
        if len(self.lines) == start:
            self.lines.append("    pass")
        self.lines.append("    if False:\n        yield None")
        self.p.define("\n".join(self.lines) + "\n")
        return self.p.ns[name], self.leaves

    # ---- emitting ----------------------------------------------------------------------------------------

    def emit(self, ctx: Ctx, text: str) -> None:
        self.lines.append("    " * ctx.indent + text)

    def block(self, ctx: Ctx, header: str, inside: Callable[[Ctx], None]) -> None:
        """`header:` and what `inside` emits in it; past MAX_DEPTH, the block goes into a function of its own."""
        if ctx.depth >= MAX_DEPTH:
            name = self.p.fresh("k")
            self.emit(ctx, f"def {name}():")
            ctx = replace(ctx, indent=ctx.indent + 1, depth=1)
            self.block(ctx, header, inside)
            self.emit(replace(ctx, indent=ctx.indent - 1), f"yield from {name}()")
            return
        self.emit(ctx, header + ":")
        inner = replace(ctx, indent=ctx.indent + 1, depth=ctx.depth + 1)
        start = len(self.lines)
        inside(inner)
        if len(self.lines) == start:
            self.emit(inner, "pass")

    def expr(self, ctx: Ctx) -> Expr:
        now = ctx.now if self.initial else ctx.state
        made = Expr(self.p, ctx.env, now=now, after=None if self.initial else ctx.after, strict=self.partial)
        made.slots = self.slots
        return made

    def leaf(self, ctx: Ctx) -> None:
        """A step is complete: every variable must be assigned; yield it."""
        assigned = ctx.now if self.initial else ctx.after
        missing = [i for i, code in enumerate(assigned) if code is None]
        path = ctx.path or (self.root,)
        if ctx.want is not None and ctx.want != self.root:
            path += (ctx.want,)
        if missing and self.partial:
            assigned = ["ANY" if code is None else code for code in assigned]
        elif missing:
            what = "the initial predicate" if self.initial else f"action {' › '.join(path)}"
            message = (f"Successor state is not completely specified by {what}: the following variables are not "
                       f"assigned: {', '.join(self.p.variables[i].name for i in missing)}")
            self.emit(ctx, f"fail({message!r}, None)")
            return
        state = "State((" + "".join(code + ", " for code in assigned) + "))"
        if not self.labels:
            self.emit(ctx, f"yield {state}")
            return
        leaf = Leaf(path, tuple(name for name, _ in ctx.picks))
        index = self.leaf_index.get(leaf)
        if index is None:
            index = self.leaf_index[leaf] = len(self.leaves)
            self.leaves.append(leaf)
        picks = "(" + "".join(code + ", " for _, code in ctx.picks) + ")"
        self.emit(ctx, f"yield ({index}, {picks}, {state})")

    # ---- the action's structure ---------------------------------------------------------------------------

    def acts(self, e: Any, ctx: Ctx) -> bool:
        """Whether `e` takes part in making the step (assigns, or branches over what assigns), rather than
        being a condition: in Init, whether it reads a variable not yet assigned; in Next, whether it is
        action-level."""
        if self.initial:
            if any(isinstance(getattr(n, "target", None), Var) and ctx.now[n.target.index] is None
                   for n in _walk_inlined(e)):
                return True
        elif self.p.level(e) >= ACTION:
            return True
        return any(self.acts(d.expr, replace(ctx, env=d.env)) for d in self._deferred(e, ctx))

    def _deferred(self, e: Any, ctx: Ctx) -> list:
        """The arguments passed by name that `e` reads (they make it act when they do)."""
        found = []
        for node in t.walk(e):
            target = getattr(node, "target", None)
            if isinstance(target, Local) and isinstance(ctx.env.get(target.uid), Deferred):
                found.append(ctx.env[target.uid])
        return found

    def gen(self, e: Any, ctx: Ctx, k: Callable[[Ctx], None]) -> None:
        if not self.acts(e, ctx):
            return self.guard([e], ctx, k)
        method = getattr(self, "g_" + type(e).__name__, None)
        if method is None:
            raise Unsupported(f"{type(e).__name__} is not supported in an action", e.loc)
        method(e, ctx, k)

    def guard(self, conditions: list, ctx: Ctx, k: Callable[[Ctx], None]) -> None:
        expr = self.expr(ctx)
        codes = []
        for c in conditions:
            if isinstance(c, t.Bool) and c.value:
                continue
            codes.append(expr.cond(c))
        if not codes:
            return k(ctx)
        self.block(ctx, "if " + " and ".join(codes), k)

    def g_Junction(self, e: t.Junction, ctx: Ctx, k) -> None:
        if e.conj:
            return self._conjuncts(list(e.items), ctx, k)
        for item in e.items:
            branch = replace(ctx, want=f"line {item.loc.line}, col {item.loc.col}")
            self.gen(item, branch, k)

    def _conjuncts(self, items: list, ctx: Ctx, k) -> None:
        if not items:
            return k(ctx)
        first, rest = items[0], items[1:]
        if not self.acts(first, ctx):
            guards = [first]
            while rest and not self.acts(rest[0], ctx):
                guards.append(rest.pop(0))
            return self.guard(guards, ctx, lambda c: self._conjuncts(rest, c, k))
        self.gen(first, ctx, lambda c: self._conjuncts(rest, c, k))

    def g_Bool(self, e: t.Bool, ctx: Ctx, k) -> None:
        if e.value:
            k(ctx)

    def g_Quant(self, e: t.Quant, ctx: Ctx, k) -> None:
        if e.forall:
            raise Unsupported("\\A over an action that assigns primed variables is not supported: write the "
                              "assignment for the whole function ([x EXCEPT ...]) instead", e.loc)
        expr = self.expr(ctx)
        self._exists(list(e.bounds), e.body, ctx, expr, k)

    def _exists(self, bounds: list, body: Any, ctx: Ctx, expr: Expr, k) -> None:
        if not bounds:
            return self.gen(body, ctx, k)
        b, rest = bounds[0], bounds[1:]
        at = self.p.loc(getattr(b.set, "loc", t.NOWHERE))
        listing = f"enum({expr.value(b.set)}, {at})"
        env = dict(ctx.env)
        names = [f"v{n.uid}" for n in b.names]
        for n in b.names:
            env[n.uid] = f"v{n.uid}"
        picks = ctx.picks + tuple((n.name, f"v{n.uid}") for n in b.names)
        inner = replace(ctx, env=env, picks=picks)
        if b.tuple_:
            header = f"for ({', '.join(names)},) in tuples({listing}, {len(names)}, {at})"
            return self.block(ctx, header, lambda c: self._exists(rest, body, replace(inner, depth=c.depth,
                                                                                           indent=c.indent), expr, k))
        self._exists_names(list(zip(b.names, names)), listing, rest, body, inner, ctx, expr, k)

    def _exists_names(self, pairs, listing, rest, body, inner, ctx, expr, k) -> None:
        if not pairs:
            return self._exists(rest, body, replace(inner, depth=ctx.depth, indent=ctx.indent), expr, k)
        (_, name), others = pairs[0], pairs[1:]
        self.block(ctx, f"for {name} in {listing}",
                   lambda c: self._exists_names(others, listing, rest, body, inner, c, expr, k))

    def g_If(self, e: t.If, ctx: Ctx, k) -> None:
        condition = self.expr(ctx).cond(e.cond)
        self.block(ctx, f"if {condition}", lambda c: self.gen(e.then, c, k))
        self.block(ctx, "else", lambda c: self.gen(e.else_, c, k))

    def g_Case(self, e: t.Case, ctx: Ctx, k) -> None:
        expr = self.expr(ctx)
        for i, (guard, action) in enumerate(e.arms):
            self.block(ctx, f"{'if' if i == 0 else 'elif'} {expr.cond(guard)}", lambda c, a=action: self.gen(a, c, k))
        if e.other is not None:
            self.block(ctx, "else", lambda c: self.gen(e.other, c, k))
        else:
            message = "Attempted to evaluate a CASE expression, and none of the conditions were true"
            self.block(ctx, "else", lambda c: self.emit(c, f"fail({message!r}, {self.p.loc(e.loc)})"))

    def g_Step(self, e: t.Step, ctx: Ctx, k) -> None:
        """`[A]_v` is `A \\/ UNCHANGED v`; `<<A>>_v` is `A /\\ v' /= v`."""
        unchanged = t.Apply(e.loc, "UNCHANGED", (e.sub,), target=Builtin("UNCHANGED", 1, ""))
        if e.box:
            return self.g_Junction(t.Junction(e.loc, False, (e.action, unchanged)), ctx, k)
        changed = t.Apply(e.loc, "~", (unchanged,), target=Builtin("~", 1, ""))
        self._conjuncts([e.action, changed], ctx, k)

    def g_Given(self, e: t.Given, ctx: Ctx, k) -> None:
        env = dict(ctx.env)
        env[e.uid] = e.name
        self.gen(e.body, replace(ctx, env=env), k)

    def g_Let(self, e: t.Let, ctx: Ctx, k) -> None:
        """LET's definitions bound (an action among them is inlined where it is applied), then its body."""
        env = dict(ctx.env)
        for d in e.defs:
            if self.p.level(d.resolved_body()) >= ACTION and d.name not in e.recursive:
                env[d.uid] = LetAction(d, dict(env))
                continue
            name = f"l{d.uid}"
            made, read = self.expr(replace(ctx, env=env))._let_definition(d, name, env, e.recursive)
            if made is not None:
                self.emit(ctx, f"{name} = {made}")
            env[d.uid] = read
        self.gen(e.body, replace(ctx, env=env), k)

    def g_Apply(self, e: t.Apply, ctx: Ctx, k) -> None:
        target = e.target
        if isinstance(target, Builtin):
            name = target.name
            if name in ("=", "\\in") and self._assigned_var(e.args[0], ctx) is not None:
                return self.assign(e, ctx, k)
            if name == "UNCHANGED" and not self.initial:
                return self.unchanged(e.args[0], ctx, k)
            if name == "\\cdot" and not self.initial and not self.partial:
                return self.compose(e, ctx, k)
            return self.guard([e], ctx, k)
        if isinstance(target, Definition) and not target.let:
            return self.inline(target, e, ctx, k)
        if isinstance(target, Local) and not e.args and isinstance(ctx.env.get(target.uid), Deferred):
            deferred = ctx.env[target.uid]  # an action passed by name (`Stutter(A) == A /\ ...`), taken here
            return self.gen(deferred.expr, replace(ctx, env=deferred.env), lambda c: k(replace(c, env=ctx.env)))
        if isinstance(target, Definition) and isinstance(ctx.env.get(target.uid), LetAction):
            bound = ctx.env[target.uid]
            return self.inline(target, e, replace(ctx, env={**ctx.env, **bound.env}), k, caller=ctx.env)
        return self.guard([e], ctx, k)

    def compose(self, e: t.Apply, ctx: Ctx, k) -> None:
        """`A \\cdot B`, TLC's composition of actions: an A step to a state r, then a B step from r; the
        primed variables around it are those of B's step."""
        first, then = e.args

        def middle(c: Ctx) -> None:
            missing = [self.p.variables[i].name for i, code in enumerate(c.after) if code is None]
            if missing:
                raise Unsupported(f"the first action of \\cdot leaves {', '.join(missing)} unassigned", e.loc)
            state = f"r{next(self.p.names)}"
            self.emit(c, f"{state} = (" + "".join(code + ", " for code in c.after) + ")")
            self.gen(then, replace(c, state=state, after=ctx.after), lambda c2: k(replace(c2, state=ctx.state)))

        self.gen(first, replace(ctx, after=[None] * self.n), middle)

    def _assigned_var(self, lhs: Any, ctx: Ctx) -> int | None:
        """The index of the variable `lhs` assigns (`x'` in Next, `x` in Init) when not yet assigned (an
        argument passed by name is seen through: `Lose(q) == q' = Tail(q)` given msgQ assigns msgQ')."""
        lhs, ctx = self._unwrapped(lhs, ctx)
        if not self.initial:
            if not (isinstance(lhs, t.Apply) and isinstance(lhs.target, Builtin) and lhs.target.name == "'"):
                return None
            lhs, ctx = self._unwrapped(lhs.args[0], ctx)
            slot = self.slots.get(id(lhs))
            if slot is not None:
                return slot[0] if ctx.after[slot[0]] is None else None
        if isinstance(lhs, t.Apply) and isinstance(lhs.target, Var):
            slot = ctx.now if self.initial else ctx.after
            return lhs.target.index if slot[lhs.target.index] is None else None
        return None

    def _unwrapped(self, e: Any, ctx: Ctx) -> tuple[Any, Ctx]:
        """`e`, or the argument it names when it is a parameter passed by name (with that argument's names)."""
        while isinstance(e, t.Apply) and isinstance(e.target, Local) and not e.args \
                and isinstance(ctx.env.get(e.target.uid), Deferred):  # fmt: skip
            deferred = ctx.env[e.target.uid]
            e, ctx = deferred.expr, replace(ctx, env=deferred.env)
        return e, ctx

    def assign(self, e: t.Apply, ctx: Ctx, k) -> None:
        index = self._assigned_var(e.args[0], ctx)
        var = f"n{next(self.p.names)}"
        value = self.expr(ctx).value(e.args[1])
        slot = "now" if self.initial else "after"

        def bound(c: Ctx) -> Ctx:
            values_ = list(getattr(c, slot))
            values_[index] = var
            return replace(c, **{slot: values_})

        if e.target.name == "=":
            self.emit(ctx, f"{var} = {value}")
            return k(bound(ctx))
        at = self.p.loc(e.loc)
        self.block(ctx, f"for {var} in enum({value}, {at})", lambda c: k(bound(c)))

    def unchanged(self, e: Any, ctx: Ctx, k) -> None:
        """`UNCHANGED e`: each variable of e keeps its value (e is a variable, a tuple of them, or a
        definition of one); another e is the condition `e' = e`."""
        parts = self._variables_of(e)
        if parts is None:
            return self.guard([t.Apply(e.loc, "UNCHANGED", (e,), target=Builtin("UNCHANGED", 1, ""))], ctx, k)

        def step(remaining: list, c: Ctx) -> None:
            if not remaining:
                return k(c)
            index, rest = remaining[0], remaining[1:]
            now = f"{c.state}[{index}]"
            if index >= self.n:  # a variable of an instantiated module: the expression substituted for it, now
                now = f"n{next(self.p.names)}"
                self.emit(c, f"{now} = {self.expr(c).value(self.slot_exprs[index])}")
            if c.after[index] is None:
                after = list(c.after)
                after[index] = now
                return step(rest, replace(c, after=after))
            at = self.p.loc(e.loc)
            self.block(c, f"if eq({c.after[index]}, {now}, {at})", lambda c2: step(rest, c2))

        step(parts, ctx)

    def _variables_of(self, e: Any) -> list | None:
        slot = self.slots.get(id(e))
        if slot is not None:
            self.slot_exprs[slot[0]] = e
            return [slot[0]]
        if self.slots and isinstance(e, t.Apply) and isinstance(e.target, Var):
            return None  # a variable of the instantiating module: its prime is not chosen here
        if isinstance(e, t.Apply) and isinstance(e.target, Var):
            return [e.target.index]
        if isinstance(e, t.Tuple):
            found = []
            for item in e.items:
                inner = self._variables_of(item)
                if inner is None:
                    return None
                found += inner
            return found
        if isinstance(e, t.Apply) and isinstance(e.target, Definition) and not e.target.params and not e.target.let:
            return self._variables_of(e.target.resolved_body())
        return None

    def inline(self, d: Definition, e: t.Apply, ctx: Ctx, k, caller: dict | None = None) -> None:
        """An action's definition, entered: its body with the arguments bound to its parameters (read with
        the names of the `caller`, when the body has names of its own: a LET's action)."""
        env = dict(ctx.env)
        expr = self.expr(ctx if caller is None else replace(ctx, env=caller))
        ctx = ctx if caller is None else replace(ctx, env=caller)
        for param, arg in zip(d.params, e.args):
            if isinstance(param, OpParam) or isinstance(arg, (t.OpArg, LambdaDef)):
                env[param.uid] = expr.argument(arg)
            elif isinstance(arg, (t.Num, t.Str, t.Bool)) or (isinstance(arg, t.Apply) and not arg.args
                                                             and isinstance(arg.target, (Local, Const))):
                env[param.uid] = expr.value(arg)
            elif self.acts(arg, ctx) or self.p.level(arg) >= STATE:
                # by name, as TLC passes it: the body may prime it (`Lose(q) == q' = Tail(q)`, given msgQ)
                env[param.uid] = Deferred(arg, dict(ctx.env))
            else:
                name = f"a{next(self.p.names)}"
                self.emit(ctx, f"{name} = {expr.value(arg)}")
                env[param.uid] = name
        path, want = ctx.path, ctx.want
        if want is not None and self.labels:
            path, want = path + (d.name,), None
        self.gen(d.resolved_body(), replace(ctx, env=env, path=path, want=want), k)


def _walk_inlined(e: Any):
    """The nodes of `e` and of the bodies of the definitions it applies (each once)."""
    seen = set()
    pending = [e]
    while pending:
        node = pending.pop()
        for inner in t.walk(node):
            yield inner
            target = getattr(inner, "target", None)
            if isinstance(target, Definition) and not target.let and target.uid not in seen:
                seen.add(target.uid)
                pending.append(target.resolved_body())
