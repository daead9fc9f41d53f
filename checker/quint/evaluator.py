"""Quint's IR compiled to Python source, then to bytecode by Python itself.

Expressions: one Python function per top-level value definition (a nullary
one remembers its value for the last state, so `gameOver` is computed once
per state), Quint lambdas as Python lambdas, builtins as calls of
`checker.quint.runtime`. Adding an operator takes one entry in one of the
tables below (`INFIX`, `CALLS`, `TEMPLATES`), or one function there and one
entry in `CALLS`.

Actions: the whole of `init` or `step` becomes one Python function, written
in continuation-passing style: `nondet x = S.oneOf()` is a `for` loop, a
guard an `if` (a disabled branch is cut at once), `x' = e` a local variable,
and where the action succeeds the next state is built as a tuple from those
variables. Named actions are inlined with their parameters bound. So a step
costs loops and ifs, not a closure per branch. What a step's label says (the
path of actions and the picks), and what `quint run --mbt` records for it
(`mbt::actionTaken`, `mbt::nondetPicks`), is fixed where the code is
written: each place the action succeeds is one `Leaf`.

Quint's explicit-state semantics, as its simulator implements them:

  * `nondet x = S.oneOf()` branches over every element of S (none: disabled);
  * `any { A, B }` over every enabled disjunct, and forgets the action taken
    and the picks made so far in the step (Quint's `--mbt` records those of
    the disjunct);
  * `all { A, B }` in order, stopping at the first disabled part;
  * `if (c) A else B` commits to the branch its condition picks;
  * `x' = e` assigns once: a second assignment is an error;
  * entering a named action records it as the action taken, unless one is
    recorded already; a `nondet` records its pick once its body holds.

Three functions are written per action: `steps(S)` (every labelled
successor), `states(S)` (every successor, for a search that needs no
labels) and `tree(S)`, the choices of the step in state S as a tree that
`runtime.walk` draws one successor from as `quint run` draws it: the
disjuncts of an `any` in a random order, a random element of a `nondet`
then the next ones; the first that works is kept, and what follows it may
no longer choose again. A branch of the tree is computed when a draw first
reaches it, then kept: a state met again is drawn from without evaluating
anything. A state is the tuple of the variables' values, in declaration
order; `S[i]` reads variable i.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property, partial, reduce
from itertools import compress
from typing import Any, Callable, Iterable

from checker.model import Label
from checker.quint import order, runtime
from checker.digits import parse
from checker.quint.runtime import QList, QuintError, Refused, Variant

#: binary operators written as Python operators
INFIX = {
    "iadd": "+", "isub": "-", "eq": "==", "neq": "!=", "ilt": "<", "igt": ">", "ilte": "<=",
    "igte": ">=", "union": "|", "intersect": "&", "exclude": "-", "subseteq": "<=", "iff": "==",
}  # fmt: skip
#: operators that call a function of `checker.quint.runtime` with their arguments as they are
CALLS = {
    "idiv": "idiv", "imod": "imod", "ipow": "ipow", "imul": "imul", "to": "to", "fold": "fold", "powerset": "powerset",
    "flatten": "flatten", "getOnlyElement": "get_only_element", "tuples": "tuples",
    "allListsUpTo": "all_lists_up_to", "mapBy": "map_by", "setToMap": "set_to_map",
    "setOfMaps": "set_of_maps", "set": "map_set", "setBy": "set_by", "put": "put", "Map": "quint_map", "with": "with_field", "item": "item", "head": "head", "tail": "tail", "nth": "nth",
    "replaceAt": "replace_at", "slice": "list_slice", "foldr": "foldr", "size": "size", "isFinite": "is_finite",
    "chooseSome": "choose_some", "allLists": "all_lists", "range": "list_range",
}  # fmt: skip
#: where the order Quint's simulator iterates sets in matters (see `order_matters`), the operators that make
#: a set or iterate one: the functions of `checker.quint.order` that follow that order
ORDERED = {
    "union": "q_union", "intersect": "q_intersect", "exclude": "q_exclude", "filter": "q_filter", "map": "q_map",
    "fold": "q_fold", "to": "q_to", "powerset": "q_powerset", "flatten": "q_flatten", "tuples": "q_tuples",
    "mapBy": "q_map_by", "setToMap": "q_set_to_map", "setOfMaps": "q_set_of_maps", "keys": "q_keys",
    "fieldNames": "q_fields", "indices": "q_indices",
}  # fmt: skip
#: the operators a fold's accumulator may be combined with for its result not to depend on the order
COMMUTATIVE = frozenset({"iadd", "imul", "union", "intersect", "and", "or"})
#: operators written as a Python expression of their arguments' code (a, b, c)
TEMPLATES = {
    "not": "(not {0})", "implies": "((not {0}) or {1})", "iuminus": "(-{0})", "in": "({0} in {1})",
    "contains": "({1} in {0})", "filter": "frozenset(filter({1}, {0}))",
    "map": "frozenset(map({1}, {0}))", "exists": "any([*map({1}, {0})])",
    "forall": "all([*map({1}, {0})])", "keys": "frozenset({0})", "get": "{0}[{1}]", "fieldNames": "frozenset({0}[0])",
    "append": "QList({0} + ({1},))",
    "concat": "QList({0} + {1})", "length": "len({0})", "indices": "frozenset(range(len({0})))",
    "select": "QList(filter({1}, {0}))", "foldl": "reduce({2}, {0}, {1})",
    "variant": "mk(Variant, ({0}, {1}))", "ite": "({1} if {0} else {2})",
}  # fmt: skip
#: the operators of `CALLS` that can fail: they are told where they are, for the error message
FALLIBLE = {
    "idiv", "imod", "ipow", "imul", "getOnlyElement", "set", "setBy", "item", "head", "tail", "nth", "replaceAt",
    "slice", "assert", "chooseSome",
}  # fmt: skip
#: the operators that may fail on some values (a key not in a map, a division by zero, an empty list...)
PARTIAL = FALLIBLE | {"get", "q::debug", "fold", "foldl", "foldr", "oneOf"} - {"imul"}
#: Quint's operators that ttt-check refuses where they are evaluated, and why (one line, after the place)
REFUSED = {
    "apalache::generate": "apalache::generate asks Apalache to invent a value of a type; an explicit-state checker "
    "has no such value to take: choose from a finite set instead (nondet x = S.oneOf())",
    "q::lastTrace": "q::lastTrace is the REPL's last simulated trace: there is none when ttt-check evaluates a spec",
    "q::test": "q::test runs a simulation from the REPL: use ttt-check run instead",
    "q::testOnce": "q::testOnce runs a simulation from the REPL: use ttt-check run instead",
    "then": "then composes the steps of a run: ttt-check test runs it (a step of the spec is one action)",
    "reps": "reps repeats the steps of a run: ttt-check test runs it (a step of the spec is one action)",
    "expect": "expect checks a run's state: ttt-check test runs it (a step of the spec is one action)",
    "fail": "fail expects a run to fail: ttt-check test runs it (a step of the spec is one action)",
    "next": "next(e) refers to the next state: only a temporal property may use it",
    "orKeep": "orKeep is a temporal operator: only a temporal property may use it",
    "mustChange": "mustChange is a temporal operator: only a temporal property may use it",
    "always": "always is a temporal operator: only a temporal property may use it",
    "eventually": "eventually is a temporal operator: only a temporal property may use it",
    "leadsTo": "leadsTo is a temporal operator: only a temporal property may use it",
    "weakFair": "weakFair is a temporal operator: only a temporal property may use it",
    "strongFair": "strongFair is a temporal operator: only a temporal property may use it",
}  # fmt: skip
#: a tuple of constants (see `_literal`)
TUPLE = re.compile(r"\((?:(?:-?\d+|'[^'\\]*'|True|False), )*\)")
#: the code of each item of such a tuple
ITEM = re.compile(r"(-?\d+|'[^'\\]*'|True|False), ")
#: code that may stand for a parameter wherever it is used (it reads a name, a variable or a constant)
SIMPLE = re.compile(rf"[A-Za-z_]\w*|S\[\d+\]|-?\d+|'[^'\\]*'|{TUPLE.pattern}")
#: user operators of at most this many IR nodes are written in place of their calls
INLINE_SIZE = 48
#: and at most this many one inside the other (the code grows with each level)
MAX_INLINING = 3
#: and only when their code, once written, is at most this long (compiling it again at each use costs)
INLINE_CODE = 1000
#: `exists`, `forall` and the size of a `filter` over a constant set of at most this many elements are
#: written out, one body per element (`(B1 or B2 ...)`): no lambda called, each body's element a constant
UNROLL_SIZE = 16
#: and at most this many bodies in all, one unrolled inside the other (the counts multiply)
UNROLL_BODIES = 64
#: and at most this much code (compiling costs too): in a definition, and in a `nondet`'s filter
#: (written again in each of the action's functions, and met only where the action reaches it)
UNROLL_CODE, UNROLL_NONDET_CODE = 3500, 1000
#: integers below this are written as literals in the code; larger ones are globals (no long literal compiled again)
SMALL_INT = 1 << 64
#: the operators whose sets a `nondet` of a state's tree draws from without building them (see `runtime.Draw`)
KEPT = {"tuples": "CrossProduct(({}))", "setOfMaps": "MapSet({})", "powerset": "Powerset({})", "to": "kept_interval({})"}
#: the names every spec sees
CONSTANTS = {"Nat": "NAT", "Int": "INT", "Bool": "BOOL"}
#: definitions that are state predicates or values (not actions, not temporal)
VALUE_QUALIFIERS = ("val", "pureval", "def", "puredef")
#: when sampling, each state definition remembers its values in at most this many states
MEMO_LIMIT = 200_000
#: how deeply a compiled action may nest `nondet`s (Python allows 20 nested blocks in a function)
MAX_NESTING = 18


class Unassigned(tuple):
    """The state before `init`: reading a variable there is an error."""

    def __getitem__(self, index):
        raise QuintError("init reads a state variable before assigning it")


class InitLabel(Label):
    """The label of a step of `init` (into an initial state): its picks are Quint's for the first state."""

    __slots__ = ()


def identifier(name: str) -> str:
    """The Python identifier of a Quint name, one-to-one: ASCII letters and digits stay, `_` is `__`, `:`
    is `_c`, and any other character (a leading digit too) `_x`, its code in hex, then `_`: `B::f` is
    `B_c_cf`, `B__f` is `B____f`, `π` is `_x3c0_`. So it never starts with a digit, and the Python names
    the evaluator gives definitions, `d_` or `k_` and this, are none of its other names (`k_0e1`, `p1`),
    nor a keyword of Python's (`True`, `class`)."""
    return "".join(
        _ESCAPES.get(char) or (char if char.isascii() and char.isalnum() and (i or not char.isdigit()) else f"_x{ord(char):x}_")
        for i, char in enumerate(name)
    )


_ESCAPES = {"_": "__", ":": "_c"}


@dataclass(frozen=True)
class Leaf:
    """One place where an action succeeds: what its steps' labels say and what Quint records for them."""

    #: the label's path (`MoveX › Win`)
    path: tuple[str, ...]
    #: the names of the label's picks, in order
    picks: tuple[str, ...]
    #: `mbt::actionTaken` ("" when no named action was entered since the last `any`)
    taken: str
    #: the positions in `picks` of the picks `mbt::nondetPicks` records, in the order Quint records them
    recorded: tuple[int, ...]
    #: the variables in the order the action assigns them
    assigned: tuple[str, ...]


@dataclass(frozen=True)
class ActionArg:
    """An action given to a named action as an argument (`twice(inc)`, `apply(n => x' = n, 3)`): its IR, and
    the scope and action where it is written, in which it is evaluated where the parameter is used."""

    expr: dict
    scope: dict
    action: str


@dataclass(frozen=True)
class Ctx:
    """What is known, while writing an action's code, at one point of it."""

    #: Quint local name -> the Python code that reads it
    scope: dict
    #: (variable, Python local holding its next value), in the order assigned
    assigned: tuple = ()
    path: tuple = ()
    #: (nondet name, Python local holding the pick)
    picks: tuple = ()
    #: the action Quint records as taken so far (None: none yet)
    taken: str | None = None
    #: positions in `picks` of the picks Quint records so far
    recorded: tuple = ()
    #: the named action whose body this is (names anonymous disjuncts and errors)
    action: str = ""
    #: in a tree: how many choices ended since the start of the function written (each wraps a node in an `Exit`)
    exits: int = 0


class Compiled:
    """The functions of one action (each written when first used, see `ActionWriter`), and its leaves."""

    def __init__(self, writer: "ActionWriter"):
        self.writer = writer
        self.steps = writer.function("steps")  # this writes the leaves too
        #: every place the action succeeds, in the order of its code
        self.leaves: list[Leaf] = writer.leaves
        #: the names of the `nondet`s it may reach (the fields of Quint's `mbt::nondetPicks`)
        self.nondets = frozenset(writer.nondets)

    @cached_property
    def states(self) -> Callable:
        return self.writer.function("states")

    @cached_property
    def tree(self) -> Callable:
        return self.writer.function("tree")

    @cached_property
    def enabled(self) -> Callable:
        return self.writer.function("enabled")



class Program:
    """One flattened Quint module, compiled.

    `locate(name, node, message)` writes a runtime error of definition `name`
    at the IR node `node` (None: the definition as a whole) as the user reads it.
    """

    def __init__(
        self, module: dict, locate: Callable[[str, Any, str], str] | None = None, roots: Iterable[str] = ()
    ):  # fmt: skip
        """`roots`: the state machine's init and step, whose actions assign the variables of its states
        (none: every variable is a state's)."""
        self.locate = locate or (lambda name, node, message: f"{message} (in '{name}')")
        self.defs: dict[str, dict] = {d["name"]: d for d in module["declarations"] if d["kind"] == "def"}
        declared = [d["name"] for d in module["declarations"] if d["kind"] == "var"]
        assigned = self.assigned_from(roots) if roots else declared
        #: the variables no action of the state machine assigns, such as an instance's whose module's actions
        #: the main module never calls: Quint's simulator leaves them out of its states (reading one is an error)
        self.unassigned = frozenset(v for v in declared if v not in assigned)
        self.variables: list[str] = [v for v in declared if v not in self.unassigned]
        self.var_index = {name: i for i, name in enumerate(self.variables)}
        self.counter = 0
        #: definition name -> whether it reads no state variable
        self.free: dict[str, bool] = {}
        #: operator name -> whether it is small enough to be written in place of its calls
        self.small: dict[str, bool] = {}
        #: action name -> whether it acts (see `acts`)
        self.acting: dict[str, bool] = {}
        #: definition name -> whether computing it cannot fail (see `total`)
        self.totals: dict[str, bool] = {}
        #: (definition name, operators) -> whether it applies one of them (see `applies`)
        self.uses: dict[tuple, bool] = {}
        #: how many operators are being written in place of a call, one inside the other
        self.inlining = 0
        #: (operator, code of each argument) of the calls too long to be written in place (see `inline`)
        self.long: set[tuple] = set()
        #: how many bodies each one being written stands for, in `exists`/`forall`s written out (see `unrolled`)
        self.unrolling = 1
        #: (definition name, IR node) of each place a runtime error can be reported from
        self.places: list[tuple[str, Any]] = []
        #: the `Fields` of each record type the code builds -> the global holding it
        self.layouts: dict[runtime.Fields, str] = {}
        #: whether the module has records (else its values are those of `checker.quint.value` already)
        self.records = _has_records(module["declarations"])
        self.namespace: dict[str, Any] = {
            name: getattr(runtime, name) for name in dir(runtime) if not name.startswith("__")
        }
        self.namespace.update(partial=partial, reduce=reduce, compress=compress, QList=QList, Variant=Variant, unsupported=_unsupported)
        self.namespace.update(Choice=runtime.Choice, Exit=runtime.Exit, QRecord=runtime.QRecord)
        self.namespace.update(
            _MISS=_MISS, QuintError=QuintError, Refused=Refused, located=self.located, Label=Label, InitLabel=InitLabel,
            mk=tuple.__new__, MEMO=[False], MEMO_LIMIT=MEMO_LIMIT,
        )  # fmt: skip
        self.namespace.update((name, getattr(order, name)) for name in dir(order) if name.startswith("q_"))
        self.namespace.update(listed=order.listed, visited=order.visited)
        #: whether the order Quint's simulator iterates sets in is followed (see `order_matters`)
        self.ordered = order_matters(self.defs.values())
        self._define_values()

    # ---- errors ----------------------------------------------------------------

    def place(self, name: str, node: Any) -> int:
        """The number of a place (for `at = N` in the code) where errors are said to happen."""
        self.places.append((name, node))
        return len(self.places) - 1

    def located(self, error: QuintError, place: int):
        """Raise `error` again, saying where it happened unless it says so already."""
        if getattr(error, "located", False):
            raise error
        name, node = self.places[place if error.place is None else error.place]
        new = type(error)(self.locate(name, node, str(error)))
        new.located = True  # type: ignore[attr-defined]
        new.where, new.bare = (name, node), str(error)  # type: ignore[attr-defined]
        raise new from None

    # ---- expressions -----------------------------------------------------------

    def fresh(self, prefix: str = "p") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def params(self, definition: dict) -> list[str]:
        expr = definition["expr"]
        return [p["name"] for p in expr["params"]] if expr["kind"] == "lambda" else []

    def surely_reads(self, e: dict, name: str) -> bool:
        """Whether evaluating `e` reads the local `name` whatever the values (so computing it first, rather
        than where it is first read as Quint does, fails only where Quint fails too): it is read outside
        a lambda, a call of a user operator, and the branches and second operands that may not be evaluated."""
        kind = e["kind"]
        if kind == "name":
            return e["name"] == name
        if kind == "let":
            return self.surely_reads(e["opdef"]["expr"], name) or self.surely_reads(e["expr"], name)
        if kind != "app" or e["opcode"] in self.defs:
            return False
        op, args = e["opcode"], [a for a in e["args"] if a["kind"] != "lambda"]
        if op == "ite":
            return self.surely_reads(args[0], name) or all(self.surely_reads(a, name) for a in args[1:])
        if op in ("and", "or", "implies", "actionAll", "matchVariant"):
            return bool(args) and self.surely_reads(args[0], name)
        if op == "actionAny":
            return bool(args) and all(self.surely_reads(a, name) for a in args)
        return any(self.surely_reads(a, name) for a in args)

    def acts(self, name: str) -> bool:
        """Whether the action definition `name` is an action (see `is_action`), not an operator that Quint
        lets be declared `action` and that gives another value (`action claimReward(s, a): Result = ...`)."""
        if name not in self.acting:
            self.acting[name] = True  # (Quint has no recursive definitions; this only stops a loop)
            expr = self.defs[name]["expr"]
            self.acting[name] = self.is_action(expr["expr"] if expr["kind"] == "lambda" else expr)
        return self.acting[name]

    def first_action(self, e: Any) -> str | None:
        """The first action definition that computing the value `e` evaluates (arguments before their operator),
        if any (see `ActionWriter.noted`)."""
        if isinstance(e, list):
            return next(filter(None, map(self.first_action, e)), None)
        if not isinstance(e, dict) or e.get("kind") == "lambda":
            return None
        found = self.first_action(e.get("args", [])) or self.first_action(e.get("opdef", {}).get("expr"))
        if found is None and e.get("kind") == "let":
            found = self.first_action(e["expr"])
        name = e.get("opcode") if e.get("kind") == "app" else e.get("name") if e.get("kind") == "name" else None
        definition = self.defs.get(name)
        return found or (name if definition is not None and definition["qualifier"] == "action" else None)

    def total(self, e: Any) -> bool:
        """Whether computing `e` cannot fail: no operator of `PARTIAL` in it, nor in the definitions it uses,
        and every `match` in it has a `_` case."""
        if isinstance(e, list):
            return all(map(self.total, e))
        if not isinstance(e, dict):
            return True
        name = e.get("opcode") if e.get("kind") == "app" else e.get("name") if e.get("kind") == "name" else None
        if name in PARTIAL or name == "matchVariant" and not any(a.get("value") == "_" for a in e["args"][1::2]):
            return False
        if name in self.defs:
            if name not in self.totals:
                self.totals[name] = False  # (Quint has no recursive definitions; this only stops a loop)
                self.totals[name] = self.total(self.defs[name]["expr"])
            if not self.totals[name]:
                return False
        return all(self.total(x) for key, x in e.items() if key in ("expr", "args", "opdef"))

    def valued(self, definition: dict) -> bool:
        """Whether a definition gives a value (`val`, `def`, and an `action` that does not act, see `acts`)."""
        qualifier = definition["qualifier"]
        return qualifier in VALUE_QUALIFIERS or qualifier == "action" and not self.acts(definition["name"])

    def is_action(self, e: dict, local: frozenset = frozenset()) -> bool:
        """Whether `e` is an action (assigns, branches over steps, or calls an action); `local`: the local
        names that stand for actions (a named action's parameters given actions, see `ActionArg`)."""
        kind = e["kind"]
        if kind == "let":
            return e["opdef"]["qualifier"] == "nondet" or self.is_action(e["expr"], local)
        if kind == "lambda":  # an operator that makes an action, given as an argument
            return self.is_action(e["expr"], local)
        if kind == "name" or kind == "app":
            name = e["name"] if kind == "name" else e["opcode"]
            if name in local:
                return True
            found = self.defs.get(name)
            if found is not None:
                return found["qualifier"] == "action" and self.acts(name)
            if kind == "app":
                if name in ("assign", "actionAll", "actionAny"):
                    return True
                if name in ("ite", "and", "or"):
                    return any(self.is_action(a, local) for a in e["args"])
                if name == "matchVariant":  # a case is a lambda of the variant's value
                    return any(self.is_action(a["expr"] if a["kind"] == "lambda" else a, local) for a in e["args"][2::2])
        return False

    def expr(self, e: dict, scope: dict[str, str], where: str) -> str:
        """Python code for the Quint expression `e`; `scope` maps local names to their code."""
        kind = e["kind"]
        if kind == "int":
            value = parse(str(e["value"]))
            return repr(value) if abs(value) < SMALL_INT else self.element(value)
        if kind == "bool":
            return "True" if e["value"] else "False"
        if kind == "str":
            return repr(e["value"])
        if kind == "name":
            if e["name"] in self.unassigned and e["name"] not in scope:
                return f"not_set({e['name']!r}, {self.place(where, e.get('id'))})"
            return self.name(e["name"], scope, where)
        if kind == "lambda":
            inner = dict(scope)
            names = []
            for param in e["params"]:
                names.append(self.fresh())
                inner[param["name"]] = names[-1]
            return f"(lambda {', '.join(names)}: {self.expr(e['expr'], inner, where)})"
        if kind == "let":
            opdef = e["opdef"]
            if opdef["qualifier"] == "nondet":
                return self.unsupported("nondet (outside an action)", where)
            local, name = self.fresh(), opdef["name"]
            if not _reads(e["expr"], name):  # Quint computes a `val` where it is read: here never
                return self.expr(e["expr"], scope, where)
            value = self.expr(opdef["expr"], scope, where)
            if self.surely_reads(e["expr"], name) or opdef["expr"]["kind"] == "lambda":
                body = self.expr(e["expr"], {**scope, name: local}, where)
                return f"({local} := {value}, {body})[-1]"
            body = self.expr(e["expr"], {**scope, name: f"{local}()"}, where)  # computed where first read
            return f"({local} := Once(lambda: {value}), {body})[-1]"
        if kind == "app":
            return self.app(e, scope, where)
        return self.unsupported(f"expression kind {kind}", where)

    def name(self, name: str, scope: dict[str, str], where: str) -> str:
        if name in scope:
            code = scope[name]
            return code if type(code) is str else self.unsupported(f"the action '{name}' used as a value", where)
        if name in self.var_index:
            return f"S[{self.var_index[name]}]"
        definition = self.defs.get(name)
        if definition is not None:
            if not self.valued(definition):
                return self.unsupported(f"{definition['qualifier']} '{name}' used as a value", where)
            function = "d_" + identifier(name)
            params = self.params(definition)
            if not params and self.state_free(name):
                constant = self.constant(name)
                if constant is not None:
                    return constant
            if params and self.inlinable(definition):
                names = [self.fresh() for _ in params]
                body = self.inline(definition, names)
                if body is not None:
                    return f"(lambda {', '.join(names)}: {body})"
            return f"partial({function}, S)" if params else f"{function}(S)"
        if name in CONSTANTS:
            return CONSTANTS[name]
        return self.unsupported(name, where)

    def app(self, e: dict, scope: dict[str, str], where: str) -> str:
        op, args = e["opcode"], e["args"]
        if op == "matchVariant":
            return self.match(args, scope, where)
        if op == "enabled" and len(args) == 1:
            return self.enabled(args[0], scope, where)
        if op == "setBy" and args[2]["kind"] == "lambda" and len(args[2]["params"]) == 1:
            m, key = (self.expr(a, scope, where) for a in args[:2])
            old, place = self.fresh(), self.place(where, e.get("id"))
            bindings = []
            if not SIMPLE.fullmatch(m):
                bindings.append(f"({(local := self.fresh())} := {m})")
                m = local
            if not SIMPLE.fullmatch(key):
                bindings.append(f"({(local := self.fresh())} := {key})")
                key = local
            new = self.expr(args[2]["expr"], {**scope, args[2]["params"][0]["name"]: old}, where)
            # m.setBy(k, f) = m.set(k, f(m.get(k))), with f's body written in place
            return f"({''.join(b + ', ' for b in bindings)}({old} := {m}[{key}]), map_set({m}, {key}, {new}, {place}))[-1]"
        if op in ("exists", "forall"):
            # Quint computes the body for every element (an error in any is an error), then any or all: where
            # the body cannot fail, stopping at the first true (false) element gives the same
            full = not self.total(args[1])
            elements = self.expr(args[0], scope, where)
            unrolled = self.unrolled(elements, args[1], scope, where, " or " if op == "exists" else " and ", full)
            template = TEMPLATES[op] if full else {"exists": "any(map({1}, {0}))", "forall": "all(map({1}, {0}))"}[op]
            return unrolled or template.format(elements, self.expr(args[1], scope, where))
        if op == "size" and args[0]["kind"] == "app" and args[0]["opcode"] == "filter":
            inner = args[0]["args"]
            elements = self.expr(inner[0], scope, where)
            unrolled = self.unrolled(elements, inner[1], scope, where, " + ")  # how many pass: a sum of booleans
            if unrolled is not None:
                return unrolled
            selected = self.selected(elements, inner[1], scope, where)
            if selected is not None:
                return f"len({selected})"  # how many elements pass, without building the set
            return f"sum(map({self.expr(inner[1], scope, where)}, {elements}))"
        if op in ("fold", "foldl") and op not in self.defs:
            collected = self.collected(e, scope, where)
            if collected is not None:
                return collected
        if op == "select":  # the condition written in place, not called on each element
            selected = self.selected(self.expr(args[0], scope, where), args[1], scope, where)
            if selected is not None:
                return f"QList({selected})"
        if op == "filter":
            elements = self.expr(args[0], scope, where)
            selected = self.selected(f"visited({elements})" if self.ordered else elements, args[1], scope, where)
            if selected is not None:
                return f"listed({selected})" if self.ordered else f"frozenset({selected})"
        code = [self.expr(a, scope, where) for a in args]
        if op in scope:
            if type(scope[op]) is not str:
                return self.unsupported(f"the action '{op}' used as a value", where)
            return f"{scope[op]}({', '.join(code)})"
        definition = self.defs.get(op)
        if definition is not None:
            if not self.valued(definition):
                return self.unsupported(f"{definition['qualifier']} '{op}' used as a value", where)
            inlined = self.inline(definition, code) if self.inlinable(definition) else None
            return inlined or f"d_{identifier(op)}({', '.join(['S', *code])})"
        if self.ordered and op in ORDERED:
            return f"{ORDERED[op]}({', '.join(code)})"
        if op in INFIX and len(code) == 2:
            return f"({code[0]} {INFIX[op]} {code[1]})"
        if op in ("and", "actionAll"):  # `all { ... }` of booleans is their conjunction
            return "(" + " and ".join(code) + ")" if code else "True"
        if op in ("or", "actionAny"):
            return "(" + " or ".join(code) + ")" if code else "False"
        if op == "Rec":
            return self.record(args, code)
        if op == "field":
            record, name = code
            if not SIMPLE.fullmatch(record):  # read once
                local = self.fresh()
                return f"({local} := {record})[{local}[0][{name}]]"
            return f"{record}[{record}[0][{name}]]"
        if op in ("Set", "List", "Tup"):
            items = "".join(c + ", " for c in code)
            made = f"q_set(({items}))" if self.ordered else f"frozenset(({items}))"
            return {"Set": made, "List": f"QList(({items}))", "Tup": f"({items})"}[op]
        if op == "item" and args[1]["kind"] == "int" and int(args[1]["value"]) >= 1:
            i = int(args[1]["value"]) - 1  # `t._2`: the typechecker checked the arity
            return ITEM.findall(code[0])[i] if TUPLE.fullmatch(code[0]) else f"{code[0]}[{i}]"
        if op in CALLS:
            if op in FALLIBLE:
                code.append(str(self.place(where, e.get("id"))))
            return f"{CALLS[op]}({', '.join(code)})"
        if op in TEMPLATES:
            return TEMPLATES[op].format(*code)
        if op == "assert":
            return f"check({code[0]}, {self.place(where, e.get('id'))})"
        if op == "q::debug":
            return f"debug({code[0]}, {code[1]})"
        return self.unsupported(op, where)

    def collected(self, e: dict, scope: dict[str, str], where: str) -> str | None:
        """A fold that collects (`S.fold(Set(), (acc, x) => acc.union(E))`, `l.foldl([], (acc, x) =>
        acc.append(E))`, acc not in E) as one union or one list of the E's, made once (a fold of n `union`s or
        `append`s copies its accumulator n times); None for another fold. A union of sets in the order Quint
        visits them is not one union (see `checker.quint.order`): there, `append` only."""
        source, initial, f = e["args"]
        if f["kind"] != "lambda" or len(f["params"]) != 2 or f["expr"]["kind"] != "app":
            return None
        acc, x = (p["name"] for p in f["params"])
        body = f["expr"]
        if body["opcode"] not in ("union", "append") or not _is(body["args"][0], acc) or _reads(body["args"][1], acc):
            return None
        if body["opcode"] == "union" and self.ordered:
            return None
        elements, start = self.expr(source, scope, where), self.expr(initial, scope, where)
        if e["opcode"] == "fold" and body["opcode"] == "append":  # in the order a fold visits the set
            elements = f"visited({elements})" if self.ordered else f"ordered({elements})"
        added = body["args"][1]
        if body["opcode"] == "union" and added["kind"] == "app" and added["opcode"] == "Set":
            if [_is(a, x) for a in added["args"]] == [True]:  # `acc.union(Set(x))`: the elements themselves
                return f"fold_union_items({elements}, {start}, None)"
            local = self.fresh()
            items = "".join(self.expr(a, {**scope, x: local}, where) + ", " for a in added["args"])
            return f"fold_union_items({elements}, {start}, lambda {local}: ({items}))"
        if body["opcode"] == "append" and _is(added, x):
            return f"fold_append({elements}, {start}, None)"
        local = self.fresh()
        each = self.expr(added, {**scope, x: local}, where)
        made = "fold_union" if body["opcode"] == "union" else "fold_append"
        return f"{made}({elements}, {start}, lambda {local}: {each})"

    def enabled(self, action: dict, scope: dict[str, str], where: str) -> str:
        """`enabled(A)`: whether action A can take a step from the state (its locals passed along)."""
        compiled = self.compile_expression_action(action, tuple(scope), where)
        key = self.fresh("e_")
        self.namespace[key] = compiled.writer.function("enabled")
        given = "{" + ", ".join(f"{name!r}: {code}" for name, code in scope.items()) + "}"
        return f"{key}(S, {given})"

    def selected(self, elements: str, condition: dict, scope: dict[str, str], where: str) -> str | None:
        """A list comprehension of the `elements` (code) that `condition` (a Quint lambda) keeps, in their
        order, its body written in place (faster than calling a lambda on each); None where Python
        allows none (the lambda is not of one parameter, or `elements` assigns, as `:=` in it would)."""
        if ":=" in elements:
            return None
        local = self.fresh()
        body = self.applied(condition, local, scope, where)
        return None if body is None else f"[{local} for {local} in {elements} if {body}]"

    def applied(self, f: dict, argument: str, scope: dict[str, str], where: str) -> str | None:
        """Code for operator `f` applied to `argument` (code in `SIMPLE`): a lambda's body written in place, an
        operator of one parameter's too when small (see `inline`), else its call; None for another `f`."""
        if f["kind"] == "lambda" and len(f["params"]) == 1:
            return self.expr(f["expr"], {**scope, f["params"][0]["name"]: argument}, where)
        definition = self.defs.get(f["name"]) if f["kind"] == "name" and f["name"] not in scope else None
        if definition is None or not self.valued(definition) or len(self.params(definition)) != 1:
            return None
        inlined = self.inline(definition, [argument]) if self.inlinable(definition) else None
        return inlined or f"d_{identifier(f['name'])}(S, {argument})"

    def unrolled(
        self, elements: str, f: dict, scope: dict[str, str], where: str, joiner: str, full: bool = False
    ) -> str | None:  # fmt: skip
        """`S.exists(f)` (`joiner` " or "), `S.forall(f)` (" and ") or `S.filter(f).size()` (" + ") written
        out when S (code `elements`) is a small constant set (see `bodies`); None when it cannot be. `full`:
        every body is computed, then `any` or `all` of them (else the first true or false one decides)."""
        bodies = self.bodies(elements, f, scope, where)
        if bodies is None:
            return None
        if not bodies:
            return {" or ": "False", " and ": "True", " + ": "0"}[joiner]
        if full and joiner != " + ":
            return f"{'any' if joiner == ' or ' else 'all'}((" + "".join(f"({body}), " for body in bodies) + "))"
        if joiner == " + " and len(bodies) == 1:
            bodies.insert(0, "0")  # an integer, not the boolean alone
        return "(" + joiner.join(f"({body})" for body in bodies) + ")"

    def bodies(
        self, elements: str, f: dict, scope: dict[str, str], where: str, limit: int = UNROLL_CODE
    ) -> list[str] | None:
        """f's body once per element of `elements`, the code of a small constant set (or of its `ordered`
        list), each element a constant there (so nested sets and tuples of constants unroll and fold too).
        In the order Python iterates the set (or the list), as `any(map(f, S))` (or a filter) takes them:
        an error is met where it was. None when `elements` is not such a set, f is not an operator
        `applied` writes, or the bodies' code is longer than `limit`."""
        values = self.namespace.get(elements) if re.fullmatch(r"o?k_\w+", elements) else None
        if type(values) not in (frozenset, order.QSet, list) or len(values) > UNROLL_SIZE:
            return None
        if self.unrolling * len(values) > UNROLL_BODIES:
            return None
        self.unrolling *= max(len(values), 1)
        try:
            bodies, size = [], 0
            for value in values:
                body = self.applied(f, self.element(value), scope, where)
                if body is None or (size := size + len(body)) > limit:
                    return None
                bodies.append(body)
            return bodies
        finally:
            self.unrolling //= max(len(values), 1)

    def element(self, value: Any) -> str:
        """Code for an element of a constant set: a literal for a number, a string, or a tuple of those;
        else a global holding it (named `k_0e...`: no definition's, as Quint's names start with a letter)."""
        literal = _literal(value)
        if literal is not None:
            return literal
        key = self.fresh("k_0e")
        self.namespace[key] = value
        return key

    def record(self, args: list, code: list[str]) -> str:
        """A record `QRecord`: its `Fields` (a global), then the values in name order, each computed
        in the order written (in a local first, when that order differs and computing may fail)."""
        names = [a["value"] for a in args[0::2]]
        values = code[1::2]
        layout = runtime.fields(names)
        key = self.layouts.get(layout)
        if key is None:
            key = self.layouts[layout] = self.fresh("F")
            self.namespace[key] = layout
        bindings = []
        if names != sorted(names):
            for i, value in enumerate(values):
                if not SIMPLE.fullmatch(value):
                    values[i] = self.fresh()
                    bindings.append(f"({values[i]} := {value}), ")
        ordered = dict(zip(names, values))
        tuple_code = f"mk(QRecord, ({key}, {''.join(ordered[name] + ', ' for name in layout.names)}))"
        return f"({''.join(bindings)}{tuple_code})[-1]" if bindings else tuple_code

    def match(self, args: list, scope: dict[str, str], where: str, place: int | None = None) -> str:
        """`match e { | Tag(x) => ... }`: a chain of conditional expressions on the variant's tag,
        each case's body written with `x` read from the variant (no call). A variant is a tuple
        (tag, value): `v[0]` reads its tag faster than `v.tag`."""
        subject = self.fresh()
        cases = []
        for i in range(1, len(args), 2):
            tag, body = args[i]["value"], args[i + 1]
            if body["kind"] == "lambda" and len(body["params"]) == 1:
                code = self.expr(body["expr"], {**scope, body["params"][0]["name"]: f"{subject}[1]"}, where)
            else:
                code = f"{self.expr(body, scope, where)}({subject}[1])"
            cases.append((tag, code))
        value = self.expr(args[0], scope, where)
        default = next((body for tag, body in cases if tag == "_"), None)
        code = default or f"no_case({subject}, {self.place(where, args[0].get('id'))})"
        tests = [(tag, body) for tag, body in cases if tag != "_"]
        if not tests:
            return f"({subject} := {value}, {code})[-1]"
        if len(tests) == 1 and {tests[0][1], default} == {"True", "False"}:  # `| Empty => true | _ => false`
            return f"({value}[0] {'==' if tests[0][1] == 'True' else '!='} {tests[0][0]!r})"
        for i, (tag, body) in reversed(list(enumerate(tests))):
            tested = f"({subject} := {value})" if i == 0 else subject
            code = f"({body} if {tested}[0] == {tag!r} else {code})"
        return code

    def applies(self, e: Any, operators: frozenset) -> bool:
        """Whether `e` applies one of `operators`, itself or through the definitions it names (not
        counting the action `enabled(A)` asks about)."""
        if isinstance(e, list):
            return any(self.applies(x, operators) for x in e)
        if not isinstance(e, dict):
            return False
        name = e.get("opcode") if e.get("kind") == "app" else e.get("name") if e.get("kind") == "name" else None
        if name in operators:
            return True
        if name == "enabled":
            return False
        if name in self.defs:
            key = (name, operators)
            if key not in self.uses:
                self.uses[key] = False  # (Quint has no recursive definitions; this only stops a loop)
                self.uses[key] = self.applies(self.defs[name]["expr"], operators)
            if self.uses[key]:
                return True
        return any(self.applies(x, operators) for key, x in e.items() if key in ("expr", "args", "opdef"))

    def state_free(self, name: str) -> bool:
        """Whether definition `name` reads no state variable, itself or through the definitions it uses."""
        if name not in self.free:
            self.free[name] = False  # (Quint has no recursive definitions; this only stops a loop)
            self.free[name] = not self.reads_state(self.defs[name]["expr"])
        return self.free[name]

    def reads_state(self, e: Any) -> bool:
        if isinstance(e, list):
            return any(self.reads_state(x) for x in e)
        if not isinstance(e, dict):
            return False
        name = e.get("name") if e.get("kind") == "name" else e.get("opcode") if e.get("kind") == "app" else None
        if name in self.var_index or name in self.unassigned or (name in self.defs and not self.state_free(name)):
            return True
        return any(self.reads_state(x) for key, x in e.items() if key in ("expr", "args", "opdef"))

    def constant(self, name: str) -> str | None:
        """A global holding the value of a definition that reads no state (computed once, now);
        None when computing it fails (then each use computes it, and reports the error there)."""
        key = "k_" + identifier(name)
        if key not in self.namespace:
            try:
                code = self.expr(self.defs[name]["expr"], {}, name)
                self.namespace[key] = eval(compile(code, "<quint>", "eval"), self.namespace, {"S": None})
            except Exception:  # noqa: BLE001 - an error is reported where the value is used
                self.namespace[key] = _MISS
        return None if self.namespace[key] is _MISS else key

    def constant_elements(self, constant: str) -> str | None:
        """A global holding the elements of the constant set `constant` in `ordered` order
        (None when it has none: an infinite set, reported where a nondet meets it)."""
        key = "o" + constant
        if key not in self.namespace:
            try:
                self.namespace[key] = runtime.ordered(self.namespace[constant])
            except (QuintError, TypeError):
                return None
        return key

    def inlinable(self, definition: dict) -> bool:
        """Whether calls of a user operator are written as its body (small operators with parameters)."""
        name = definition["name"]
        if name not in self.small:
            expr = definition["expr"]
            self.small[name] = expr["kind"] == "lambda" and _size(expr) <= INLINE_SIZE
        return self.small[name] and self.inlining < MAX_INLINING

    def inline(self, definition: dict, code: list[str]) -> str | None:
        """The body of a user operator applied to arguments `code` (each evaluated once, in order); None
        when that body is longer than `INLINE_CODE` (one written out over a constant set, see `unrolled`):
        a call of the operator's function then costs less than compiling its body again at each use."""
        expr = definition["expr"]
        if (definition["name"], *code) in self.long:
            return None
        scope, bindings = {}, []
        for param, argument in zip(expr["params"], code):
            if SIMPLE.fullmatch(argument):
                scope[param["name"]] = argument
            else:
                scope[param["name"]] = local = self.fresh()
                bindings.append(f"({local} := {argument})")
        self.inlining += 1
        body = self.expr(expr["expr"], scope, definition["name"])
        self.inlining -= 1
        if len(body) > INLINE_CODE:
            self.long.add((definition["name"], *code))
            return None
        return f"({', '.join(bindings)}, {body})[-1]" if bindings else body

    def unsupported(self, what: str, where: str) -> str:
        """Code that raises, where it is evaluated, the error that `what` is refused (see `REFUSED`)."""
        return f"unsupported({what!r})"

    def _define_values(self) -> None:
        """One Python function per value definition; those without parameters remember their last state."""
        source = []
        for name, definition in self.defs.items():
            if not self.valued(definition):
                continue
            function, place = "d_" + identifier(name), self.place(name, definition["expr"].get("id"))
            expr = definition["expr"]
            handler = f"    except QuintError as e:\n        located(e, {place})\n"
            if expr["kind"] == "lambda":
                scope = {p["name"]: self.fresh() for p in expr["params"]}
                body = self.expr(expr["expr"], scope, name)
                source.append(
                    f"def {function}(S, {', '.join(scope.values())}):\n    try:\n        return {body}\n{handler}"
                )
                continue
            body = self.expr(expr, {}, name)
            if definition["qualifier"].startswith("pure"):
                source.append(
                    f"def {function}(S, c=[_MISS, None]):\n    if c[0] is not _MISS:\n        return c[1]\n"
                    f"    try:\n        v = {body}\n{handler}    c[0] = S\n    c[1] = v\n    return v\n"
                )
                continue
            # the last state's value; when sampling, where states recur, the values of recent states too
            source.append(
                f"def {function}(S, c=[_MISS, None, {{}}], m=MEMO):\n    if c[0] is S:\n        return c[1]\n"
                f"    if m[0]:\n        v = c[2].get(S, _MISS)\n        if v is not _MISS:\n"
                f"            c[0] = S\n            c[1] = v\n            return v\n"
                f"    try:\n        v = {body}\n{handler}    c[0] = S\n    c[1] = v\n"
                f"    if m[0]:\n        if len(c[2]) >= MEMO_LIMIT:\n            c[2].clear()\n        c[2][S] = v\n    return v\n"
            )
        exec(compile("\n".join(source), "<quint>", "exec"), self.namespace)

    def kept(self, e: dict, scope: dict[str, str], where: str) -> str | None:
        """Code for the set `e` a `nondet` draws from, kept as its definition when `e` makes it with one of
        `KEPT` (a draw then builds none of it); None for another set."""
        if e["kind"] != "app" or e["opcode"] not in KEPT or e["opcode"] in self.defs or e["opcode"] in scope:
            return None
        made = KEPT[e["opcode"]].format(", ".join(self.expr(a, scope, where) for a in e["args"]))
        return made if e["opcode"] == "to" else f"kept({made})"

    def function(self, e: dict, locals_: tuple[str, ...], where: str, draw: bool = False) -> Callable[[Any, dict], Any]:
        """`e` as a Python function of the state S and a dict L of the locals `locals_`; `draw`: `e` is a set a
        `nondet` draws from (see `kept`)."""
        scope = {name: f"L[{name!r}]" for name in locals_}
        code = (self.kept(e, scope, where) if draw else None) or self.expr(e, scope, where)
        place = self.place(where, e.get("id"))
        source = f"def f(S, L):\n    try:\n        return {code}\n    except QuintError as e:\n        located(e, {place})\n"
        exec(compile(source, "<quint>", "exec"), self.namespace)
        return self.namespace.pop("f")

    def remember_states(self) -> None:
        """From now on, state definitions remember their values in recent states, not only in the last
        one: for sampling, which meets the same states again and again (a search meets each once)."""
        self.namespace["MEMO"][0] = True

    def value(self, name: str) -> Callable[[Any], Any]:
        """The value definition `name` (without parameters) as a function of the state."""
        return self.namespace["d_" + identifier(name)]

    # ---- actions ---------------------------------------------------------------

    def assigned_from(self, roots: Iterable[str]) -> set[str]:
        """The variables that the actions reached from `roots` assign."""
        seen, todo, assigned = set(), list(roots), set()
        while todo:
            name = todo.pop()
            if name in seen or name not in self.defs:
                continue
            seen.add(name)
            stack = [self.defs[name]["expr"]]
            while stack:
                e = stack.pop()
                if isinstance(e, list):
                    stack.extend(e)
                elif isinstance(e, dict):
                    called = e.get("name") if e.get("kind") == "name" else e.get("opcode")
                    if called == "assign" and e.get("kind") == "app":
                        assigned.add(e["args"][0]["name"])
                    elif called in self.defs:
                        todo.append(called)
                    stack.extend(x for key, x in e.items() if key in ("expr", "args", "opdef"))
        return assigned

    def compile_action(self, name: str, initial: bool = False) -> Compiled:
        """The top-level action `name` as `steps(S)`, `states(S)` and `tree(S)` (see the module docstring)."""
        return Compiled(ActionWriter(self, name, initial))

    def compile_expression_action(self, e: dict, locals_: tuple[str, ...], where: str) -> Compiled:
        """The action expression `e` of definition `where` (`enabled(A)`, a step of a run), whose free local
        names `locals_` its functions read from their last argument, a dict L."""
        return Compiled(ActionWriter(self, where, False, expr=e, locals_=locals_))

    def makes_choice(self, e: dict) -> bool:
        """Whether an action's own body has a `nondet`, an `any` or an `if` over actions."""
        if e["kind"] == "let":
            return e["opdef"]["qualifier"] == "nondet" or self.makes_choice(e["expr"])
        if e["kind"] == "app" and e["opcode"] not in self.defs:
            if e["opcode"] in ("actionAny", "ite", "matchVariant") and self.is_action(e):
                return True
            return any(self.makes_choice(a) for a in e["args"] if isinstance(a, dict) and "kind" in a)
        if e["kind"] == "lambda":
            return self.makes_choice(e["expr"])
        return False

    def disjunct_name(self, e: dict, position: int, action: str) -> str | None:
        """The label of an `any` disjunct that is not a named action: after its leading
        condition (`gameOver` -> `GameOver`), plus `Stutter` when it changes no variable."""
        while e["kind"] == "let":  # `nondet x = S.oneOf() A(x)`: named after the action it calls, if any
            e = e["expr"]
        if e["kind"] in ("name", "app") and e.get("name", e.get("opcode")) in self.defs:
            return None
        parts = e["args"] if e["kind"] == "app" and e["opcode"] in ("actionAll", "and") else [e]
        first = parts[0] if parts else e
        if first["kind"] == "name" and not self.is_action(first):
            name = first["name"][0].upper() + first["name"][1:]
        else:
            name = f"{action}#{position}"
        assigns = [p for p in parts if p["kind"] == "app" and p["opcode"] == "assign"]
        if assigns and all(
            p["args"][1]["kind"] == "name" and p["args"][1]["name"] == p["args"][0]["name"] for p in assigns
        ):
            name += "Stutter"
        return name


Continuation = Callable[[Ctx, int], None]


class ActionWriter:
    """Writes the Python source of one action, in one of these modes:

    "steps" appends `(Label, state)` to `out` at each leaf, "states" appends the
    state alone, "tree" returns the state's tree of choices (see `runtime.walk`): each
    `any` or `nondet` a `Choice` (a `Draw` for a set too large to enumerate) whose branches
    are a function of their own, where the end of the choice's scope is an `Exit` to what
    follows it, written there (it cannot choose again); "enabled" returns whether some leaf
    is reached (`enabled(A)`).

    The action is the top-level one `name`, or the expression `expr` (of definition `name`)
    whose local names `locals_` are read from the functions' last argument, a dict L.
    A variable the action does not assign is left unset (`Unset`, in a `Partial` state),
    as Quint's simulator leaves it.
    """

    def __init__(
        self, program: Program, name: str, initial: bool, expr: dict | None = None, locals_: tuple[str, ...] = ()
    ):  # fmt: skip
        self.program = program
        self.name = name
        self.action_expr = program.defs[name]["expr"] if expr is None else expr
        self.locals = locals_
        self.label = "InitLabel" if initial else "Label"
        #: leaves in the order the code reaches them; one per place the action succeeds
        self.leaves: list[Leaf] = []
        #: (path, pick names) -> (action taken, recorded picks) of the leaves so far
        self.known: dict[tuple, tuple] = {}
        self.nondets: set[str] = set()
        self.lines: list[str] = []
        self.mode = "steps"
        self.nesting = 0

    def function(self, mode: str) -> Callable:
        self.mode, self.lines, self.nesting = mode, [], 0
        self.write(0, "def f(S, L=None):")
        if mode in ("steps", "states"):
            self.write(1, "result = []")
            self.write(1, "out = result.append")
        self.write(1, "at = 0")
        self.write(1, "try:")
        start = Ctx(scope={name: f"L[{name!r}]" for name in self.locals}, taken=self.name, action=self.name)
        namespace = self.program.namespace
        try:  # the body's nondets counted, then the code compiled, within Python's limits on nesting
            self.body(self.action_expr, start, self.leaf, 2)
            self.write(1, "except QuintError as e:")
            self.write(2, "located(e, at)")
            self.write(1, {"tree": "return None", "enabled": "return False"}.get(mode, "return result"))
            exec(compile("\n".join(self.lines) + "\n", f"<quint {self.name} {mode}>", "exec"), namespace)
        except (SyntaxError, RecursionError, MemoryError):
            raise QuintError(
                f"the action '{self.name}' is nested too deeply to be compiled "
                f"(at most {MAX_NESTING} nested nondet, and Python's limit on nested blocks)"
            ) from None
        return namespace.pop("f")

    def write(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def at(self, ctx: Ctx, e: dict, indent: int) -> None:
        """Errors from here on are reported at `e`, in the action `ctx.action`."""
        line = "    " * indent + f"at = {self.program.place(ctx.action, e.get('id'))}"
        if self.lines and self.lines[-1].lstrip().startswith("at = ") and self.lines[-1].startswith("    " * indent + "at"):
            self.lines[-1] = line  # nothing ran since the last mark
        else:
            self.lines.append(line)

    def expr(self, e: dict, ctx: Ctx) -> str:
        return self.program.expr(e, ctx.scope, ctx.action)

    # ---- the parts of an action -------------------------------------------------

    def body(self, e: dict, ctx: Ctx, k: Continuation, indent: int, chosen: bool = False) -> None:
        """Write the code of action `e`, then `k` where it succeeds. `chosen`: `e` is a disjunct of
        `any` or a branch of `if`, so a named action there names the step even when it makes no choice."""
        program = self.program
        kind = e["kind"]
        if kind == "let":
            return self.let(e, ctx, k, indent, chosen)
        if kind in ("name", "app"):
            name = e["name"] if kind == "name" else e["opcode"]
            if type(ctx.scope.get(name)) is ActionArg:
                return self.passed(e, ctx.scope[name], ctx, k, indent, chosen)
            definition = program.defs.get(name)
            if definition is not None and definition["qualifier"] == "action" and name not in ctx.scope:
                return self.call(e, name, ctx, k, indent, chosen)
        if kind == "app" and program.is_action(e, self.local_actions(ctx)):
            op, args = e["opcode"], e["args"]
            if op == "assign":
                return self.assign(e, ctx, k, indent)
            if op in ("actionAll", "and"):
                return self.all(args, ctx, k, indent)
            if op in ("actionAny", "or"):
                return self.any(args, ctx, k, indent, forgets=op == "actionAny")
            if op == "ite":
                return self.ite(e, ctx, k, indent)
            if op == "matchVariant":
                return self.match(e, ctx, k, indent)
            return self.fail(ctx, e, f"the Quint operator '{op}' is not supported yet", indent)
        self.at(ctx, e, indent)
        self.write(indent, f"if {self.expr(e, ctx)}:")
        k(self.noted(e, ctx), indent + 1)
        if ctx.exits:  # after a choice ended, failing is what follows it failing: the choice made stands
            self.write(indent, "else:")
            self.write(indent + 1, f"return {self.wrap(ctx, 'None')}")

    def noted(self, e: dict, ctx: Ctx) -> Ctx:
        """`ctx` after the value `e` is computed: Quint records as the action taken, if none is yet, any action
        definition it evaluates, one that gives a value too (`fromResult(tx, multiBuy(...))` records `multiBuy`)."""
        if ctx.taken is not None:
            return ctx
        called = self.program.first_action(e)
        return ctx if called is None else replace(ctx, taken=called)

    @staticmethod
    def local_actions(ctx: Ctx) -> frozenset:
        """The local names that stand for actions given as arguments."""
        return frozenset(name for name, code in ctx.scope.items() if type(code) is ActionArg)

    def passed(self, e: dict, given: ActionArg, ctx: Ctx, k: Continuation, indent: int, chosen: bool) -> None:
        """`f(v)`, `f` a parameter given an operator that makes an action (a lambda, or a named action with
        parameters): its body, evaluated where it was written, its parameters bound to the arguments here."""
        args = e.get("args", []) if e["kind"] == "app" else []
        source, outer = given.expr, ctx
        if source["kind"] == "name":  # a named action: its name was recorded when it was given
            return self.call({**e, "opcode": source["name"]}, source["name"], ctx, k, indent, chosen, records=False)
        if len(source["params"]) != len(args):
            return self.fail(ctx, e, f"an operator of {len(source['params'])} parameters applied to {len(args)}", indent)

        def bound(after: Ctx, values: dict, at: int) -> None:
            inner = replace(after, scope={**given.scope, **values}, action=given.action)
            back = lambda done, end: k(replace(done, scope=outer.scope, action=outer.action), end)  # noqa: E731
            self.body(source["expr"], inner, back, at, chosen)

        self.arguments([p["name"] for p in source["params"]], args, ctx, bound, indent)

    def arguments(self, params: list[str], args: list, ctx: Ctx, k: Callable[[Ctx, dict, int], None], indent: int) -> None:
        """Bind `params` to `args` in order, as Quint evaluates them before the operator: a value to its code; an
        action to `True` once it has taken its step here (Quint evaluates it now, whether or not the operator
        reads it); an operator that makes an action (a lambda, or a named action with parameters, whose name
        Quint records now) to an `ActionArg`, evaluated where the operator applies it. Then `k(ctx, values)`."""
        values: dict = {}
        program = self.program

        def bind(i: int, now: Ctx, at: int) -> None:
            if i == len(args):
                return k(now, values, at)
            arg, param = args[i], params[i]
            name = arg["name"] if arg["kind"] == "name" else None
            if name is not None and type(now.scope.get(name)) is ActionArg:  # given on
                values[param] = now.scope[name]
                return bind(i + 1, now, at)
            local = self.local_actions(now)
            definition = program.defs.get(name) if name is not None and name not in now.scope else None
            operator = definition is not None and definition["qualifier"] == "action" and program.params(definition)
            if operator or arg["kind"] == "lambda" and program.is_action(arg, local):
                values[param] = ActionArg(arg, now.scope, now.action)
                if operator:
                    now = replace(now, taken=now.taken if now.taken is not None else name)
                return bind(i + 1, now, at)
            if program.is_action(arg, local):
                values[param] = "True"
                scope = now.scope
                return self.body(arg, now, lambda after, end: bind(i + 1, replace(after, scope=scope), end), at)
            code = self.expr(arg, now)
            now = self.noted(arg, now)
            if SIMPLE.fullmatch(code):
                values[param] = code
            else:
                values[param] = program.fresh("a")
                self.write(at, f"{values[param]} = {code}")
            bind(i + 1, now, at)

        bind(0, ctx, indent)

    def wrap(self, ctx: Ctx, node: str) -> str:
        """The code of `node` as the function being written returns it: in an `Exit` per choice ended in it."""
        return "Exit(" * ctx.exits + node + ")" * ctx.exits

    def fail(self, ctx: Ctx, e: dict, message: str, indent: int) -> None:
        """Code that reports `message`, a construct ttt-check refuses, as an error where it is reached."""
        self.at(ctx, e, indent)
        self.write(indent, f"raise Refused({message!r})")

    def assign(self, e: dict, ctx: Ctx, k: Continuation, indent: int) -> None:
        variable = e["args"][0]["name"]
        if variable not in self.program.var_index:
            return self.fail(ctx, e, f"'{variable}' is not a state variable", indent)
        if any(name == variable for name, _ in ctx.assigned):
            return self.fail(ctx, e, f"variable '{variable}' is assigned twice in one step", indent)
        local = self.program.fresh("n")
        self.at(ctx, e["args"][1], indent)
        self.write(indent, f"{local} = {self.expr(e['args'][1], ctx)}")
        after = replace(self.noted(e["args"][1], ctx), assigned=ctx.assigned + ((variable, local),))
        if self.mode != "tree":
            return k(after, indent)
        # a replay looks for the steps into one state (`runtime.TARGET`): a branch that assigns another value is cut
        self.write(indent, f"if TARGET[0] is None or {local} == TARGET[0][{self.program.var_index[variable]}]:")
        k(after, indent + 1)
        if ctx.exits:
            self.write(indent, "else:")
            self.write(indent + 1, f"return {self.wrap(ctx, 'None')}")

    def all(self, parts: list, ctx: Ctx, k: Continuation, indent: int) -> None:
        if not parts:
            return k(ctx, indent)
        first, rest = parts[0], parts[1:]
        self.body(first, ctx, lambda after, at: self.all(rest, after, k, at), indent)

    def any(self, options: list, ctx: Ctx, k: Continuation, indent: int, forgets: bool) -> None:
        """Each disjunct in turn (in "tree" mode, a `Choice` among them)."""
        branches = []
        for position, option in enumerate(options, start=1):
            name = self.program.disjunct_name(option, position, ctx.action)
            start = replace(ctx, path=ctx.path + ((name,) if name else ()))
            if forgets:  # Quint's `any` resets the action taken and the picks before each disjunct
                start = replace(start, taken=None, recorded=())
            branches.append((option, start))
        if self.mode != "tree":
            for option, start in branches:
                self.body(option, start, k, indent, chosen=True)
            return

        def branch(inner: Ctx, ret: Continuation, at: int) -> None:
            for i, (option, start) in enumerate(branches):
                self.write(at, f"{'if' if i == 0 else 'elif'} i == {i}:")
                self.body(option, replace(start, scope=inner.scope, exits=0), ret, at + 1, chosen=True)

        self.choice(ctx, k, indent, lambda function: f"Choice({len(branches)}, {function}, True)", branch)

    def ite(self, e: dict, ctx: Ctx, k: Continuation, indent: int) -> None:
        condition, then, otherwise = e["args"]
        self.at(ctx, condition, indent)
        self.write(indent, f"if {self.expr(condition, ctx)}:")
        ctx = self.noted(condition, ctx)
        self.body(then, ctx, k, indent + 1, chosen=True)
        self.write(indent, "else:")
        self.body(otherwise, ctx, k, indent + 1, chosen=True)

    def match(self, e: dict, ctx: Ctx, k: Continuation, indent: int) -> None:
        """`match v { | A(x) => action | _ => action }`: the first case of v's tag (or `_`), as an `if` chain."""
        args = e["args"]
        subject = self.program.fresh("m")
        self.at(ctx, args[0], indent)
        self.write(indent, f"{subject} = {self.expr(args[0], ctx)}")
        ctx = self.noted(args[0], ctx)
        outer = ctx.scope
        first = True
        for i in range(1, len(args), 2):
            tag, case = args[i]["value"], args[i + 1]
            if tag == "_":
                self.write(indent, "if True:" if first else "else:")
            else:
                self.write(indent, f"{'if' if first else 'elif'} {subject}[0] == {tag!r}:")
            first = False
            if case["kind"] == "lambda" and len(case["params"]) == 1:
                inner = replace(ctx, scope={**outer, case["params"][0]["name"]: f"{subject}[1]"})
                self.body(case["expr"], inner, lambda after, at: k(replace(after, scope=outer), at), indent + 1, True)
            else:
                self.body(case, ctx, k, indent + 1, True)
            if tag == "_":
                return
        self.write(indent, "else:")
        self.write(indent + 1, f"no_case({subject}, {self.program.place(ctx.action, args[0].get('id'))})")

    def let(self, e: dict, ctx: Ctx, k: Continuation, indent: int, chosen: bool = False) -> None:
        opdef = e["opdef"]
        name, outer = opdef["name"], ctx.scope
        if opdef["qualifier"] != "nondet":
            local_code = None
            if _reads(e["expr"], name):  # Quint computes a `val` where it is read: if never, not at all
                local = self.program.fresh("v")
                value = self.expr(opdef["expr"], ctx)
                self.at(ctx, opdef["expr"], indent)
                if self.program.surely_reads(e["expr"], name) or opdef["expr"]["kind"] == "lambda":
                    self.write(indent, f"{local} = {value}")
                    local_code = local
                else:  # computed where first read
                    self.write(indent, f"{local} = Once(lambda: {value})")
                    local_code = f"{local}()"
                ctx = self.noted(opdef["expr"], ctx)
            inner = replace(ctx, scope={**outer, name: local_code} if local_code else outer)
            return self.body(e["expr"], inner, lambda after, at: k(replace(after, scope=outer), at), indent, chosen)
        source = opdef["expr"]
        if not (source["kind"] == "app" and source["opcode"] == "oneOf"):
            what = source["opcode"] if source["kind"] == "app" else ""
            return self.fail(ctx, source, REFUSED.get(what, "nondet without oneOf is not supported"), indent)
        local = self.program.fresh("x")
        self.nondets.add(name)

        def picked(after: Ctx, at: int) -> None:
            """The body held: Quint records the pick, and the scope of `name` ends."""
            position = next(i for i, (_, code) in enumerate(after.picks) if code == local)
            k(replace(after, scope=outer, recorded=after.recorded + (position,)), at)

        def inside(inner: Ctx, ret: Continuation, at: int) -> None:
            """The body of the `nondet` with its pick in `local`."""
            body = replace(inner, scope={**inner.scope, name: local}, picks=inner.picks + ((name, local),))
            self.body(e["expr"], body, ret, at, chosen)

        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise SyntaxError("too deeply nested")
        self.at(ctx, source["args"][0], indent)
        elements = self.elements(source["args"][0], ctx)
        ctx = self.noted(source["args"][0], ctx)
        if self.mode != "tree":
            self.write(indent, f"for {local} in {elements}:")
            inside(ctx, picked, indent + 1)
        else:
            elements_local = self.program.fresh("e")
            kept = self.program.kept(source["args"][0], ctx.scope, ctx.action)
            if kept is not None:  # drawn without building it
                elements = f"drawable({kept})"
            elif elements.startswith("ordered("):  # a set too large to enumerate gives one element drawn, as Quint's simulator
                elements = f"drawable({elements[len('ordered('):]}"
            self.write(indent, f"{elements_local} = {elements}")

            def branch(inner: Ctx, ret: Continuation, at: int) -> None:
                self.write(at, f"{local} = {elements_local}[i]")
                inside(inner, ret, at)

            self.choice(ctx, picked, indent, lambda function: f"choose({elements_local}, {function}, {name!r})", branch)
        self.nesting -= 1

    def elements(self, e: dict, ctx: Ctx) -> str:
        """Code for the elements of set `e` in the order a `nondet` visits them. A filtered set is
        filtered in that order, which it keeps (instead of building the set, then sorting it)."""
        if e["kind"] == "app" and e["opcode"] == "filter":
            elements = self.elements(e["args"][0], ctx)
            bodies = self.program.bodies(elements, e["args"][1], ctx.scope, ctx.action, UNROLL_NONDET_CODE)
            if bodies is not None:  # a small constant set: the condition written out for each element
                return f"list(compress({elements}, ({''.join(f'({body}), ' for body in bodies)})))"
            selected = self.program.selected(elements, e["args"][1], ctx.scope, ctx.action)
            return selected or f"list(filter({self.expr(e['args'][1], ctx)}, {elements}))"
        code = self.expr(e, ctx)
        if re.fullmatch(r"k_\w+", code):  # a constant set: ordered once
            return self.program.constant_elements(code) or f"ordered({code})"
        return f"ordered({code})"

    def choice(self, ctx: Ctx, k: Continuation, indent: int, node: Callable[[str], str], branch) -> None:
        """In "tree" mode: return the choice `node(function)` (its code, given its function of the branches), whose
        branches `branch(ctx, end, indent)` writes into a function of `i`, the branch taken. Where the choice's scope ends, what follows it (`k`) is written
        there, in one more `Exit`: the walk takes the first branch that reaches its end, then what follows."""
        function = self.program.fresh("c")

        def end(after: Ctx, at: int) -> None:
            k(replace(after, exits=after.exits + 1), at)

        self.write(indent, f"def {function}(i):")
        self.write(indent + 1, "at = 0")
        self.write(indent + 1, "try:")
        branch(replace(ctx, exits=0), end, indent + 2)
        self.write(indent + 1, "except QuintError as e:")
        self.write(indent + 2, "located(e, at)")
        self.write(indent, f"return {self.wrap(ctx, node(function))}")

    def call(
        self, e: dict, name: str, ctx: Ctx, k: Continuation, indent: int, chosen: bool, records: bool = True
    ) -> None:  # fmt: skip
        """The named action `name` applied to the arguments of `e` (see `arguments`); `records`: entering it
        records it as the action taken, if none is yet (not when it was given as an argument, see `passed`)."""
        program = self.program
        definition = program.defs[name]
        params = program.params(definition)
        args = e.get("args", []) if e["kind"] == "app" else []
        if len(args) != len(params):
            return self.fail(ctx, e, f"action '{name}' applied to {len(args)} arguments", indent)
        if args:
            self.at(ctx, e, indent)
        named = chosen or program.makes_choice(definition["expr"])
        body = definition["expr"]["expr"] if params else definition["expr"]
        outer = ctx

        def enter(now: Ctx, scope: dict, at: int) -> None:
            inner = replace(
                now,
                scope=scope,
                path=now.path + ((name,) if named else ()),
                taken=now.taken if now.taken is not None or not records else name,
                action=name,
            )
            self.body(body, inner, lambda after, end: k(replace(after, scope=outer.scope, action=outer.action), end), at)

        self.arguments(params, args, ctx, enter, indent)

    # ---- where the action succeeds ------------------------------------------------

    def leaf(self, ctx: Ctx, indent: int) -> None:
        """The next state, from the assigned variables (an error if one is missing)."""
        assigned = dict(ctx.assigned)
        if self.mode == "enabled":
            self.write(indent, "return True")
            return
        # a variable no assignment reached is left unset, as Quint's simulator leaves it (reading it is an error)
        missing = [v for v in self.program.variables if v not in assigned]
        assigned.update({v: f"Unset({v!r})" for v in missing})
        path = self.leaf_path(ctx)
        state = "(" + "".join(assigned[v] + ", " for v in self.program.variables) + ")"
        if missing:
            state = f"Partial({state})"
        if self.mode == "states":
            self.write(indent, f"out({state})")
            return
        value = "to_value({})" if self.program.records else "{}"  # a label holds Quint's values
        picks = "(" + "".join(f"({name!r}, {value.format(code)}), " for name, code in ctx.picks) + ")"
        label = f"mk({self.label}, ({path!r}, {picks}, ()))"
        step = f"({label}, {state})"
        self.write(indent, f"out({step})" if self.mode == "steps" else f"return {self.wrap(ctx, step)}")

    def leaf_path(self, ctx: Ctx) -> tuple[str, ...]:
        """The label path of a leaf. Two leaves alike in path and pick names but that Quint records
        differently get paths that differ (by the action taken), so that a label says what Quint records."""
        names = tuple(name for name, _ in ctx.picks)
        recorded = (ctx.taken or "", ctx.recorded)
        path = ctx.path
        while (known := self.known.get((path, names))) is not None and known != recorded:
            path = path + (ctx.taken or "any",)
        if known is None:
            self.known[(path, names)] = recorded
            self.leaves.append(Leaf(path, names, *recorded, tuple(v for v, _ in ctx.assigned)))
        return path


def order_matters(definitions: Iterable[dict]) -> bool:
    """Whether some definition folds a set with an operator whose result may depend on the order the set is
    visited in (`S.fold(d, (acc, m) => m)`, `S.fold(List(), (l, x) => l.append(x))`): then the evaluator
    follows the order Quint's simulator visits sets in (see `checker.quint.order`). A fold that combines its accumulator with each element by `+`,
    `*`, `union`, `intersect`, `and` or `or`, or keeps the greater or the lesser, gives the same in any order."""
    stack = [d["expr"] for d in definitions]
    while stack:
        e = stack.pop()
        if isinstance(e, list):
            stack.extend(e)
        elif isinstance(e, dict):
            if e.get("kind") == "app" and e["opcode"] == "fold" and not _any_order(e["args"][2]):
                return True
            stack.extend(x for key, x in e.items() if key in ("expr", "args", "opdef"))
    return False


def _any_order(f: dict) -> bool:
    """Whether the operator `f` of a fold gives the same result whatever the order of the elements (see
    `order_matters`)."""
    if f["kind"] != "lambda" or len(f["params"]) != 2:
        return False
    acc = f["params"][0]["name"]
    return _accumulates(f["expr"], acc)


def _accumulates(e: dict, acc: str) -> bool:
    """`acc OP x`, `x OP acc` (OP in `COMMUTATIVE`, x not reading acc), `acc` itself, a choice between such
    results by a condition not reading acc, or the greater (lesser) of acc and x."""
    if e["kind"] == "name" and e["name"] == acc:
        return True
    if e["kind"] != "app":
        return False
    op, args = e["opcode"], e["args"]
    if op in COMMUTATIVE and len(args) == 2:
        a, b = args
        return (_is(a, acc) and not _reads(b, acc)) or (_is(b, acc) and not _reads(a, acc))
    if op == "ite":
        condition, then, otherwise = args
        if not _reads(condition, acc):
            return _accumulates(then, acc) and _accumulates(otherwise, acc)
        if condition["kind"] == "app" and condition["opcode"] in ("ilt", "ilte", "igt", "igte"):
            left, right = condition["args"]
            other = right if _is(left, acc) else left if _is(right, acc) else None
            return (other is not None and not _reads(other, acc)
                    and {_shape(then), _shape(otherwise)} == {_shape(other), _shape({"kind": "name", "name": acc})})
    return False


def _is(e: dict, name: str) -> bool:
    return e["kind"] == "name" and e["name"] == name


def _shape(e: Any) -> str:
    """An IR node without its ids, to compare two expressions."""
    import json

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k != "id"}
        return [strip(v) for v in x] if isinstance(x, list) else x

    return json.dumps(strip(e), sort_keys=True)


def _reads(e: Any, name: str) -> bool:
    """Whether IR `e` reads the name `name`."""
    if isinstance(e, dict):
        if e.get("kind") == "name" and e.get("name") == name or e.get("kind") == "app" and e.get("opcode") == name:
            return True
        return any(_reads(x, name) for key, x in e.items() if key in ("expr", "args", "opdef"))
    if isinstance(e, list):
        return any(_reads(x, name) for x in e)
    return False


def _has_records(e: Any) -> bool:
    """Whether IR `e` builds a record or has a record type (a variable's, whose values may come from a trace)."""
    if isinstance(e, dict):
        return e.get("opcode") == "Rec" or e.get("kind") == "rec" or any(map(_has_records, e.values()))
    if isinstance(e, list):
        return any(map(_has_records, e))
    return False


def _literal(value: Any) -> str | None:
    """Python's literal for a number, a boolean, a plain string, or a tuple of those (as `SIMPLE` reads it);
    None for another value."""
    kind = type(value)
    if (kind is int and abs(value) < SMALL_INT) or kind is bool or (kind is str and re.fullmatch(r"'[^'\\]*'", repr(value))):
        return repr(value)
    if kind is tuple:
        items = [_literal(item) if type(item) is not tuple else None for item in value]
        return None if None in items else "(" + "".join(item + ", " for item in items) + ")"
    return None


def _size(e: Any) -> int:
    """The number of IR nodes in `e`."""
    if isinstance(e, dict):
        return ("kind" in e) + sum(_size(value) for value in e.values())
    if isinstance(e, list):
        return sum(_size(value) for value in e)
    return 0


class _Missing:
    pass


_MISS = _Missing()


def _unsupported(what: str):
    raise Refused(REFUSED.get(what) or f"the Quint operator '{what}' is not supported yet")
