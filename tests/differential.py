"""A differential tester of ttt-check's Quint evaluator against Quint itself.

`Generator` writes random, well-typed Quint expressions (integers of every size and sign with `+`,
`-`, `*`, `/`, `%` on negatives and `^`; booleans; strings; sets, maps, records, tuples, lists and
a sum type with `match`; `fold`, `filter`, `map`, `exists`, `forall`, lambdas; in the specs of even
seeds, folds whose result depends on the order of a set) as the definitions
`e0`, `e1`, ... of a generated spec, which also imports a module under an alias and instantiates
another, beside definitions whose names spell the qualified ones (`B__f`, `I__g`, `True_`).

Quint is the oracle: its REPL (`quint repl -r spec.qnt::main`, one process for the whole batch)
prints each definition's value or its runtime error; `parse_quint` reads what it prints. ttt-check
compiles the same spec (with Quint's front end, as it always does) and evaluates each definition
with its own evaluator. `compare` says, for each definition, whether both agree value for value
and error for error. Nothing here computes an expected value: the generator knows types only.
"""

from __future__ import annotations

import random
import re
import subprocess
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gmpy2

#: the sum type every generated spec declares
VARIANT_DECL = "type V = A(int) | B | C(str)"
#: the record types generated values take (field names, in order)
RECORD_FIELDS = (("a", "b"), ("x", "y", "z"))
#: strings as literals: plain, empty, with spaces and non-ASCII letters
STRINGS = ('""', '"a"', '"b"', '"ab"', '"hello world"', '"São Paulo"', '"π"', '"A"', '"_"')
#: integers around the places a wrong representation breaks: 2^31, 2^53, 2^63, 2^64, 2^256, and long ones
INTERESTING = [2**31, 2**53, 2**53 + 1, 2**63, 2**64, 2**64 - 1, 2**256 - 1, 10**40, 3**200, 7 * 10**120]


@dataclass(frozen=True)
class T:
    """A Quint type: kind "int", "bool", "str", "set", "list", "map", "tup", "rec", "var", with its parts."""

    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        k, a = self.kind, self.args
        if k in ("int", "bool", "str"):
            return k
        if k == "set":
            return f"Set[{a[0]}]"
        if k == "list":
            return f"List[{a[0]}]"
        if k == "map":
            return f"({a[0]} -> {a[1]})"
        if k == "tup":
            return "(" + ", ".join(map(str, a)) + ")"
        if k == "rec":
            return "{ " + ", ".join(f"{n}: {t}" for n, t in a) + " }"
        return "V"


INT, BOOL, STR, VAR = T("int"), T("bool"), T("str"), T("var")


@dataclass
class Generator:
    """Random well-typed Quint expressions; `names` are the definitions in scope (name -> type)."""

    rng: random.Random
    names: dict = field(default_factory=dict)
    counter: int = 0
    #: whether folds whose result depends on the order of a set are written too (then the evaluator follows the
    #: order Quint's simulator visits sets in, for the whole spec; without them, its own)
    ordered: bool = False

    def fresh(self) -> str:
        self.counter += 1
        return f"v{self.counter}"

    # ---- types ------------------------------------------------------------------

    def type(self, depth: int = 2) -> T:
        r = self.rng.random()
        if depth <= 0 or r < 0.35:
            return self.rng.choice([INT, INT, INT, BOOL, STR, VAR])
        kind = self.rng.choice(["set", "set", "list", "map", "tup", "rec"])
        if kind in ("set", "list"):
            return T(kind, (self.type(depth - 1),))
        if kind == "map":
            return T("map", (self.type(depth - 1), self.type(depth - 1)))
        if kind == "tup":
            return T("tup", tuple(self.type(depth - 1) for _ in range(self.rng.randint(2, 3))))
        names = self.rng.choice(RECORD_FIELDS)
        return T("rec", tuple((n, self.type(depth - 1)) for n in names))

    # ---- expressions ------------------------------------------------------------

    def expr(self, t: T, depth: int, env: dict) -> str:
        """An expression of type `t`, nested about `depth` deep, over the locals `env` (name -> type)."""
        usable = [n for n, nt in {**self.names, **env}.items() if nt == t]
        if usable and self.rng.random() < 0.25:
            return self.rng.choice(usable)
        if depth <= 0:
            return self.leaf(t, env)
        r = self.rng.random()
        if r < 0.08:
            return f"(if ({self.expr(BOOL, depth - 1, env)}) {self.expr(t, depth - 1, env)} else {self.expr(t, depth - 1, env)})"
        if r < 0.13:
            return self.match(t, depth, env)
        if r < 0.17:
            local = self.fresh()
            bound = self.type(1)
            inner = {**env, local: bound}
            return f"({{ val {local} = ({self.expr(bound, depth - 1, env)}) ({self.expr(t, depth - 1, inner)}) }})"
        if r < 0.22:
            return self.fold(t, depth, env)
        if r < 0.26:
            return self.element(t, depth, env)
        return getattr(self, f"make_{t.kind}")(t, depth, env)

    def leaf(self, t: T, env: dict) -> str:
        if t.kind == "int":
            return self.integer()
        if t.kind == "bool":
            return self.rng.choice(["true", "false"])
        if t.kind == "str":
            return self.rng.choice(STRINGS)
        if t.kind == "var":
            return self.rng.choice(["A(" + self.integer() + ")", "B", "C(" + self.rng.choice(STRINGS) + ")"])
        return getattr(self, f"make_{t.kind}")(t, 0, env)

    def integer(self) -> str:
        r = self.rng.random()
        if r < 0.55:
            value = self.rng.randint(-12, 12)
        elif r < 0.75:
            value = self.rng.randint(-(10**6), 10**6)
        elif r < 0.92:
            value = self.rng.choice(INTERESTING) + self.rng.randint(-2, 2)
        else:
            value = self.rng.randint(-(10**300), 10**300)
        value = value if self.rng.random() < 0.8 else -value
        return str(value) if value >= 0 else f"({value})"

    def element(self, t: T, depth: int, env: dict) -> str:
        """A `t` read out of a container: a tuple's item, a record's field, a map's value, a list's element."""
        r = self.rng.random()
        if r < 0.25:
            other = self.type(1)
            items = [other, t] if self.rng.random() < 0.5 else [t, other]
            tup = T("tup", tuple(items))
            return f"{self.expr(tup, depth - 1, env)}._{items.index(t) + 1}"
        if r < 0.5:
            rec = T("rec", (("a", t), ("b", self.type(1))))
            return f"{self.expr(rec, depth - 1, env)}.a"
        if r < 0.75:
            key = self.type(1)
            m = T("map", (key, t))
            return f"{self.expr(m, depth - 1, env)}.get({self.expr(key, depth - 1, env)})"
        lst = T("list", (t,))
        return f"{self.expr(lst, depth - 1, env)}[{self.small_index(depth, env)}]"

    def small_index(self, depth: int, env: dict) -> str:
        return str(self.rng.randint(-1, 4)).replace("-1", "(-1)") if self.rng.random() < 0.8 else self.expr(INT, 0, env)

    def match(self, t: T, depth: int, env: dict) -> str:
        x, s = self.fresh(), self.fresh()
        subject = self.expr(VAR, depth - 1, env)
        cases = [f"| A({x}) => {self.expr(t, depth - 1, {**env, x: INT})}"]
        if self.rng.random() < 0.3:
            cases.append(f"| _ => {self.expr(t, depth - 1, env)}")
        else:
            cases += [f"| B => {self.expr(t, depth - 1, env)}", f"| C({s}) => {self.expr(t, depth - 1, {**env, s: STR})}"]
        return f"(match {subject} {{ {' '.join(cases)} }})"

    def fold(self, t: T, depth: int, env: dict) -> str:
        """`S.fold(init, f)` or `l.foldl(init, f)`, with an f whose result does not depend on the order of a set
        (with `ordered`, often one whose result does: a set as a list, its last element, a number of its digits)."""
        acc, x = self.fresh(), self.fresh()
        if self.ordered and self.rng.random() < 0.5:
            if t.kind == "list":
                s = self.expr(T("set", t.args), depth - 1, env)
                return f"{s}.fold({self.expr(t, depth - 1, env)}, ({acc}, {x}) => {acc}.append({x}))"
            if t.kind == "int" and self.rng.random() < 0.5:
                s = self.expr(T("set", (INT,)), depth - 1, env)
                return f"{s}.fold({self.expr(INT, depth - 1, env)}, ({acc}, {x}) => {acc} * 3 + {x})"
            s = self.expr(T("set", (t,)), depth - 1, env)
            return f"{s}.fold({self.expr(t, depth - 1, env)}, ({acc}, {x}) => {x})"
        if t.kind == "int":
            kind = self.rng.choice(["sum", "count", "max"])
            s = self.expr(T("set", (INT,)), depth - 1, env)
            if kind == "sum":
                return f"{s}.fold({self.expr(INT, depth - 1, env)}, ({acc}, {x}) => {acc} + {x})"
            if kind == "count":
                return f"{s}.fold(0, ({acc}, {x}) => {acc} + 1)"
            return f"{s}.fold({self.expr(INT, depth - 1, env)}, ({acc}, {x}) => (if ({x} > {acc}) {x} else {acc}))"
        if t.kind == "bool":
            s = self.expr(T("set", (BOOL,)), depth - 1, env)
            return f"{s}.fold(false, ({acc}, {x}) => {acc} or {x})"
        if t.kind == "set":
            s = self.expr(T("set", t.args), depth - 1, env)
            return f"{s}.fold({self.expr(t, depth - 1, env)}, ({acc}, {x}) => {acc}.union(Set({x})))"
        if t.kind == "list":
            lst = self.expr(t, depth - 1, env)
            return f"{lst}.foldl({self.expr(t, depth - 1, env)}, ({acc}, {x}) => {acc}.append({x}))"
        lst = self.expr(T("list", (t,)), depth - 1, env)
        return f"{lst}.foldl({self.expr(t, depth - 1, env)}, ({acc}, {x}) => {x})"

    def lam(self, param: T, result: T, depth: int, env: dict) -> str:
        x = self.fresh()
        return f"{x} => {self.expr(result, depth - 1, {**env, x: param})}"

    def make_int(self, t: T, depth: int, env: dict) -> str:
        r = self.rng.random()
        a, b = (self.expr(INT, depth - 1, env) for _ in range(2))
        if r < 0.45:
            return f"({a} {self.rng.choice(['+', '-', '*', '/', '%'])} {b})"
        if r < 0.55:
            exponent = self.rng.choice([str(self.rng.randint(0, 70)), str(self.rng.randint(0, 3)), b, "(-1)"])
            return f"({a} ^ {exponent})"
        if r < 0.62:
            return f"(-{a})"
        if r < 0.72:
            return f"{self.expr(T('set', (self.type(1),)), depth - 1, env)}.size()"
        if r < 0.8:
            return f"{self.expr(T('list', (self.type(1),)), depth - 1, env)}.length()"
        if r < 0.85:
            return f"{self.expr(T('set', (INT,)), depth - 1, env)}.getOnlyElement()"
        if r < 0.9:
            return f"{self.expr(T('list', (INT,)), depth - 1, env)}.head()"
        return self.leaf(t, env)

    def make_bool(self, t: T, depth: int, env: dict) -> str:
        r = self.rng.random()
        if r < 0.25:
            a, b = (self.expr(INT, depth - 1, env) for _ in range(2))
            return f"({a} {self.rng.choice(['<', '<=', '>', '>=', '==', '!='])} {b})"
        if r < 0.4:
            other = self.type(2)
            a, b = (self.expr(other, depth - 1, env) for _ in range(2))
            return f"({a} {self.rng.choice(['==', '!='])} {b})"
        if r < 0.55:
            a, b = (self.expr(BOOL, depth - 1, env) for _ in range(2))
            return self.rng.choice([f"({a} and {b})", f"({a} or {b})", f"not({a})", f"({a} implies {b})", f"({a} iff {b})"])
        if r < 0.7:
            elem = self.type(1)
            s = self.expr(T("set", (elem,)), depth - 1, env)
            op = self.rng.choice(["exists", "forall"])
            return f"{s}.{op}({self.lam(elem, BOOL, depth, env)})"
        if r < 0.85:
            elem = self.type(1)
            s = self.expr(T("set", (elem,)), depth - 1, env)
            return f"{s}.contains({self.expr(elem, depth - 1, env)})"
        if r < 0.92:
            elem = self.type(1)
            a, b = (self.expr(T("set", (elem,)), depth - 1, env) for _ in range(2))
            return f"{a}.subseteq({b})"
        if r < 0.96:
            return f"{self.expr(INT, depth - 1, env)}.in({self.rng.choice(['Nat', 'Int'])})"
        return self.leaf(t, env)

    def make_str(self, t: T, depth: int, env: dict) -> str:
        return self.leaf(t, env)

    def make_var(self, t: T, depth: int, env: dict) -> str:
        r = self.rng.random()
        if r < 0.4:
            return f"A({self.expr(INT, depth - 1, env)})"
        if r < 0.6:
            return "B"
        return f"C({self.expr(STR, depth - 1, env)})"

    def make_set(self, t: T, depth: int, env: dict) -> str:
        elem = t.args[0]
        if depth > 0 and self.rng.random() < 0.25:  # the operators that make sets of a kind of element
            if elem.kind == "map":
                domain, values = (self.expr(T("set", (part,)), 0, env) for part in elem.args)
                return f"setOfMaps({domain}, {values})"
            if elem.kind == "tup" and len(elem.args) == 2:
                a, b = (self.expr(T("set", (part,)), depth - 1, env) for part in elem.args)
                return f"tuples({a}, {b})"
            if elem.kind == "set":
                return f"{self.expr(T('set', elem.args), 0, env)}.powerset()"
        r = self.rng.random()
        if r < 0.3 or depth <= 0:
            if elem == INT and self.rng.random() < 0.3:
                lo = self.rng.randint(-5, 5)
                return f"({lo}).to({lo + self.rng.randint(-1, 6)})"
            count = self.rng.randint(1, 4)
            return "Set(" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(count)) + ")"
        if r < 0.45:
            a, b = (self.expr(t, depth - 1, env) for _ in range(2))
            return f"{a}.{self.rng.choice(['union', 'intersect', 'exclude'])}({b})"
        if r < 0.6:
            return f"{self.expr(t, depth - 1, env)}.filter({self.lam(elem, BOOL, depth, env)})"
        if r < 0.72:
            source = self.type(1)
            return f"{self.expr(T('set', (source,)), depth - 1, env)}.map({self.lam(source, elem, depth, env)})"
        if r < 0.78 and elem.kind == "set":
            inner = T("set", elem.args)
            return f"{self.expr(inner, 0, env)}.powerset()"
        if r < 0.84 and elem.kind == "tup" and len(elem.args) == 2:
            a, b = (self.expr(T("set", (part,)), depth - 1, env) for part in elem.args)
            return f"tuples({a}, {b})"
        if r < 0.9:
            return f"{self.expr(T('map', (elem, self.type(1))), depth - 1, env)}.keys()"
        if r < 0.95 and elem.kind == "set":
            return f"{self.expr(T('set', (t,)), depth - 1, env)}.flatten()"
        if r < 0.97 and elem.kind == "map":
            domain, values = (self.expr(T("set", (part,)), 0, env) for part in elem.args)
            return f"setOfMaps({domain}, {values})"
        if r < 0.97 and elem == INT:
            return f"{self.expr(T('list', (self.type(1),)), depth - 1, env)}.indices()"
        return "Set(" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(self.rng.randint(1, 3))) + ")"

    def make_list(self, t: T, depth: int, env: dict) -> str:
        elem = t.args[0]
        r = self.rng.random()
        if r < 0.35 or depth <= 0:
            if elem == INT and self.rng.random() < 0.3:
                lo = self.rng.randint(-3, 3)
                return f"range({lo}, {lo + self.rng.randint(-1, 5)})"
            return "[" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(self.rng.randint(1, 4))) + "]"
        if r < 0.45:
            return f"{self.expr(t, depth - 1, env)}.append({self.expr(elem, depth - 1, env)})"
        if r < 0.55:
            return f"{self.expr(t, depth - 1, env)}.concat({self.expr(t, depth - 1, env)})"
        if r < 0.63:
            return f"{self.expr(t, depth - 1, env)}.slice({self.small_index(depth, env)}, {self.small_index(depth, env)})"
        if r < 0.7:
            return f"{self.expr(t, depth - 1, env)}.replaceAt({self.small_index(depth, env)}, {self.expr(elem, depth - 1, env)})"
        if r < 0.8:
            return f"{self.expr(t, depth - 1, env)}.select({self.lam(elem, BOOL, depth, env)})"
        if r < 0.88:
            return f"{self.expr(t, depth - 1, env)}.tail()"
        return "[" + ", ".join(self.expr(elem, depth - 1, env) for _ in range(self.rng.randint(1, 3))) + "]"

    def make_map(self, t: T, depth: int, env: dict) -> str:
        key, value = t.args
        r = self.rng.random()
        if r < 0.35 or depth <= 0:
            pairs = [f"{self.expr(key, depth - 1, env)} -> {self.expr(value, depth - 1, env)}" for _ in range(self.rng.randint(1, 3))]
            return "Map(" + ", ".join(pairs) + ")"
        if r < 0.5:
            return f"{self.expr(T('set', (key,)), depth - 1, env)}.mapBy({self.lam(key, value, depth, env)})"
        if r < 0.6:
            return f"{self.expr(t, depth - 1, env)}.set({self.expr(key, depth - 1, env)}, {self.expr(value, depth - 1, env)})"
        if r < 0.72:
            return f"{self.expr(t, depth - 1, env)}.put({self.expr(key, depth - 1, env)}, {self.expr(value, depth - 1, env)})"
        if r < 0.82:
            return f"{self.expr(t, depth - 1, env)}.setBy({self.expr(key, depth - 1, env)}, {self.lam(value, value, depth, env)})"
        # pairs of distinct keys: which of two pairs with one key a map keeps follows the order Quint's
        # simulator visits a set in (see docs/quint.md), as a fold's result does
        return f"{self.expr(T('set', (key,)), depth - 1, env)}.map({(k := self.fresh())} => ({k}, {self.expr(value, depth - 1, {**env, k: key})})).setToMap()"

    def make_tup(self, t: T, depth: int, env: dict) -> str:
        return "(" + ", ".join(self.expr(part, depth - 1, env) for part in t.args) + ")"

    def make_rec(self, t: T, depth: int, env: dict) -> str:
        if depth > 0 and self.rng.random() < 0.25:
            name, part = self.rng.choice(t.args)
            return f"{self.expr(t, depth - 1, env)}.with(\"{name}\", {self.expr(part, depth - 1, env)})"
        return "{ " + ", ".join(f"{name}: {self.expr(part, depth - 1, env)}" for name, part in t.args) + " }"


# ---- specs ---------------------------------------------------------------------

#: module `A`, imported as `B`, and `C`, instantiated as `I`: the main module also defines names that
#: spell theirs (`B__f`, `I__f`, `main__I__f`), and `True_`, `class`
MODULE_A = "module A {\n  pure val f = 1\n  pure def g(x: int): int = x * 10\n  pure val B__f = 100\n}\n"
MODULE_C = "module C {\n  const N: int\n  pure val f = N\n  pure def g(x: int): int = x + N\n}\n"
CLASHING = {
    "B__f": INT, "I__f": INT, "main__I__f": INT, "True_": INT, "class": INT, "B_c_cf": INT, "d_B__f": INT,
}  # fmt: skip
QUALIFIED = {"B::f": INT, "I::f": INT}
#: the longest generated definition, in characters
LONGEST = 300


def spec(seed: int, count: int) -> tuple[str, list[str]]:
    """The text of a generated main module of `count` definitions `e0`... and the names to evaluate."""
    rng = random.Random(seed)
    generator = Generator(rng, ordered=seed % 2 == 0)
    lines = ["module main {", f"  {VARIANT_DECL}", '  import A as B from "./A"', f'  import C(N = {rng.randint(-9, 9)}) as I from "./C"']
    for name in CLASHING:
        lines.append(f"  pure val {name} = {generator.integer()}")
    generator.names.update(CLASHING)
    generator.names.update(QUALIFIED)
    names = list(CLASHING) + list(QUALIFIED)
    for i in range(count):
        t = generator.type(2) if rng.random() < 0.7 else rng.choice([INT, INT, BOOL])
        if rng.random() < 0.1:  # an imported operator
            body = f"{rng.choice(['B::g', 'I::g'])}({generator.expr(INT, 2, {})})"
            t = INT
        else:  # a long expression costs Quint's typechecker more than it finds: written again when too long
            tried = []
            while len(tried) < 20 and (not tried or len(tried[-1]) > LONGEST):
                tried.append(generator.expr(t, rng.randint(1, 4), {}))
            body = tried[-1] if len(tried[-1]) <= LONGEST else min(tried, key=len)
        lines.append(f"  pure val e{i}: {t} = {body}")
        names.append(f"e{i}")
    lines.append("}")
    return "\n".join(lines) + "\n", names


def write_spec(folder: Path, seed: int, count: int) -> tuple[Path, list[str]]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "A.qnt").write_text(MODULE_A)
    (folder / "C.qnt").write_text(MODULE_C)
    text, names = spec(seed, count)
    path = folder / "main.qnt"
    path.write_text(text)
    return path, names


# ---- Quint's answers -------------------------------------------------------------

MARK = "ttt-differential-mark"


@dataclass(frozen=True)
class Outcome:
    """A value (normalized, see `normal`), or an error (its kind), or a refusal (ttt-check's)."""

    kind: str  # "value", "error", "refused"
    value: Any = None
    text: str = ""


def quint_answers(quint: Path, path: Path, names: list[str], timeout: float = 900) -> dict[str, Outcome]:
    """Each name's value or error as Quint's REPL gives it, all in one process. Its input stays open until
    the last answer is read: node ends at the end of its input without writing out what it had left."""
    process = subprocess.Popen(
        [str(quint), "repl", "--backend=typescript", "-q", "-r", f"{path}::main"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=path.parent,
    )  # fmt: skip
    lines: list[str] = []

    def read() -> None:
        marks = 0
        for line in process.stdout:
            lines.append(line)
            marks += line == f'"{MARK}"\n'
            if marks == len(names):
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    process.stdin.write("".join(f'{name}\n"{MARK}"\n' for name in names))
    process.stdin.flush()
    reader.join(timeout)
    process.stdin.close()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    chunks = "".join(lines).split(f'"{MARK}"\n')
    if len(chunks) <= len(names):
        raise RuntimeError(f"Quint's REPL answered {len(chunks) - 1} of {len(names)}:\n{''.join(lines)[-2000:]}")
    answers = {}
    for name, chunk in zip(names, chunks):
        text = chunk.strip()
        if "error" in text.split("\n", 1)[0]:
            code = re.search(r"Error \[(QNT\d+)\]: ([^\n]*)", text)
            answers[name] = Outcome("error", code.group(1) if code else "?", code.group(2) if code else text)
        else:
            answers[name] = Outcome("value", parse_quint(text), text)
    return answers


def parse_quint(text: str) -> Any:
    """A value as Quint prints it, normalized (see `normal`)."""
    tokens = re.findall(r'"[^"]*"|-?\d+|[A-Za-z_][A-Za-z0-9_]*|->|[(){}\[\],:]', text)
    position = 0

    def peek() -> str:
        return tokens[position] if position < len(tokens) else ""

    def take(expected: str | None = None) -> str:
        nonlocal position
        token = peek()
        if expected is not None and token != expected:
            raise ValueError(f"expected {expected!r}, got {token!r} in {text[:200]!r}")
        position += 1
        return token

    def items(close: str, item) -> list:
        found = []
        while peek() != close:
            found.append(item())
            if peek() == ",":
                take(",")
        take(close)
        return found

    def value() -> Any:
        token = take()
        if token.startswith('"'):
            return ("str", token[1:-1])
        if re.fullmatch(r"-?\d+", token):
            return ("int", token)
        if token in ("true", "false"):
            return ("bool", token == "true")
        if token == "Set" and peek() == "(":
            take("(")
            return ("set", frozenset(items(")", value)))
        if token == "Map" and peek() == "(":
            take("(")

            def pair():
                k = value()
                take("->")
                return (k, value())

            return ("map", frozenset(items(")", pair)))
        if token == "(":
            return ("tup", tuple(items(")", value)))
        if token == "[":
            return ("list", tuple(items("]", value)))
        if token == "{":

            def field():
                name = take()
                take(":")
                return (name, value())

            return ("rec", frozenset(items("}", field)))
        if peek() == "(":
            take("(")
            inner = items(")", value)
            return ("var", token, inner[0] if len(inner) == 1 else ("tup", tuple(inner)))
        return ("var", token, ("tup", ()))

    result = value()
    if position != len(tokens):
        raise ValueError(f"unread text after the value: {text[:200]!r}")
    return result


# ---- ttt-check's answers ---------------------------------------------------------


def normal(v: Any) -> Any:
    """A Quint value of `checker.quint.value` in the form `parse_quint` gives (ints as their digits)."""
    from checker.quint.value import QList, Record, Variant

    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("int", gmpy2.mpz(v).digits())
    if isinstance(v, str):
        return ("str", v)
    if isinstance(v, Variant):
        return ("var", v.tag, normal(v.value) if v.value != () else ("tup", ()))
    if isinstance(v, QList):
        return ("list", tuple(map(normal, v)))
    if isinstance(v, tuple):
        return ("tup", tuple(map(normal, v)))
    if isinstance(v, Record):
        return ("rec", frozenset((k, normal(x)) for k, x in v.items()))
    if isinstance(v, dict):
        return ("map", frozenset((normal(k), normal(x)) for k, x in v.items()))
    if isinstance(v, frozenset):
        return ("set", frozenset(map(normal, v)))
    raise TypeError(f"not a Quint value: {v!r}")


def ttt_answers(quint: Path, path: Path, names: list[str]) -> dict[str, Outcome]:
    """Each name's value or error as ttt-check's evaluator gives it (the spec compiled by Quint's front end)."""
    from checker.quint.errors import QuintError, Refused
    from checker.quint.runtime import to_value
    from checker.quint.spec_model import load
    from checker.quint.value import flat as shown

    model = load(str(path), str(quint), tests=True)
    answers = {}
    for name in names:
        flat = model.program.defs.get(name) and name
        flat = flat or next(d for d in model.program.defs if d.endswith("::" + name) or d == f"main::{name}")
        try:
            value = to_value(model.program.value(flat)(None))
            answers[name] = Outcome("value", normal(value), shown(value))
        except Refused as error:
            answers[name] = Outcome("refused", text=str(error))
        except QuintError as error:
            answers[name] = Outcome("error", text=str(error))
    return answers


@dataclass
class Finding:
    name: str
    definition: str
    quint: Outcome
    ttt: Outcome


def definitions(text: str) -> dict[str, str]:
    """The text of each `pure val NAME...` line of a generated spec."""
    return {m.group(1): m.group(0).strip() for m in re.finditer(r"^\s*pure val (\w+)\b.*$", text, re.M)}


def compare(quint: dict[str, Outcome], ttt: dict[str, Outcome], text: str) -> list[Finding]:
    """The definitions where ttt-check and Quint disagree: a value against another, or against an error."""
    lines = definitions(text)
    found = []
    for name, expected in quint.items():
        got = ttt[name]
        if expected.kind == "error" and got.kind in ("error", "refused"):
            continue
        if expected.kind == got.kind == "value" and expected.value == got.value:
            continue
        found.append(Finding(name, lines.get(name, name), expected, got))
    return found


class Rejected(Exception):
    """Quint rejects a generated spec: the generator's own error (the message is Quint's)."""


def run_batch(quint: Path, folder: Path, seed: int, count: int) -> tuple[int, list[Finding], Counter]:
    """Generate, evaluate with both, compare: how many definitions were compared, the differences, and
    how many of Quint's answers were values and errors."""
    from checker.quint.frontend import QuintMessage

    path, names = write_spec(folder, seed, count)
    try:
        got = ttt_answers(quint, path, names)
    except QuintMessage as error:
        raise Rejected(str(error)) from None
    expected = quint_answers(quint, path, names)
    kinds = Counter("values" if answer.kind == "value" else "errors" for answer in expected.values())
    return len(names), compare(expected, got, path.read_text()), kinds
