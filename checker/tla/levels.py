"""The level of a TLA+ expression, as SANY computes it: 0 constant, 1 state (reads variables), 2 action
(reads primed variables), 3 temporal. It decides how an expression is evaluated: a constant once, a
state function once per state, an action as a step, a temporal formula by the liveness checker."""

from __future__ import annotations

from typing import Any

from checker.tla import tree as t
from checker.tla.scope import Const, Definition, LambdaDef, Local, OpParam, Var
from checker.tla.stdlib import Builtin

CONSTANT, STATE, ACTION, TEMPORAL = 0, 1, 2, 3

_FIXED = {"ENABLED": STATE, "UNCHANGED": ACTION, "[]": TEMPORAL, "<>": TEMPORAL, "~>": TEMPORAL,
          "-+->": TEMPORAL, "\\cdot": ACTION}  # fmt: skip


class Levels:
    """Levels of expressions, each definition's computed once."""

    def __init__(self):
        self.memo: dict[int, int] = {}

    def of(self, e: Any) -> int:
        if isinstance(e, (t.Num, t.Str, t.Bool, t.At)) or e is None:
            return CONSTANT
        if isinstance(e, t.Apply):
            return self._apply(e)
        if isinstance(e, t.OpArg):
            return self.definition(e.target) if isinstance(e.target, (Definition, LambdaDef)) else CONSTANT
        if isinstance(e, LambdaDef):
            return self.of(e.body)
        if isinstance(e, t.Fairness):
            return TEMPORAL
        if isinstance(e, t.Step):  # `[A]_v` is an action; `[][A]_v` is temporal ([] raises it)
            return max(ACTION, self.of(e.action), self.of(e.sub))
        if isinstance(e, t.Let):
            return self.of(e.body)
        return max((self.of(p) for p in e.parts()), default=CONSTANT)

    def _apply(self, e: t.Apply) -> int:
        target = e.target
        args = max((self.of(a) for a in e.args), default=CONSTANT)
        if isinstance(target, Var):
            return STATE
        if isinstance(target, (Const, Local)):
            return args
        if isinstance(target, (Definition, LambdaDef)):
            return max(self.definition(target), args)
        if isinstance(target, OpParam):
            return args
        if isinstance(target, Builtin):
            if target.name == "'":
                return max(ACTION, args)
            fixed = _FIXED.get(target.name)
            return max(fixed, args) if fixed is not None and fixed > args else args if fixed is None else fixed
        return args

    def definition(self, d: Any) -> int:
        """The level of a definition's body, its parameters taken as constants."""
        key = id(d)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.memo[key] = CONSTANT  # a recursive definition: its own level does not raise itself
        level = self.of(d.resolved_body())
        self.memo[key] = level
        return level
