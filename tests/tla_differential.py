"""A differential tester of ttt-check's TLA+ front end against TLC itself.

`Generator` writes random, well-typed TLA+ expressions: integers (negatives too) with `+`, `-`, `*`,
`\\div` and `%` (floored, as TLA+ defines them), `^`, `..`; booleans with every connective and
comparison; strings; sets (enumerated, intervals, `\\cup`, `\\cap`, `\\`, filters, maps, `SUBSET`,
`UNION`, `DOMAIN`, `[S -> T]`, `[a : S, b : T]`, `\\X`, membership in `Seq(S)`); functions (`[x \\in S
|-> e]`, `:>`, `@@`, `EXCEPT` with `@` and nested paths `![k].a`), records, tuples and sequences
(`Append`, `\\o`, `SubSeq`, `SelectSeq`, `Head`, `Tail`, `Len`); `\\A` and `\\E` with tuple bounds,
`CHOOSE`, `IF`, `CASE` with and without `OTHER`, `LET` (operators, recursive functions, `RECURSIVE`
operators), `LAMBDA` passed to a higher-order operator, `Cardinality`, model values of the cfg. Its
integers stay far inside TLC's 32 bits. A generated expression may fail, as the spec would in TLC
(a function applied outside its domain, `CHOOSE` with nothing to choose, `Head(<<>>)`, `CASE` with no
true guard): the error is compared too.

Expressions: TLC is the oracle. One module defines `E0`, `E1`, ... and prints each with `ASSUME
PrintT(<<"E0", E0>>)`; TLC runs it once (again from the assumption after one that fails, since TLC
stops at the first failing one), and `tlc.parse_value` reads what it printed. ttt-check reads the
same module without the assumptions and evaluates each definition through its Python API
(`TlaSpec.evaluate`), which prints the value as TLC would: read back by the same reader, the two
values are compared as values (a set is a set, whatever order it is printed in); an error must be an
error in both.

Specs: `spec_text` writes a small spec (a few bounded variables, an Init, a Next of generated guards
and assignments through disjunctions, `\\E`, `IF`, `x' \\in S` and `UNCHANGED`, an invariant), checked
by TLC and by ttt-check: the same verdict, the same distinct states and depth when TLC saw every
state, the same length of a shortest counterexample, and ttt-check's counterexample a behaviour of
the spec (each step one of TLC's own next states, as `ttt-check eval` says them: see `replays`).

Nothing here computes an expected value: the generator knows types only.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tlc

# ---- types -------------------------------------------------------------------------------------------

#: a type: ("int",), ("bool",), ("str",), ("mv",) a model value of the cfg, ("set", T), ("seq", T),
#: ("fcn", K, V) a function with keys of K, ("rec", A, B) a record [a |-> A, b |-> B], ("tup", A, B)
INT, BOOL, STR, MV = ("int",), ("bool",), ("str",), ("mv",)
ATOMS = (INT, INT, INT, BOOL, STR, MV)
#: string literals: plain, with a space, an escape and a non-ASCII letter; not "\\", which TLC orders before
#: all others (the name of an operator, known before the spec is read), nor "", which it orders after them
#: (see tests/specs/tla/string_order.tla)
STRINGS = ('"a"', '"b"', '"ab"', '"a b"', '"x\\"y"', '"é"')
#: the cfg's model values, as the generated module declares them
MODEL_VALUES = ("m1", "m2", "m3")

#: the definitions every generated module starts with: higher-order operators, a RECURSIVE operator,
#: recursive functions, a module-level LAMBDA's target
PRELUDE = r"""\* TLC orders strings (and a record's fields) as it first read them: here, in Java's order of strings
Strings == <<"a", "a b", "ab", "b", "x\"y", "é">>

CONSTANTS m1, m2, m3, Procs

RECURSIVE SetSum(_)
SetSum(S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN x + SetSum(S \ {x})

Max(S) == CHOOSE x \in S : \A y \in S : x >= y

Min(S) == CHOOSE x \in S : \A y \in S : x <= y

MapSeq(s, Op(_)) == [i \in DOMAIN s |-> Op(s[i])]

Twice(Op(_), x) == Op(Op(x))

Count(S, P(_)) == Cardinality({x \in S : P(x)})

Fact[n \in 0..6] == IF n = 0 THEN 1 ELSE n * Fact[n - 1]

RECURSIVE Rev(_)
Rev(s) == IF s = <<>> THEN <<>> ELSE Rev(Tail(s)) \o <<Head(s)>>

Inc(x) == x + 1
"""
CONFIG = "CONSTANTS m1 = m1  m2 = m2  m3 = m3  Procs = {m1, m2, m3}\n"


def show_type(t: tuple) -> str:
    if len(t) == 1:
        return t[0]
    return f"{t[0]}(" + ", ".join(map(show_type, t[1:])) + ")"


@dataclass
class Generator:
    """Random well-typed TLA+ expressions; `env` maps the bound names in scope to their types."""

    rng: random.Random
    counter: int = 0
    #: how often a bound name of the type asked for is taken, where there is one
    bias: float = 0.3

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def type(self, depth: int = 2) -> tuple:
        if depth <= 0 or self.rng.random() < 0.4:
            return self.rng.choice(ATOMS)
        kind = self.rng.choice(["set", "set", "seq", "fcn", "rec", "tup"])
        if kind in ("set", "seq"):
            return (kind, self.type(depth - 1))
        if kind == "fcn":
            return ("fcn", self.rng.choice([INT, INT, STR, BOOL, MV]), self.type(depth - 1))
        return (kind, self.type(depth - 1), self.type(depth - 1))

    def choose(self, weighted: list) -> Any:
        """One of (weight, thing) pairs."""
        total = sum(w for w, _ in weighted)
        r = self.rng.random() * total
        for w, thing in weighted:
            r -= w
            if r < 0:
                return thing
        return weighted[-1][1]

    # ---- any type -------------------------------------------------------------------------------

    def expr(self, t: tuple, depth: int, env: dict) -> str:
        """An expression of type `t`, nested about `depth` deep, over the bound names `env`."""
        usable = [n for n, nt in env.items() if nt == t]
        if usable and self.rng.random() < self.bias:
            return self.rng.choice(usable)
        if depth <= 0:
            return self.leaf(t, env)
        r = self.rng.random()
        if r < 0.06:
            return f"(IF {self.expr(BOOL, depth - 1, env)} THEN {self.expr(t, depth - 1, env)} ELSE {self.expr(t, depth - 1, env)})"
        if r < 0.1:
            return self.case(t, depth, env)
        if r < 0.15:
            return self.let(t, depth, env)
        if r < 0.19:
            return self.chosen(t, depth, env)
        if r < 0.25:
            return self.element(t, depth, env)
        return getattr(self, f"make_{t[0]}")(t, depth, env)

    def leaf(self, t: tuple, env: dict) -> str:
        usable = [n for n, nt in env.items() if nt == t]
        if usable and self.rng.random() < 0.5:
            return self.rng.choice(usable)
        kind = t[0]
        if kind == "int":
            return self.integer()
        if kind == "bool":
            return self.rng.choice(["TRUE", "FALSE"])
        if kind == "str":
            return self.rng.choice(STRINGS)
        if kind == "mv":
            return self.rng.choice(MODEL_VALUES)
        return getattr(self, f"make_{kind}")(t, 0, env)

    def integer(self) -> str:
        value = self.rng.randint(-6, 12) if self.rng.random() < 0.9 else self.rng.randint(-1000, 1000)
        return str(value) if value >= 0 else f"({value})"

    def case(self, t: tuple, depth: int, env: dict) -> str:
        arms = [f"{self.expr(BOOL, depth - 1, env)} -> {self.expr(t, depth - 1, env)}" for _ in range(self.rng.randint(1, 3))]
        if self.rng.random() < 0.85:
            arms.append(f"OTHER -> {self.expr(t, depth - 1, env)}")
        return "(CASE " + " [] ".join(arms) + ")"

    def let(self, t: tuple, depth: int, env: dict) -> str:
        r = self.rng.random()
        if r < 0.45:  # a definition without parameters
            name, bound = self.fresh("d"), self.type(1)
            return f"(LET {name} == {self.expr(bound, depth - 1, env)} IN {self.expr(t, depth - 1, {**env, name: bound})})"
        if r < 0.7:  # an operator with a parameter, applied
            name, param, bound = self.fresh("F"), self.fresh("p"), self.type(1)
            body = self.expr(t, depth - 1, {**env, param: bound})
            return f"(LET {name}({param}) == {body} IN {name}({self.expr(bound, depth - 1, env)}))"
        if r < 0.85 and t == INT:  # a recursive function of the LET
            name, n = self.fresh("f"), self.fresh("n")
            step = self.expr(INT, depth - 1, {**env, n: INT})
            high = self.rng.randint(0, 4)
            return (f"(LET {name}[{n} \\in 0..{high}] == IF {n} = 0 THEN {self.expr(INT, 0, env)} "
                    f"ELSE ({step}) + {name}[{n} - 1] IN {name}[{self.rng.randint(0, high + 1)}])")  # fmt: skip
        if t == INT:  # a RECURSIVE operator of the LET
            name, n = self.fresh("R"), self.fresh("n")
            step = self.expr(INT, depth - 1, {**env, n: INT})
            return (f"(LET RECURSIVE {name}(_) {name}({n}) == IF {n} <= 0 THEN 0 ELSE ({step}) + {name}({n} - 1) "
                    f"IN {name}({self.rng.randint(-1, 4)}))")  # fmt: skip
        name, bound = self.fresh("d"), self.type(1)
        return f"(LET {name} == {self.expr(bound, depth - 1, env)} IN {self.expr(t, depth - 1, {**env, name: bound})})"

    def chosen(self, t: tuple, depth: int, env: dict) -> str:
        """CHOOSE from a set of `t` (which may have no element that satisfies the condition)."""
        x = self.fresh("c")
        s = self.nonempty(t, depth, env)
        condition = self.expr(BOOL, depth - 1, {**env, x: t}) if self.rng.random() < 0.35 else "TRUE"
        return f"(CHOOSE {x} \\in {s} : {condition})"

    def nonempty(self, elem: tuple, depth: int, env: dict) -> str:
        """A set of `elem`, most often not empty."""
        s = self.expr(("set", elem), depth - 1, env)
        return f"({{{self.expr(elem, depth - 1, env)}}} \\cup {s})" if self.rng.random() < 0.7 else s

    def element(self, t: tuple, depth: int, env: dict) -> str:
        """A `t` read out of a container: a function's value, a record's field, a tuple's or a sequence's item."""
        r = self.rng.random()
        if r < 0.3:
            key = self.rng.choice([INT, STR, MV])
            return f"{self.paren(self.expr(('fcn', key, t), depth - 1, env))}[{self.expr(key, depth - 1, env)}]"
        if r < 0.5:
            other = self.type(1)
            return f"{self.paren(self.expr(('rec', t, other), depth - 1, env))}.a"
        if r < 0.65:
            other = self.type(1)
            return f"{self.paren(self.expr(('tup', other, t), depth - 1, env))}[2]"
        if r < 0.85:
            index = self.choose([(6, "1"), (2, "2"), (0.5, "0"), (1, self.expr(INT, depth - 1, env))])
            return f"{self.paren(self.expr(('seq', t), depth - 1, env))}[{index}]"
        return f"Head(<<{self.expr(t, depth - 1, env)}>> \\o {self.expr(('seq', t), depth - 1, env)})" \
            if self.rng.random() < 0.7 else f"Head({self.expr(('seq', t), depth - 1, env)})"

    @staticmethod
    def paren(text: str) -> str:
        """`text` ready to be applied or to have a field read (a name or bracketed expression stays as is)."""
        if re.fullmatch(r"\w+", text) or (text[0] in "([<{" and _closes(text)):
            return text
        return f"({text})"

    def lam(self, param: tuple, result: tuple, depth: int, env: dict) -> tuple[str, str]:
        """A bound name of type `param` and a body of type `result` over it."""
        x = self.fresh("x")
        return x, self.expr(result, depth - 1, {**env, x: param})

    # ---- integers and booleans ------------------------------------------------------------------

    def make_int(self, t: tuple, depth: int, env: dict) -> str:
        r = self.rng.random()
        if r < 0.3:
            a, b = self.expr(INT, depth - 1, env), self.expr(INT, depth - 1, env)
            return f"({a} {self.rng.choice(['+', '-', '+', '-'])} {b})"
        if r < 0.36:  # a product with a small factor, so that nothing nears 2^31
            factor = self.rng.randint(-4, 4)
            return f"({self.expr(INT, depth - 1, env)} * {factor if factor >= 0 else f'({factor})'})"
        if r < 0.5:
            a = self.expr(INT, depth - 1, env)
            op = self.rng.choice(["\\div", "%"])
            divisor = self.choose([(8, str(self.rng.randint(1, 7))), (1, self.expr(INT, depth - 1, env)), (0.3, "0"),
                                   (1 if op == "\\div" else 0.3, f"({self.rng.randint(-7, -1)})")])  # fmt: skip
            return f"({a} {op} {divisor})"
        if r < 0.53:
            base = self.rng.randint(-3, 3)
            return f"({base if base >= 0 else f'({base})'} ^ {self.rng.randint(0, 5)})"
        if r < 0.57:
            return f"(-{self.paren(self.expr(INT, depth - 1, env))})"
        if r < 0.67:
            return f"Cardinality({self.expr(('set', self.type(1)), depth - 1, env)})"
        if r < 0.75:
            return f"Len({self.expr(('seq', self.type(1)), depth - 1, env)})"
        if r < 0.8:
            return f"{self.rng.choice(['Max', 'Min'])}({self.nonempty(INT, depth, env)})"
        if r < 0.84:
            return f"SetSum({self.expr(('set', INT), depth - 1, env)})"
        if r < 0.87:
            return f"Fact[{self.rng.randint(0, 7)}]"
        if r < 0.9:
            x, body = self.lam(INT, INT, depth, env)
            return f"Twice(LAMBDA {x} : {body}, {self.expr(INT, depth - 1, env)})"
        if r < 0.93:
            elem = self.type(1)
            x, body = self.lam(elem, BOOL, depth, env)
            return f"Count({self.expr(('set', elem), depth - 1, env)}, LAMBDA {x} : {body})"
        if r < 0.95:
            return f"Twice(Inc, {self.expr(INT, depth - 1, env)})"
        return self.integer()

    def make_bool(self, t: tuple, depth: int, env: dict) -> str:
        r = self.rng.random()
        if r < 0.16:
            a, b = self.expr(INT, depth - 1, env), self.expr(INT, depth - 1, env)
            return f"({a} {self.rng.choice(['<', '<=', '>', '>=', '=', '/=', '#'])} {b})"
        if r < 0.28:
            other = self.type(2)
            return f"({self.expr(other, depth - 1, env)} {self.rng.choice(['=', '/='])} {self.expr(other, depth - 1, env)})"
        if r < 0.4:
            a, b = self.expr(BOOL, depth - 1, env), self.expr(BOOL, depth - 1, env)
            op = self.rng.choice(["/\\", "\\/", "=>", "<=>", "\\equiv", "/\\", "\\/"])
            return f"({a} {op} {b})" if self.rng.random() < 0.85 else f"(~{self.paren(a)})"
        if r < 0.58:
            return self.quantified(depth, env)
        if r < 0.72:
            elem = self.type(1)
            op = self.rng.choice(["\\in", "\\in", "\\notin"])
            return f"({self.expr(elem, depth - 1, env)} {op} {self.expr(('set', elem), depth - 1, env)})"
        if r < 0.78:
            elem = self.type(1)
            a, b = (self.expr(("set", elem), depth - 1, env) for _ in range(2))
            return f"({a} \\subseteq {b})"
        if r < 0.84:
            elem = self.rng.choice([INT, BOOL, STR])
            return f"({self.expr(('seq', elem), depth - 1, env)} \\in Seq({self.expr(('set', elem), depth - 1, env)}))"
        if r < 0.88:
            return f"({self.expr(INT, depth - 1, env)} \\in {self.rng.choice(['Nat', 'Int'])})"
        if r < 0.92:
            key, value = self.rng.choice([INT, STR, BOOL]), self.rng.choice([INT, BOOL])
            f = self.expr(("fcn", key, value), depth - 1, env)
            return f"({f} \\in [{self.expr(('set', key), 0, env)} -> {self.expr(('set', value), 0, env)}])"
        if r < 0.95:
            return f"({self.expr(('str',), depth - 1, env)} \\in STRING)"
        return self.rng.choice(["TRUE", "FALSE"])

    def quantified(self, depth: int, env: dict) -> str:
        q = self.rng.choice(["\\A", "\\E"])
        if self.rng.random() < 0.3:  # a tuple bound
            a, b = self.type(0), self.type(0)
            x, y = self.fresh("x"), self.fresh("y")
            pairs = self.expr(("set", ("tup", a, b)), depth - 1, env)
            return f"({q} <<{x}, {y}>> \\in {pairs} : {self.expr(BOOL, depth - 1, {**env, x: a, y: b})})"
        if self.rng.random() < 0.3:  # two names over one set, or two bounds
            a, b = self.type(1), self.type(0)
            x, y, z = self.fresh("x"), self.fresh("y"), self.fresh("z")
            inner = {**env, x: a, y: a, z: b}
            return (f"({q} {x}, {y} \\in {self.expr(('set', a), depth - 1, env)}, {z} \\in "
                    f"{self.expr(('set', b), depth - 1, env)} : {self.expr(BOOL, depth - 1, inner)})")  # fmt: skip
        elem = self.type(1)
        x, body = self.lam(elem, BOOL, depth, env)
        return f"({q} {x} \\in {self.expr(('set', elem), depth - 1, env)} : {body})"

    def make_str(self, t: tuple, depth: int, env: dict) -> str:
        return self.leaf(t, env)

    def make_mv(self, t: tuple, depth: int, env: dict) -> str:
        if self.rng.random() < 0.3:
            x = self.fresh("p")
            return f"(CHOOSE {x} \\in Procs : {self.expr(BOOL, depth - 1, {**env, x: MV})})"
        return self.leaf(t, env)

    # ---- sets -------------------------------------------------------------------------------------

    def make_set(self, t: tuple, depth: int, env: dict) -> str:
        elem = t[1]
        r = self.rng.random()
        if r < 0.25 or depth <= 0:
            return self.set_literal(elem, depth, env)
        if r < 0.38:
            a, b = self.expr(t, depth - 1, env), self.expr(t, depth - 1, env)
            op = self.rng.choice(["\\cup", "\\cap", "\\", "\\union", "\\intersect"])
            return f"({a} {op} {b})"
        if r < 0.48:
            x, body = self.lam(elem, BOOL, depth, env)
            return f"{{{x} \\in {self.expr(t, depth - 1, env)} : {body}}}"
        if r < 0.58:
            source = self.type(1)
            x, body = self.lam(source, elem, depth, env)
            return f"{{{body} : {x} \\in {self.expr(('set', source), depth - 1, env)}}}"
        if r < 0.62:
            a, b = self.type(0), self.type(0)
            x, y = self.fresh("x"), self.fresh("y")
            body = self.expr(elem, depth - 1, {**env, x: a, y: b})
            return f"{{{body} : {x} \\in {self.small_set(a, env)}, {y} \\in {self.small_set(b, env)}}}"
        if r < 0.66:
            return f"UNION {self.expr(('set', t), depth - 1, env)}"
        if elem[0] == "set" and r < 0.74 and elem[1][0] not in ("set", "fcn"):
            return f"(SUBSET {self.small_set(elem[1], env)})"
        if elem[0] == "fcn" and r < 0.74:
            return f"[{self.small_set(elem[1], env)} -> {self.small_set(elem[2], env)}]"
        if elem[0] == "rec" and r < 0.74:
            return f"[a : {self.small_set(elem[1], env)}, b : {self.small_set(elem[2], env)}]"
        if elem[0] == "tup" and r < 0.74:
            return f"({self.small_set(elem[1], env)} \\X {self.small_set(elem[2], env)})"
        if elem in (INT, STR, BOOL, MV) and r < 0.82:
            return f"DOMAIN {self.paren(self.expr(('fcn', elem, self.type(1)), depth - 1, env))}"
        if elem == INT and r < 0.9:
            return f"({self.expr(INT, 0, env)} .. {self.expr(INT, 0, env)})"
        if elem == BOOL and r < 0.9:
            return "BOOLEAN"
        if elem == MV and r < 0.9:
            return "Procs"
        return self.set_literal(elem, depth, env)

    def set_literal(self, elem: tuple, depth: int, env: dict) -> str:
        if elem == INT and self.rng.random() < 0.3:
            low = self.rng.randint(-3, 4)
            high = low + self.rng.randint(-1, 4)
            return f"({low if low >= 0 else f'({low})'}..{high if high >= 0 else f'({high})'})"
        count = self.rng.choice([0, 1, 2, 2, 3, 3, 4])
        return "{" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(count)) + "}"

    def small_set(self, elem: tuple, env: dict) -> str:
        """A set of at most three elements, for SUBSET, function sets, record sets, products."""
        if elem == BOOL and self.rng.random() < 0.4:
            return "BOOLEAN"
        if elem == INT and self.rng.random() < 0.4:
            low = self.rng.randint(0, 3)
            return f"({low}..{low + self.rng.randint(-1, 2)})"
        return "{" + ", ".join(self.leaf(elem, env) for _ in range(self.rng.randint(0, 3))) + "}"

    # ---- functions, records, tuples, sequences --------------------------------------------------

    def make_fcn(self, t: tuple, depth: int, env: dict) -> str:
        key, value = t[1], t[2]
        r = self.rng.random()
        if r < 0.4 or depth <= 0:
            x, body = self.lam(key, value, depth, env)
            return f"[{x} \\in {self.expr(('set', key), max(depth - 1, 0), env)} |-> {body}]"
        if r < 0.55:
            return f"({self.expr(key, depth - 1, env)} :> {self.expr(value, depth - 1, env)})"
        if r < 0.65:
            return f"({self.expr(t, depth - 1, env)} @@ {self.expr(t, depth - 1, env)})"
        return self.excepted(t, depth, env)

    def excepted(self, t: tuple, depth: int, env: dict) -> str:
        """`[f EXCEPT ...]` of a function, a record or a sequence: `@`, two updates, nested paths."""
        updates = []
        for _ in range(self.rng.choice([1, 1, 2])):
            path, inner = self.path(t, env)
            new = self.expr(inner, depth - 1, env)
            if inner == INT and self.rng.random() < 0.4:
                new = f"@ {self.rng.choice(['+', '-'])} {self.expr(INT, 0, env)}"
            elif inner[0] == "seq" and self.rng.random() < 0.3:
                new = f"Append(@, {self.expr(inner[1], 0, env)})"
            updates.append(f"!{path} = {new}")
        return f"[{self.expr(t, depth - 1, env)} EXCEPT {', '.join(updates)}]"

    def path(self, t: tuple, env: dict) -> tuple[str, tuple]:
        """A path of EXCEPT into a value of `t`, one or two keys deep, and the type at its end."""
        kind = t[0]
        if kind == "fcn":
            step, inner = f"[{self.leaf(t[1], env)}]", t[2]
        elif kind == "seq":
            step, inner = f"[{self.rng.randint(0, 3)}]", t[1]
        elif kind == "rec":
            step, inner = self.rng.choice([(".a", t[1]), (".b", t[2]), ('["a"]', t[1])])
        else:
            step, inner = self.rng.choice([("[1]", t[1]), ("[2]", t[2])])
        if inner[0] in ("fcn", "seq", "rec", "tup") and self.rng.random() < 0.5:
            more, inner = self.path(inner, env)
            return step + more, inner
        return step, inner

    def make_rec(self, t: tuple, depth: int, env: dict) -> str:
        if depth > 0 and self.rng.random() < 0.3:
            return self.excepted(t, depth, env)
        a, b = self.expr(t[1], depth - 1, env), self.expr(t[2], depth - 1, env)
        return f"[a |-> {a}, b |-> {b}]" if self.rng.random() < 0.8 else f"[b |-> {b}, a |-> {a}]"

    def make_tup(self, t: tuple, depth: int, env: dict) -> str:
        if depth > 0 and self.rng.random() < 0.15:
            return self.excepted(t, depth, env)
        return f"<<{self.expr(t[1], depth - 1, env)}, {self.expr(t[2], depth - 1, env)}>>"

    def make_seq(self, t: tuple, depth: int, env: dict) -> str:
        elem = t[1]
        r = self.rng.random()
        if r < 0.3 or depth <= 0:
            return "<<" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(self.rng.choice([0, 1, 2, 3]))) + ">>"
        if r < 0.4:
            return f"Append({self.expr(t, depth - 1, env)}, {self.expr(elem, depth - 1, env)})"
        if r < 0.5:
            return f"({self.expr(t, depth - 1, env)} \\o {self.expr(t, depth - 1, env)})"
        if r < 0.58:
            m, n = self.rng.randint(0, 3), self.rng.randint(0, 3)
            return f"SubSeq({self.expr(t, depth - 1, env)}, {m}, {n})"
        if r < 0.66:
            x, body = self.lam(elem, BOOL, depth, env)
            return f"SelectSeq({self.expr(t, depth - 1, env)}, LAMBDA {x} : {body})"
        if r < 0.72:
            return f"Tail({self.expr(t, depth - 1, env)})"
        if r < 0.8:
            i = self.fresh("i")
            return f"[{i} \\in 1..{self.rng.randint(0, 3)} |-> {self.expr(elem, depth - 1, {**env, i: INT})}]"
        if r < 0.86:
            return self.excepted(t, depth, env)
        if r < 0.9 and elem == INT:
            return f"MapSeq({self.expr(t, depth - 1, env)}, Inc)"
        if r < 0.94:
            return f"Rev({self.expr(t, depth - 1, env)})"
        return "<<" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(self.rng.choice([1, 2]))) + ">>"


def _closes(text: str) -> bool:
    """Whether the bracket that opens `text` is closed by its last character (strings aside)."""
    depth, i = 0, 0
    pairs = {"(": ")", "[": "]", "{": "}"}
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("<<", i):
            depth += 1
            i += 1
        elif text.startswith(">>", i):
            depth -= 1
            i += 1
        elif c in pairs:
            depth += 1
        elif c in ")]}":
            depth -= 1
        if depth == 0 and i < len(text) - 1:
            return False
        i += 1
    return True


# ---- the module of expressions ---------------------------------------------------------------------

#: a generated expression longer than this is written again (a long one costs more than it finds)
LONGEST = 400
MODULE = "Diff"


def expressions(seed: int, count: int) -> list[str]:
    """`count` generated expressions of the seed's generator, each of a random type and depth."""
    rng = random.Random(seed)
    generator = Generator(rng)
    found = []
    for _ in range(count):
        t = generator.type(2) if rng.random() < 0.75 else rng.choice([INT, BOOL])
        tried = []
        while len(tried) < 20 and (not tried or len(tried[-1]) > LONGEST):
            tried.append(generator.expr(t, rng.randint(1, 4), {}))
        found.append(tried[-1] if len(tried[-1]) <= LONGEST else min(tried, key=len))
    return found


def module_text(exprs: list[str], printed_from: int | None = 0) -> str:
    """The module defining `E0`, `E1`, ...; with `ASSUME PrintT(<<"Ei", Ei>>)` for each i from `printed_from`
    on (none when None): TLC's module, or ttt-check's."""
    lines = [f"---- MODULE {MODULE} ----", "EXTENDS Integers, Sequences, FiniteSets, TLC", PRELUDE]
    lines += [f"E{i} == {text}\n" for i, text in enumerate(exprs)]
    if printed_from is not None:
        lines += [f'ASSUME PrintT(<<"E{i}", E{i}>>)' for i in range(printed_from, len(exprs))]
    lines.append("====")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Outcome:
    """A value (as `tlc.parse_value` reads it), an error (the spec's, in TLC or ttt-check), a refusal
    (ttt-check's `Unsupported`), or what should never happen (ttt-check's crash or time-out)."""

    kind: str  # "value", "error", "refused", "crash"
    value: Any = None
    text: str = ""

    def agrees(self, other: "Outcome") -> bool:
        if self.kind == "value" and other.kind == "value":
            return tlc.strict(self.value) == tlc.strict(other.value)
        return self.kind in ("error", "refused") and other.kind in ("error", "refused")


class Rejected(Exception):
    """TLC refused the generated module as a whole (SANY's error): the generator's fault, or a difference
    in what each tool accepts."""


_ASSUMPTION_FAILED = re.compile(r"^Error: Evaluating assumption line (\d+), col \d+ to .* of module \w+ failed\.$")


def tlc_answers(folder: Path, exprs: list[str]) -> dict[int, Outcome]:
    """What TLC prints for each expression: its value, or its error (TLC stops at the first failing
    assumption: run again from the next one)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{MODULE}.cfg").write_text(CONFIG)
    answers: dict[int, Outcome] = {}
    start = 0
    while start < len(exprs):
        text = module_text(exprs, start)
        spec = folder / f"{MODULE}.tla"
        spec.write_text(text)
        report = tlc.run(spec, folder / f"{MODULE}.cfg", timeout=600)
        lines = report.output.splitlines()
        begin = next((i for i, line in enumerate(lines) if line.startswith("Starting...")), None)
        if begin is None:
            raise Rejected(report.verdict.message or report.output[-2000:])
        printed, failed = [], None
        for line in lines[begin + 1 :]:
            if line.startswith("Error: "):
                failed = _ASSUMPTION_FAILED.match(line)
                if failed is None:
                    raise Rejected(report.output[-2000:])
                break
            if line.startswith(("Computing initial states", "Model checking completed")):
                break
            if line.startswith("<<"):
                printed.append(line)
            elif printed and line[:1].isspace():
                printed[-1] += "\n" + line
        for chunk in printed:
            name, value = tlc.parse_value(chunk)
            answers[int(name[1:])] = Outcome("value", value, chunk)
        if failed is None:
            break
        first_assume = text.splitlines().index(f'ASSUME PrintT(<<"E{start}", E{start}>>)') + 1
        index = start + int(failed.group(1)) - first_assume
        message = report.verdict.message or "\n".join(lines[lines.index(failed.group(0)) : ][:6])
        answers[index] = Outcome("error", None, message)
        start = index + 1
    return answers


class _TimedOut(Exception):
    pass


def _alarm(signum, frame):
    raise _TimedOut()


def ttt_answers(folder: Path, exprs: list[str], seconds: int = 20) -> dict[int, Outcome]:
    """What ttt-check's evaluator gives for each expression of the same module (without the assumptions)."""
    from checker.tla.errors import TlaError, Unsupported
    from checker.tla.spec_model import load

    folder.mkdir(parents=True, exist_ok=True)
    spec_path, cfg_path = folder / f"{MODULE}.tla", folder / f"{MODULE}.cfg"
    spec_path.write_text(module_text(exprs, None))
    cfg_path.write_text(CONFIG)
    spec = load(str(spec_path), str(cfg_path))
    answers = {}
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for i in range(len(exprs)):
            signal.alarm(seconds)
            try:
                printed = spec.evaluate(None, f"E{i}")
                try:
                    answers[i] = Outcome("value", tlc.parse_value(printed), printed)
                except tlc.NotAValue as error:
                    answers[i] = Outcome("crash", None, f"printed what is no TLA+ value ({error}): {printed[:300]}")
            except Unsupported as error:
                answers[i] = Outcome("refused", None, str(error))
            except TlaError as error:
                answers[i] = Outcome("error", None, str(error))
            except _TimedOut:
                answers[i] = Outcome("crash", None, f"no answer in {seconds} s")
            except (Exception, RecursionError) as error:  # noqa: BLE001 -- any other exception is ttt-check's bug
                answers[i] = Outcome("crash", None, f"{type(error).__name__}: {error}")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return answers


@dataclass(frozen=True)
class Difference:
    name: str
    expression: str
    tlc: Outcome
    ttt: Outcome
    #: the known difference it may be an instance of (see KNOWN_EXPRESSION_DIFFERENCES)
    known: str | None = None


#: differences already reported, told apart so that a run shows the others
KNOWN_EXPRESSION_DIFFERENCES = {
    "lazy arguments": "TLC evaluates an operator's argument only where the operator reads it: an argument that "
                      "fails, given to an operator that never reads it, fails in ttt-check alone",
    "strings' order": "a CHOOSE that TLC's order of strings decides is refused by ttt-check (docs/tla.md), even "
                      "where, as in the generated modules, that order is the one ttt-check would take",
}  # fmt: skip
#: ttt-check's refusal of a CHOOSE that TLC's order of strings decides
_STRINGS_ORDER = "CHOOSE between elements that differ in their strings"
#: a parameter of a LET operator or of a LAMBDA, as the generator names them
_PARAMETER = re.compile(r"LET F\d+\((p\d+)\)|LAMBDA (x\d+) :")


def known_difference(text: str, theirs: Outcome, ours: Outcome) -> str | None:
    """The known difference an expression's may be: a value in TLC, an error in ttt-check, where an operator
    of the expression never reads its parameter."""
    if ours.kind == "refused" and _STRINGS_ORDER in ours.text:
        return "strings' order"
    if theirs.kind != "value" or ours.kind != "error":
        return None
    unread = [name for pair in _PARAMETER.findall(text) for name in pair if name and len(re.findall(rf"\b{name}\b", text)) == 1]
    return "lazy arguments" if unread else None


def compare(exprs: list[str], theirs: dict[int, Outcome], ours: dict[int, Outcome]) -> list[Difference]:
    """Each expression where TLC and ttt-check disagree, value for value and error for error."""
    missing = Outcome("crash", None, "no answer")
    found = []
    for i, text in enumerate(exprs):
        a, b = theirs.get(i, missing), ours.get(i, missing)
        if not a.agrees(b):
            found.append(Difference(f"E{i}", text, a, b, known_difference(text, a, b)))
    return found


def run_expressions(folder: Path, seed: int, count: int) -> tuple[list[Difference], Counter]:
    """One generated module of `count` expressions, evaluated by both: the differences, and how many of
    TLC's answers were values and errors."""
    exprs = expressions(seed, count)
    theirs = tlc_answers(folder / "tlc", exprs)
    ours = ttt_answers(folder / "ttt", exprs)
    kinds = Counter(("values" if o.kind == "value" else "errors") for o in theirs.values())
    return compare(exprs, theirs, ours), kinds


# ---- specs -------------------------------------------------------------------------------------------

#: the kinds of variable a generated spec has: its type, its initial values, how a value is brought back
#: into its bounds (so that the state space stays finite), and the invariant that it stays there
VARIABLE_KINDS = {
    "int": (INT, "0..2", "(({e}) % 3)", "{v} \\in 0..2"),
    "bool": (BOOL, "BOOLEAN", "{e}", "{v} \\in BOOLEAN"),
    "set": (("set", INT), "{{{{}}, {{1}}}}", "(({e}) \\cap (0..2))", "{v} \\subseteq 0..2"),
    "fcn": (("fcn", INT, INT), "{{[k \\in 1..2 |-> 0]}}", "(LET {n} == {e} IN [k \\in 1..2 |-> {n}[k] % 3])",
            "{v} \\in [1..2 -> 0..2]"),
    "seq": (("seq", INT), "{{<<>>, <<1>>}}", "(LET {n} == {e} IN IF Len({n}) <= 2 THEN [k \\in DOMAIN {n} |-> {n}[k] % 2] ELSE <<>>)",
            "{v} \\in Seq(0..1) /\\ Len({v}) <= 2"),
    "rec": (("rec", INT, BOOL), "[a : 0..1, b : BOOLEAN]", "(LET {n} == {e} IN [a |-> {n}.a % 3, b |-> {n}.b])",
            "{v} \\in [a : 0..2, b : BOOLEAN]"),
}  # fmt: skip


#: steps a variable of each kind takes ({v} the variable, {e} an integer expression, {b} a boolean one)
STEPS = {
    "int": ["({v} + 1) % 3", "({v} + {e}) % 3", "({e}) % 3", "IF {b} THEN ({v} + 1) % 3 ELSE 0"],
    "bool": ["~{v}", "{v} /\\ {b}", "{b}", "{v} # {b}"],
    "set": ["{v} \\cup {{({e}) % 3}}", "{v} \\ {{({e}) % 3}}", "{{x \\in {v} : {b}}}", "({v} \\cup {{1}}) \\ {{({e}) % 3}}"],
    "fcn": ["[{v} EXCEPT ![1 + ({e}) % 2] = (@ + 1) % 3]", "[k \\in 1..2 |-> ({v}[k] + {e}) % 3]",
            "[{v} EXCEPT ![1] = {v}[2], ![2] = {v}[1]]"],
    "seq": ["IF Len({v}) < 2 THEN Append({v}, ({e}) % 2) ELSE Tail({v})", "IF {v} = <<>> THEN <<({e}) % 2>> ELSE Tail({v})",
            "SelectSeq({v}, LAMBDA x : x = ({e}) % 2)", "IF Len({v}) = 2 THEN <<{v}[2], {v}[1]>> ELSE {v} \\o {v}"],
    "rec": ["[{v} EXCEPT !.a = (@ + {e}) % 3]", "[{v} EXCEPT !.b = ~@]", "[{v} EXCEPT !.a = IF {b} THEN 0 ELSE @, !.b = {b}]"],
}  # fmt: skip
#: conditions on a variable of each kind
GUARDS = {
    "int": ["{v} < 2", "{v} # {e}", "{v} = 0"],
    "bool": ["{v}", "~{v}"],
    "set": ["Cardinality({v}) < 2", "{e} \\in {v}", "{v} = {{}}"],
    "fcn": ["{v}[1] <= {v}[2]", "\\E k \\in DOMAIN {v} : {v}[k] = {e}"],
    "seq": ["Len({v}) < 2", "{v} /= <<>>", "\\A k \\in DOMAIN {v} : {v}[k] = 1"],
    "rec": ["{v}.b", "{v}.a < 2"],
}  # fmt: skip


@dataclass
class SpecText:
    """A generated spec: its module's text and its cfg's."""

    module: str
    config: str


def spec_text(seed: int) -> SpecText:
    """A small spec of a few bounded variables, an Init, a Next of generated guards and assignments, and an
    invariant that may fail."""
    rng = random.Random(seed)
    g = Generator(rng, bias=0.55)
    names = [f"v{i}" for i in range(rng.randint(1, 3))]
    kinds = {v: rng.choice(list(VARIABLE_KINDS)) for v in names}
    env = {v: VARIABLE_KINDS[k][0] for v, k in kinds.items()}

    def bounded(v: str, e: str) -> str:
        return VARIABLE_KINDS[kinds[v]][2].format(e=e, n=g.fresh("w"))

    def mentions(text: str) -> bool:
        return re.search(r"\\b(" + "|".join(names) + r")\\b", text) is not None

    def short(t: tuple, scope: dict, depth: int) -> str:
        """The shortest of a few expressions, one that reads the state if any does."""
        tried = [g.expr(t, depth, scope) for _ in range(4)]
        reading = [e for e in tried if mentions(e)] or tried
        return min(reading, key=len) if rng.random() < 0.7 else reading[0]

    def assignment(v: str, scope: dict) -> str:
        r = rng.random()
        if r < 0.15:
            return f"{v}' \\in {{{bounded(v, short(env[v], scope, 1))}, {bounded(v, short(env[v], scope, 1))}}}"
        if r < 0.25:
            cond = short(BOOL, scope, 1)
            return f"(IF {cond} THEN {v}' = {bounded(v, short(env[v], scope, 1))} ELSE {v}' = {v})"
        if r < 0.3:
            return f"{v}' = {v}"
        if r < 0.8:
            step = rng.choice(STEPS[kinds[v]]).format(v=v, e=short(INT, scope, 1), b=short(BOOL, scope, 1))
            return f"{v}' = {bounded(v, step)}"
        return f"{v}' = {bounded(v, short(env[v], scope, rng.randint(1, 2)))}"

    def guard(scope: dict) -> str:
        if rng.random() < 0.6:
            v = rng.choice(names)
            return rng.choice(GUARDS[kinds[v]]).format(v=v, e=short(INT, scope, 1))
        return short(BOOL, scope, rng.randint(1, 2))

    def action(i: int) -> str:
        scope = dict(env)
        lines = []
        bound = None
        if rng.random() < 0.35:
            bound, t = g.fresh("i"), rng.choice([INT, BOOL])
            scope[bound] = t
            over = "0..2" if t == INT else "BOOLEAN"
        for _ in range(rng.choice([0, 1, 1, 2])):
            lines.append(guard(scope))
        changed = [v for v in names if rng.random() < 0.7] or [rng.choice(names)]
        rng.shuffle(changed)
        for v in changed:
            lines.append(assignment(v, scope))
            if rng.random() < 0.15:  # a condition on the next state, once assigned
                primed = {**scope, f"{v}'": env[v]}
                lines.append(short(BOOL, {k: t for k, t in primed.items() if k != v or rng.random() < 0.5}, 1))
        kept = [v for v in names if v not in changed]
        if kept:
            lines.append(f"UNCHANGED <<{', '.join(kept)}>>" if rng.random() < 0.7 else f"UNCHANGED {kept[0]}"
                         if len(kept) == 1 else " /\\ ".join(f"{v}' = {v}" for v in kept))  # fmt: skip
        if bound is not None:
            return f"A{i} ==\n    \\E {bound} \\in {over} :\n" + "".join(f"        /\\ {line}\n" for line in lines)
        return f"A{i} ==\n" + "".join(f"    /\\ {line}\n" for line in lines)

    actions = [action(i) for i in range(rng.randint(1, 4))]
    init = " /\\ ".join(
        f"{v} \\in {VARIABLE_KINDS[k][1].format()}" if rng.random() < 0.6 else f"{v} = (CHOOSE x \\in {VARIABLE_KINDS[k][1].format()} : TRUE)"
        for v, k in kinds.items()
    )  # fmt: skip
    invariant = short(BOOL, env, rng.randint(1, 2))
    if rng.random() < 0.6 or not mentions(invariant):  # TLC refuses an invariant that is a constant FALSE
        v = rng.choice(names)
        invariant = rng.choice(GUARDS[kinds[v]]).format(v=v, e=short(INT, env, 1))
    lines = [
        "---- MODULE Gen ----", "EXTENDS Integers, Sequences, FiniteSets, TLC", PRELUDE,
        f"VARIABLES {', '.join(names)}", "", f"Init == {init}", "", *actions,
        "Next == " + " \\/ ".join(f"A{i}" for i in range(len(actions))), "",
        "TypeOK == " + " /\\ ".join(VARIABLE_KINDS[k][3].format(v=v) for v, k in kinds.items()), "",
        f"Inv == {invariant}", "====",
    ]  # fmt: skip
    config = CONFIG + "INIT Init\nNEXT Next\nINVARIANTS TypeOK Inv\n"
    if rng.random() < 0.3:
        config += "CHECK_DEADLOCK FALSE\n"
    return SpecText("\n".join(lines) + "\n", config)


# ---- specs: TLC's answers and ttt-check's ------------------------------------------------------------

#: ttt-check's exit code for each of TLC's verdicts
VERDICT_EXIT = {"holds": 0, "deadlock": 11, "invariant": 12, "error": 3}
_VIOLATED = re.compile(r"^\[violation\] (?:invariant (\w+) is violated|deadlock: no step is possible) after (\d+) steps?",
                       re.MULTILINE)  # fmt: skip
_COUNTED = re.compile(r"^([\d,]+) distinct states, .*, depth (-?\d+);", re.MULTILINE)


def ttt_check_run(args: list[str], seconds: int = 60) -> tuple[int, str]:
    """`ttt-check ARGS` in this process: its exit code and what it printed (-1: no answer in `seconds`)."""
    import contextlib
    import io
    import sys

    from model.commands.main import main

    out = io.StringIO()
    previous_argv, previous = sys.argv, signal.signal(signal.SIGALRM, _alarm)
    sys.argv = ["ttt-check", *args]
    signal.alarm(seconds)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            main()
        code = 0
    except SystemExit as exited:
        code = exited.code if isinstance(exited.code, int) else 1
    except _TimedOut:
        code = -1
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        sys.argv = previous_argv
    return code, out.getvalue()


@dataclass(frozen=True)
class SpecDifference:
    seed: int
    what: str
    tlc: str
    ttt: str
    #: the known difference it is an instance of, if any (see KNOWN_SPEC_DIFFERENCES)
    known: str | None = None


#: differences that are deliberate or already reported, told apart so that a run shows the others
KNOWN_SPEC_DIFFERENCES = {
    "violations": "ttt-check reports every invariant violated and the deadlock met at the first depth with one, "
                  "and exits 12 when an invariant is among them; TLC names the first it met, a deadlock included",
    "strings' order": KNOWN_EXPRESSION_DIFFERENCES["strings' order"],
}  # fmt: skip


def compare_spec(seed: int, report: tlc.Report, code: int, printed: str) -> list[SpecDifference]:
    """Where ttt-check's answer on a generated spec is not TLC's: the verdict, and the distinct states and
    depth when TLC saw every state, or the length of the counterexample it stopped at."""
    kind = report.verdict.kind
    violated = {(name or "deadlock"): int(steps) for name, steps in _VIOLATED.findall(printed)}
    tlc_said = f"{kind} {report.verdict.name or ''} ({report.verdict.message[:200]})".strip()
    if code != VERDICT_EXIT.get(kind, 3):
        known = None
        if kind == "deadlock" and code == 12 and violated.get("deadlock") == len(report.trace) - 1:
            known = "violations"
        behaviour = re.search(r"cannot be evaluated in the last state of this behaviour:.*\[State (\d+)\]", printed,
                              re.DOTALL)  # fmt: skip
        if kind in ("deadlock", "invariant") and code == 3 and behaviour and int(behaviour.group(1)) >= len(report.trace) - 1:
            known = "violations"  # an error in a state TLC would have reached after the violation it stopped at
        if code == 3 and _STRINGS_ORDER in printed:
            known = "strings' order"
        return [SpecDifference(seed, "verdict", f"{tlc_said}, exit {report.exit_code}", f"exit {code}: {printed[-600:]}",
                               known)]  # fmt: skip
    found = []
    if kind == "holds":
        counted = _COUNTED.search(printed)
        mine = (int(counted.group(1).replace(",", "")), int(counted.group(2))) if counted else None
        if mine != (report.distinct, report.depth - 1):
            found.append(SpecDifference(seed, "distinct states, depth", f"{report.distinct}, {report.depth - 1}",
                                        str(mine)))  # fmt: skip
    elif kind in ("invariant", "deadlock"):
        name = report.verdict.name if kind == "invariant" else "deadlock"
        if violated.get(name) != len(report.trace) - 1:
            found.append(SpecDifference(seed, f"counterexample to {name}", f"{len(report.trace) - 1} steps",
                                        f"{violated.get(name)} steps"))  # fmt: skip
    return found


def run_spec(folder: Path, seed: int, timeout: float = 120) -> tuple[list[SpecDifference], str]:
    """One generated spec checked by both: the differences, and TLC's verdict."""
    text = spec_text(seed)
    folder.mkdir(parents=True, exist_ok=True)
    spec, config = folder / "Gen.tla", folder / "Gen.cfg"
    spec.write_text(text.module)
    config.write_text(text.config)
    try:
        report = tlc.run(spec, config, timeout=timeout)
    except TimeoutError:
        return [], "timeout"
    if report.verdict.kind == "error" and "Parsing or semantic analysis failed" in report.output:
        raise Rejected(report.verdict.message)
    code, printed = ttt_check_run(["--spec", str(spec), "--config", str(config)], seconds=int(timeout))
    return compare_spec(seed, report, code, printed), report.verdict.kind
