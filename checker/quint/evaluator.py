"""Quint's IR compiled to Python: expressions to Python code, actions to closures.

Every expression that is not an action becomes Python source (one function
per top-level definition, Quint lambdas as Python lambdas, builtins as calls
of `checker.quint.runtime`), compiled once by Python itself; so evaluating a
spec in a state runs Python bytecode, not a walk over the IR.

Actions become closures `act(S, L, nxt)` that yield every outcome
`(path, picks, nxt)`: the names of the actions taken, the `nondet` picks, and
the next values assigned so far (and `act.sample(S, L, nxt, rng)` draws one
outcome as Quint's simulator does). This is Quint's explicit-state semantics:

  * `nondet x = S.oneOf()` branches over every element of S (none: disabled);
  * `any { A, B }` over every enabled disjunct;
  * `all { A, B }` in order, stopping at the first disabled part;
  * `if (c) A else B` commits to the branch its condition picks;
  * `x' = e` assigns once: a second assignment is an error.

A state is the tuple of the variables' values, in declaration order; `S[i]`
reads variable i.
"""

from __future__ import annotations

import keyword
import re
from functools import partial, reduce
from typing import Any, Callable, Iterator

from checker.quint import runtime
from checker.quint.runtime import QList, QuintError, Variant

Outcome = tuple[tuple[str, ...], tuple[tuple[str, Any], ...], dict]
Action = Callable[[Any, dict, dict], Iterator[Outcome]]

#: binary operators written as Python operators
INFIX = {
    "iadd": "+", "isub": "-", "imul": "*", "eq": "==", "neq": "!=", "ilt": "<", "igt": ">", "ilte": "<=",
    "igte": ">=", "union": "|", "intersect": "&", "exclude": "-", "subseteq": "<=", "iff": "==",
}  # fmt: skip
#: operators that call a function of `checker.quint.runtime` with their arguments as they are
CALLS = {
    "idiv": "idiv", "imod": "imod", "ipow": "ipow", "to": "to", "fold": "fold", "powerset": "powerset",
    "flatten": "flatten", "getOnlyElement": "get_only_element", "tuples": "tuples",
    "allListsUpTo": "all_lists_up_to", "get": "get", "mapBy": "map_by", "setToMap": "set_to_map",
    "setOfMaps": "set_of_maps", "set": "map_set", "setBy": "set_by", "put": "put", "Map": "quint_map",
    "Rec": "record", "with": "with_field", "item": "item", "head": "head", "tail": "tail", "nth": "nth",
    "replaceAt": "replace_at", "slice": "list_slice", "foldr": "foldr",
}  # fmt: skip
#: operators written as a Python expression of their arguments' code (a, b, c)
TEMPLATES = {
    "not": "(not {0})", "implies": "((not {0}) or {1})", "iuminus": "(-{0})", "in": "({0} in {1})",
    "contains": "({1} in {0})", "filter": "frozenset(filter({1}, finite({0})))",
    "map": "frozenset(map({1}, finite({0})))", "exists": "any(map({1}, finite({0})))",
    "forall": "all(map({1}, finite({0})))", "size": "len({0})", "isFinite": "(not isinstance({0}, Infinite))",
    "keys": "frozenset({0})", "field": "{0}[{1}]", "fieldNames": "frozenset({0})", "append": "QList({0} + ({1},))",
    "concat": "QList({0} + {1})", "length": "len({0})", "indices": "frozenset(range(len({0})))",
    "select": "QList(filter({1}, {0}))", "foldl": "reduce({2}, {0}, {1})", "range": "QList(range({0}, {1}))",
    "variant": "Variant({0}, {1})", "ite": "({1} if {0} else {2})",
}  # fmt: skip
#: the names every spec sees
CONSTANTS = {"Nat": "NAT", "Int": "INT", "Bool": "BOOL"}
#: definitions that are state predicates or values (not actions, not temporal)
VALUE_QUALIFIERS = ("val", "pureval", "def", "puredef")


class Unassigned(tuple):
    """The state before `init`: reading a variable there is an error."""

    def __getitem__(self, index):
        raise QuintError("init reads a state variable before assigning it")


def identifier(name: str) -> str:
    """A Python identifier for a Quint name."""
    text = re.sub(r"\W", "_", name)
    return text + "_" if keyword.iskeyword(text) else text


class Program:
    """One flattened Quint module, compiled. `where(name)` says where a definition is, for errors."""

    def __init__(self, module: dict, where: Callable[[str], str] = lambda name: f"'{name}'"):
        self.where = where
        self.variables: list[str] = [d["name"] for d in module["declarations"] if d["kind"] == "var"]
        self.var_index = {name: i for i, name in enumerate(self.variables)}
        self.defs: dict[str, dict] = {d["name"]: d for d in module["declarations"] if d["kind"] == "def"}
        self.counter = 0
        self.namespace: dict[str, Any] = {
            name: getattr(runtime, name) for name in dir(runtime) if not name.startswith("__")
        }
        self.namespace.update(partial=partial, reduce=reduce, QList=QList, Variant=Variant, unsupported=_unsupported)
        self.namespace.update(_MISS=_MISS, QuintError=QuintError, located=located)
        self.actions: dict[str, tuple[tuple[str, ...], Action]] = {}
        #: the action being compiled (names a disjunct that has no name of its own)
        self.current = ""
        self._define_values()
        #: names given to `any` disjuncts that are not named actions (Quint's mbt records "" for them)
        self.anonymous: set[str] = set()
        #: the named actions that are disjuncts of some `any` (what Quint's mbt records as the action taken)
        self.disjuncts: set[str] = set()

    # ---- expressions -----------------------------------------------------------

    def fresh(self) -> str:
        self.counter += 1
        return f"p{self.counter}"

    def params(self, definition: dict) -> list[str]:
        expr = definition["expr"]
        return [p["name"] for p in expr["params"]] if expr["kind"] == "lambda" else []

    def is_action(self, e: dict) -> bool:
        """Whether `e` is an action (assigns, branches over steps, or calls an action)."""
        kind = e["kind"]
        if kind == "let":
            return e["opdef"]["qualifier"] == "nondet" or self.is_action(e["expr"])
        if kind == "name" or kind == "app":
            name = e["name"] if kind == "name" else e["opcode"]
            found = self.defs.get(name)
            if found is not None:
                return found["qualifier"] == "action"
            if kind == "app":
                if name in ("assign", "actionAll", "actionAny"):
                    return True
                if name in ("ite", "and", "or"):
                    return any(self.is_action(a) for a in e["args"])
        return False

    def expr(self, e: dict, scope: dict[str, str], where: str) -> str:
        """Python code for the Quint expression `e`; `scope` maps local names to their code."""
        kind = e["kind"]
        if kind == "int":
            return repr(int(e["value"]))
        if kind == "bool":
            return "True" if e["value"] else "False"
        if kind == "str":
            return repr(e["value"])
        if kind == "name":
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
            local = self.fresh()
            value = self.expr(opdef["expr"], scope, where)
            body = self.expr(e["expr"], {**scope, opdef["name"]: local}, where)
            return f"(lambda {local}: {body})({value})"
        if kind == "app":
            return self.app(e, scope, where)
        return self.unsupported(f"expression kind {kind}", where)

    def name(self, name: str, scope: dict[str, str], where: str) -> str:
        if name in scope:
            return scope[name]
        if name in self.var_index:
            return f"S[{self.var_index[name]}]"
        definition = self.defs.get(name)
        if definition is not None:
            if definition["qualifier"] in ("action", "temporal"):
                return self.unsupported(f"{definition['qualifier']} '{name}' used as a value", where)
            function = "d_" + identifier(name)
            return f"partial({function}, S)" if self.params(definition) else f"{function}(S)"
        if name in CONSTANTS:
            return CONSTANTS[name]
        return self.unsupported(name, where)

    def app(self, e: dict, scope: dict[str, str], where: str) -> str:
        op, args = e["opcode"], e["args"]
        if op == "matchVariant":
            return self.match(args, scope, where)
        code = [self.expr(a, scope, where) for a in args]
        if op in scope:
            return f"{scope[op]}({', '.join(code)})"
        definition = self.defs.get(op)
        if definition is not None:
            if definition["qualifier"] not in VALUE_QUALIFIERS:
                return self.unsupported(f"{definition['qualifier']} '{op}' used as a value", where)
            return f"d_{identifier(op)}({', '.join(['S', *code])})"
        if op in INFIX and len(code) == 2:
            return f"({code[0]} {INFIX[op]} {code[1]})"
        if op == "and":
            return "(" + " and ".join(code) + ")" if code else "True"
        if op == "or":
            return "(" + " or ".join(code) + ")" if code else "False"
        if op in ("Set", "List", "Tup"):
            items = "".join(c + ", " for c in code)
            return {"Set": f"frozenset(({items}))", "List": f"QList(({items}))", "Tup": f"({items})"}[op]
        if op == "item" and args[1]["kind"] == "int" and int(args[1]["value"]) >= 1:
            return f"{code[0]}[{int(args[1]['value']) - 1}]"  # `t._2`: the typechecker checked the arity
        if op in CALLS:
            return f"{CALLS[op]}({', '.join(code)})"
        if op in TEMPLATES:
            return TEMPLATES[op].format(*code)
        if op == "assert":
            return f"check({code[0]}, {where!r})"
        if op == "q::debug":
            return f"({code[1]})"
        return self.unsupported(op, where)

    def match(self, args: list, scope: dict[str, str], where: str) -> str:
        """`match e { | Tag(x) => ... }`: a chain of conditional expressions on the variant's tag."""
        subject = self.fresh()
        cases = [(args[i]["value"], self.expr(args[i + 1], scope, where)) for i in range(1, len(args), 2)]
        default = next((body for tag, body in cases if tag == "_"), None)
        code = f"{default}({subject}.value)" if default else f"no_case({subject})"
        for tag, body in reversed([(tag, body) for tag, body in cases if tag != "_"]):
            code = f"({body}({subject}.value) if {subject}.tag == {tag!r} else {code})"
        return f"(lambda {subject}: {code})({self.expr(args[0], scope, where)})"

    def unsupported(self, what: str, where: str) -> str:
        return f"unsupported({what!r}, {where!r})"

    def _define_values(self) -> None:
        """One Python function per value definition; those without parameters remember their last state."""
        source = []
        for name, definition in self.defs.items():
            if definition["qualifier"] not in VALUE_QUALIFIERS:
                continue
            function, where = "d_" + identifier(name), self.where(name)
            expr = definition["expr"]
            if expr["kind"] == "lambda":
                scope = {p["name"]: self.fresh() for p in expr["params"]}
                body = self.expr(expr["expr"], scope, where)
                source.append(f"def {function}(S, {', '.join(scope.values())}):\n    return {body}\n")
                continue
            body = self.expr(expr, {}, where)
            pure = definition["qualifier"].startswith("pure")
            hit = "c[0] is not _MISS" if pure else "c[0] is S"
            source.append(
                f"def {function}(S, c=[_MISS, None]):\n    if {hit}:\n        return c[1]\n"
                f"    v = {body}\n    c[0] = S\n    c[1] = v\n    return v\n"
            )
        exec(compile("\n".join(source), "<quint>", "exec"), self.namespace)

    def function(self, e: dict, locals_: tuple[str, ...], where: str) -> Callable[[Any, dict], Any]:
        """`e` as a Python function of the state S and the action's locals L."""
        scope = {name: f"L[{name!r}]" for name in locals_}
        code = self.expr(e, scope, where)
        source = f"def f(S, L):\n    try:\n        return {code}\n    except QuintError as e:\n        located(e, {where!r})\n"
        exec(compile(source, "<quint>", "exec"), self.namespace)
        return self.namespace.pop("f")

    def value(self, name: str) -> Callable[[Any], Any]:
        """The value definition `name` (without parameters) as a function of the state."""
        return self.namespace["d_" + identifier(name)]

    # ---- actions ---------------------------------------------------------------

    def action_def(self, name: str) -> tuple[tuple[str, ...], Action]:
        """The top-level action `name`: its parameters and its closure (compiled once)."""
        if name not in self.actions:
            definition = self.defs[name]
            previous, self.current = self.current, name
            params = tuple(self.params(definition))
            body = definition["expr"]["expr"] if params else definition["expr"]
            self.actions[name] = (params, self.action(body, params, self.where(name)))
            self.current = previous
        return self.actions[name]

    def makes_choice(self, e: dict) -> bool:
        """Whether an action's own body has a `nondet`, an `any` or an `if` over actions."""
        if e["kind"] == "let":
            return e["opdef"]["qualifier"] == "nondet" or self.makes_choice(e["expr"])
        if e["kind"] == "app" and e["opcode"] not in self.defs:
            if e["opcode"] in ("actionAny", "ite") and self.is_action(e):
                return True
            return any(self.makes_choice(a) for a in e["args"] if isinstance(a, dict) and "kind" in a)
        if e["kind"] == "lambda":
            return self.makes_choice(e["expr"])
        return False

    def action(self, e: dict, locals_: tuple[str, ...], where: str, chosen: bool = False) -> Action:
        """The closure of action `e`. `chosen`: `e` is a disjunct of `any` or a branch of `if`,
        so a named action there is named in the label even when it makes no choice of its own."""
        kind = e["kind"]
        if kind == "let":
            return self.let_action(e, locals_, where)
        if kind in ("name", "app"):
            name = e["name"] if kind == "name" else e["opcode"]
            definition = self.defs.get(name)
            if definition is not None and definition["qualifier"] == "action" and name not in locals_:
                return self.call(name, e.get("args", []), locals_, where, chosen)
        if kind == "app" and self.is_action(e):
            op, args = e["opcode"], e["args"]
            if op == "assign":
                return self.assign(args, locals_, where)
            if op in ("actionAll", "and"):
                return self.all_action([self.action(a, locals_, where) for a in args])
            if op in ("actionAny", "or"):
                return self.any_action(args, locals_, where)
            if op == "ite":
                return self.ite_action(args, locals_, where)
            return self.unsupported_action(op, where)
        return self.guard(e, locals_, where)

    def guard(self, e: dict, locals_: tuple[str, ...], where: str) -> Action:
        holds = self.function(e, locals_, where)

        def guard(S, L, nxt):
            if holds(S, L):
                yield (), (), nxt

        def sample(S, L, nxt, rng):
            return ((), (), nxt) if holds(S, L) else None

        return sampling(guard, sample)

    def unsupported_action(self, what: str, where: str) -> Action:
        def fail(S, L, nxt):
            _unsupported(what, where)
            yield  # pragma: no cover

        def sample(S, L, nxt, rng):
            _unsupported(what, where)

        return sampling(fail, sample)

    def assign(self, args: list, locals_: tuple[str, ...], where: str) -> Action:
        variable = args[0]["name"]
        value = self.function(args[1], locals_, where)

        def sample(S, L, nxt, rng=None):
            if variable in nxt:
                raise QuintError(f"{where}: variable '{variable}' is assigned twice in one step")
            new = dict(nxt)
            new[variable] = value(S, L)
            return (), (), new

        def assign(S, L, nxt):
            yield sample(S, L, nxt)

        return sampling(assign, sample)

    @staticmethod
    def all_action(parts: list[Action]) -> Action:
        def all_(S, L, nxt):
            outcomes = [((), (), nxt)]
            for part in parts:
                outcomes = [
                    (path + more, picks + chosen, after)
                    for path, picks, before in outcomes
                    for more, chosen, after in part(S, L, before)
                ]
                if not outcomes:
                    return
            yield from outcomes

        def sample(S, L, nxt, rng):
            path, picks = (), ()
            for part in parts:
                outcome = part.sample(S, L, nxt, rng)
                if outcome is None:
                    return None
                path, picks, nxt = path + outcome[0], picks + outcome[1], outcome[2]
            return path, picks, nxt

        return sampling(all_, sample)

    def disjunct_name(self, e: dict, position: int, where: str) -> str | None:
        """The label of an `any` disjunct that is not a named action: after its leading
        condition (`gameOver` -> `GameOver`), plus `Stutter` when it changes no variable."""
        if e["kind"] in ("name", "app") and e.get("name", e.get("opcode")) in self.defs:
            self.disjuncts.add(e.get("name", e.get("opcode")))
            return None
        parts = e["args"] if e["kind"] == "app" and e["opcode"] in ("actionAll", "and") else [e]
        first = parts[0] if parts else e
        if first["kind"] == "name" and not self.is_action(first):
            name = first["name"][0].upper() + first["name"][1:]
        else:
            name = f"{self.current}#{position}"
        assigns = [p for p in parts if p["kind"] == "app" and p["opcode"] == "assign"]
        if assigns and all(
            p["args"][1]["kind"] == "name" and p["args"][1]["name"] == p["args"][0]["name"] for p in assigns
        ):
            name += "Stutter"
        self.anonymous.add(name)
        return name

    def any_action(self, args: list, locals_: tuple[str, ...], where: str) -> Action:
        disjuncts = [
            (self.disjunct_name(a, i, where), self.action(a, locals_, where, chosen=True))
            for i, a in enumerate(args, start=1)
        ]

        def any_(S, L, nxt):
            for name, act in disjuncts:
                for path, picks, after in act(S, L, nxt):
                    yield ((name,) + path if name else path), picks, after

        def sample(S, L, nxt, rng):
            """As Quint's simulator: the disjuncts in a random order (Fisher-Yates), the first enabled one."""
            order = list(range(len(disjuncts)))
            for i in range(len(order) - 1, 0, -1):
                j = rng.randrange(i + 1)
                order[i], order[j] = order[j], order[i]
            for i in order:
                name, act = disjuncts[i]
                outcome = act.sample(S, L, nxt, rng)
                if outcome is not None:
                    path, picks, after = outcome
                    return ((name,) + path if name else path), picks, after
            return None

        return sampling(any_, sample)

    def ite_action(self, args: list, locals_: tuple[str, ...], where: str) -> Action:
        condition = self.function(args[0], locals_, where)
        then, otherwise = (self.action(a, locals_, where, chosen=True) for a in args[1:])

        def ite(S, L, nxt):
            yield from (then if condition(S, L) else otherwise)(S, L, nxt)

        def sample(S, L, nxt, rng):
            return (then if condition(S, L) else otherwise).sample(S, L, nxt, rng)

        return sampling(ite, sample)

    def let_action(self, e: dict, locals_: tuple[str, ...], where: str) -> Action:
        opdef = e["opdef"]
        name = opdef["name"]
        body = self.action(e["expr"], (*locals_, name), where)
        if opdef["qualifier"] != "nondet":
            value = self.function(opdef["expr"], locals_, where)

            def let(S, L, nxt):
                yield from body(S, {**L, name: value(S, L)}, nxt)

            def sample_let(S, L, nxt, rng):
                return body.sample(S, {**L, name: value(S, L)}, nxt, rng)

            return sampling(let, sample_let)
        source = opdef["expr"]
        if not (source["kind"] == "app" and source["opcode"] == "oneOf"):
            return self.unsupported_action("nondet without oneOf", where)
        function = self.function(source["args"][0], locals_, where)

        def elements(S, L):
            try:
                return runtime.ordered(function(S, L))
            except QuintError as error:
                located(error, where)

        def nondet(S, L, nxt):
            for element in elements(S, L):
                for path, picks, after in body(S, {**L, name: element}, nxt):
                    yield path, ((name, element),) + picks, after

        def sample(S, L, nxt, rng):
            """As Quint's simulator: a random element; when the rest is disabled with it, the next
            element (cyclically) until one works or every one was tried."""
            chosen = elements(S, L)
            if not chosen:
                return None
            start = rng.randrange(len(chosen))
            for k in range(len(chosen)):
                element = chosen[(start + k) % len(chosen)]
                outcome = body.sample(S, {**L, name: element}, nxt, rng)
                if outcome is not None:
                    return outcome[0], ((name, element),) + outcome[1], outcome[2]
            return None

        return sampling(nondet, sample)

    def call(self, name: str, args: list, locals_: tuple[str, ...], where: str, chosen: bool) -> Action:
        params, _ = self.action_def(name)
        if len(args) != len(params):
            return self.unsupported_action(f"action '{name}' applied to {len(args)} arguments", where)
        values = [self.function(a, locals_, where) for a in args]
        named = chosen or self.makes_choice(self.defs[name]["expr"])
        actions = self.actions

        def call(S, L, nxt):
            inner = {p: v(S, L) for p, v in zip(params, values)}
            for path, picks, after in actions[name][1](S, inner, nxt):
                yield ((name,) + path if named else path), picks, after

        def sample(S, L, nxt, rng):
            inner = {p: v(S, L) for p, v in zip(params, values)}
            outcome = actions[name][1].sample(S, inner, nxt, rng)
            if outcome is None or not named:
                return outcome
            return (name,) + outcome[0], outcome[1], outcome[2]

        return sampling(call, sample)


def sampling(enumerate_: Action, sample: Callable) -> Action:
    """An action: called, it enumerates every outcome; `.sample(S, L, nxt, rng)` draws one
    as `quint run` does (None when the draw finds the action disabled)."""
    enumerate_.sample = sample  # type: ignore[attr-defined]
    return enumerate_


class _Missing:
    pass


_MISS = _Missing()


def located(error: QuintError, where: str):
    """Raise `error` again, saying where it happened unless it says so already."""
    if "(in " in str(error):
        raise error
    raise QuintError(f"{error} (in {where})") from None


def _unsupported(what: str, where: str):
    raise QuintError(f"the Quint operator '{what}' is not supported yet (in {where})")
