"""The syntax tree of a TLA+ module, as the rest of the front end reads it.

`checker.tla.syntax` builds it from tree-sitter's concrete tree; names are resolved later
(`checker.tla.scope`), so an `Apply` still holds the name as written. Every node knows where it is
(`Loc`), for errors given as `file:line:col` and for TLC's way of naming a place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Loc(NamedTuple):
    """Where a node is: its file and module, its first and last line and column (1-based, the last
    column inclusive, as TLC counts)."""

    file: str
    module: str
    line: int
    col: int
    end_line: int
    end_col: int

    def at(self) -> str:
        """`file:line:col`, as editors and compilers write a place."""
        return f"{self.file}:{self.line}:{self.col}"

    def tlc(self) -> str:
        """The place as TLC writes it: `line 10, col 18 to line 10, col 25 of module out_of_domain`."""
        return f"line {self.line}, col {self.col} to line {self.end_line}, col {self.end_col} of module {self.module}"


NOWHERE = Loc("", "", 0, 0, 0, 0)


class Expr:
    """An expression; subclasses name their parts."""

    __slots__ = ()

    def parts(self) -> tuple:
        """The expressions directly inside this one (for walks over the tree)."""
        return ()


@dataclass(eq=False, slots=True)
class Num(Expr):
    loc: Loc
    value: int


@dataclass(eq=False, slots=True)
class Str(Expr):
    loc: Loc
    value: str


@dataclass(eq=False, slots=True)
class Bool(Expr):
    loc: Loc
    value: bool


@dataclass(eq=False, slots=True)
class Apply(Expr):
    """`name`, `name(args)`, an operator of the language or of a module (`a + b` is `Apply("+", (a, b))`),
    or `I!name(args)` through the named instances in `path` (each with its own arguments)."""

    loc: Loc
    name: str
    args: tuple = ()
    #: `((instance, args), ...)` of `I(1)!J!name`
    path: tuple = ()
    #: set by the resolver: what the name stands for (see `checker.tla.scope`)
    target: Any = None

    def parts(self) -> tuple:
        return self.args + tuple(a for _, args in self.path for a in args)


@dataclass(eq=False, slots=True)
class OpArg(Expr):
    """An operator passed as an argument by its name or symbol (`Op(+, S)`, `Op(F, S)`)."""

    loc: Loc
    name: str
    path: tuple = ()
    target: Any = None


@dataclass(eq=False, slots=True)
class Lambda(Expr):
    loc: Loc
    params: tuple[str, ...]
    body: Expr

    def parts(self) -> tuple:
        return (self.body,)


@dataclass(eq=False, slots=True)
class Bound:
    """`x, y \\in S` or `<<x, y>> \\in S` of a quantifier, a set or a function constructor."""

    names: tuple[str, ...]
    tuple_: bool
    set: Expr | None


@dataclass(eq=False, slots=True)
class Quant(Expr):
    """`\\A` (`forall`) or `\\E` over bounds; unbounded when the bounds' sets are None."""

    loc: Loc
    forall: bool
    bounds: tuple[Bound, ...]
    body: Expr

    def parts(self) -> tuple:
        return tuple(b.set for b in self.bounds if b.set is not None) + (self.body,)


@dataclass(eq=False, slots=True)
class Choose(Expr):
    loc: Loc
    bound: Bound
    body: Expr

    def parts(self) -> tuple:
        return ((self.bound.set,) if self.bound.set is not None else ()) + (self.body,)


@dataclass(eq=False, slots=True)
class SetEnum(Expr):
    loc: Loc
    items: tuple

    def parts(self) -> tuple:
        return self.items


@dataclass(eq=False, slots=True)
class SetFilter(Expr):
    """`{x \\in S : P}`."""

    loc: Loc
    bound: Bound
    body: Expr

    def parts(self) -> tuple:
        return (self.bound.set, self.body)


@dataclass(eq=False, slots=True)
class SetMap(Expr):
    """`{e : x \\in S, ...}`."""

    loc: Loc
    body: Expr
    bounds: tuple[Bound, ...]

    def parts(self) -> tuple:
        return tuple(b.set for b in self.bounds) + (self.body,)


@dataclass(eq=False, slots=True)
class FcnLit(Expr):
    """`[x \\in S |-> e]`; `name` is set for a recursive function definition `f[x \\in S] == e`."""

    loc: Loc
    bounds: tuple[Bound, ...]
    body: Expr
    name: str | None = None

    def parts(self) -> tuple:
        return tuple(b.set for b in self.bounds) + (self.body,)


@dataclass(eq=False, slots=True)
class FcnApp(Expr):
    """`f[a]`, or `f[a, b]` (applied to the tuple `<<a, b>>`)."""

    loc: Loc
    fn: Expr
    args: tuple

    def parts(self) -> tuple:
        return (self.fn,) + self.args


@dataclass(eq=False, slots=True)
class FcnSet(Expr):
    """`[S -> T]`."""

    loc: Loc
    domain: Expr
    range: Expr

    def parts(self) -> tuple:
        return (self.domain, self.range)


@dataclass(eq=False, slots=True)
class RecordLit(Expr):
    """`[a |-> 1, b |-> 2]`."""

    loc: Loc
    fields: tuple[tuple[str, Expr], ...]

    def parts(self) -> tuple:
        return tuple(e for _, e in self.fields)


@dataclass(eq=False, slots=True)
class RecordSet(Expr):
    """`[a : S, b : T]`."""

    loc: Loc
    fields: tuple[tuple[str, Expr], ...]

    def parts(self) -> tuple:
        return tuple(e for _, e in self.fields)


@dataclass(eq=False, slots=True)
class Dot(Expr):
    """`r.a`."""

    loc: Loc
    record: Expr
    field: str

    def parts(self) -> tuple:
        return (self.record,)


@dataclass(eq=False, slots=True)
class Except(Expr):
    """`[f EXCEPT !.a[i] = e, ...]`: each update a path of steps (`("field", name)` or `("app", args)`)
    and the new value, in which `@` is the old one."""

    loc: Loc
    fn: Expr
    updates: tuple[tuple[tuple, Expr], ...]

    def parts(self) -> tuple:
        inner = [e for path, _ in self.updates for kind, step in path if kind == "app" for e in step]
        return (self.fn, *inner, *(e for _, e in self.updates))


@dataclass(eq=False, slots=True)
class At(Expr):
    """`@` in an EXCEPT's new value."""

    loc: Loc


@dataclass(eq=False, slots=True)
class Tuple(Expr):
    loc: Loc
    items: tuple

    def parts(self) -> tuple:
        return self.items


@dataclass(eq=False, slots=True)
class If(Expr):
    loc: Loc
    cond: Expr
    then: Expr
    else_: Expr

    def parts(self) -> tuple:
        return (self.cond, self.then, self.else_)


@dataclass(eq=False, slots=True)
class Case(Expr):
    loc: Loc
    arms: tuple[tuple[Expr, Expr], ...]
    other: Expr | None

    def parts(self) -> tuple:
        return tuple(e for arm in self.arms for e in arm) + ((self.other,) if self.other is not None else ())


@dataclass(eq=False, slots=True)
class Let(Expr):
    loc: Loc
    defs: tuple
    body: Expr
    #: the names of its definitions declared RECURSIVE
    recursive: frozenset = frozenset()

    def parts(self) -> tuple:
        return (self.body,)


@dataclass(eq=False, slots=True)
class Junction(Expr):
    """A conjunction (`/\\`) or disjunction (`\\/`) of items: a bulleted list or an infix chain, flattened."""

    loc: Loc
    conj: bool
    items: tuple
    #: whether it was written as a bulleted list
    bulleted: bool = False

    def parts(self) -> tuple:
        return self.items


@dataclass(eq=False, slots=True)
class Subexpr(Expr):
    """A part of a definition named by its position: `Inv!2`, `Op(1, 2)!<<`, `I!Op!1!>>`, `Thm!:`. `head`
    names the definition (with its arguments and instance path, as an `Apply`); `selectors` are the steps
    down into its body: an int (the n-th conjunct, disjunct or operand), "<<", ">>" or ":"."""

    loc: Loc
    head: Apply
    selectors: tuple
    #: where each selector is written
    places: tuple = ()

    def parts(self) -> tuple:
        return self.head.parts()


@dataclass(eq=False, slots=True)
class Step(Expr):
    """`[A]_v` (`box`) or `<<A>>_v`."""

    loc: Loc
    box: bool
    action: Expr
    sub: Expr

    def parts(self) -> tuple:
        return (self.action, self.sub)


@dataclass(eq=False, slots=True)
class Fairness(Expr):
    """`WF_v(A)` or `SF_v(A)`."""

    loc: Loc
    strong: bool
    sub: Expr
    action: Expr
    #: written in an instantiated module: its variables, each (name, what is substituted for it)
    instance_vars: tuple = ()

    def parts(self) -> tuple:
        return (self.sub, self.action)


@dataclass(eq=False, slots=True)
class Given(Expr):
    """`body` with the bound name `uid` given a value held in the namespace as `name` (an instance of a
    property's `\\A p \\in S : F(p)`, one per element)."""

    loc: Loc
    uid: int
    name: str
    body: Expr

    def parts(self) -> tuple:
        return (self.body,)


@dataclass(eq=False, slots=True)
class Param:
    """A parameter of an operator: its name and arity (0 for a value, n for an operator `F(_, _)`)."""

    name: str
    arity: int = 0


@dataclass(eq=False)
class OpDef:
    """`name(params) == body` (`body` is a recursive `FcnLit` for `f[x \\in S] == e`)."""

    name: str
    params: tuple[Param, ...]
    body: Expr
    loc: Loc
    local: bool = False
    recursive: bool = False


@dataclass(eq=False)
class InstanceDef:
    """`INSTANCE M WITH a <- e` (unnamed: `name` None) or `I(params) == INSTANCE M WITH ...`."""

    module: str
    substitutions: tuple[tuple[str, Expr], ...]
    loc: Loc
    name: str | None = None
    params: tuple[Param, ...] = ()
    local: bool = False


@dataclass(eq=False)
class Module:
    """A module as written: what it extends, declares, defines and assumes, in order."""

    name: str
    file: str
    loc: Loc
    extends: tuple[tuple[str, Loc], ...] = ()
    constants: list[tuple[Param, Loc]] = field(default_factory=list)
    variables: list[tuple[str, Loc]] = field(default_factory=list)
    #: OpDef and InstanceDef, in the order written
    units: list = field(default_factory=list)
    assumptions: list[Expr] = field(default_factory=list)
    #: modules written inside this one
    inner: dict[str, "Module"] = field(default_factory=dict)
    #: the operators declared RECURSIVE (usable before their definition)
    recursive: set[str] = field(default_factory=set)
    #: the PlusCal algorithm written in its comments (`checker.tla.pluscal.Algorithm`), if any
    pluscal: Any = None


def walk(e: Any):
    """Every expression in `e`, `e` first (LET definitions' bodies and lambdas included)."""
    pending = [e]
    while pending:
        node = pending.pop()
        if node is None:
            continue
        yield node
        if isinstance(node, Let):
            pending.extend(d.body for d in node.defs if isinstance(d, OpDef))
        pending.extend(node.parts())
