"""Temporal properties as data: formulas over named state predicates.

A model declares its temporal properties next to its invariants, written as
in Quint: `TemporalProperty("XMustEventuallyWin", eventually(wonX), doc)`.
The operators are the ones the liveness checker (`checker.properties.liveness`) decides:
`always(P)`, `eventually(P)`, `always(eventually(P))`,
`eventually(always(P))`, `leadsTo(P, Q)` (P ~> Q), and a state predicate P alone
(TLA+'s meaning of a formula without temporal operators: P holds in the initial state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

#: The shapes of formula the checker knows, by the operators they nest.
ALWAYS, EVENTUALLY, ALWAYS_EVENTUALLY, EVENTUALLY_ALWAYS, LEADS_TO, INITIALLY = (
    "always",
    "eventually",
    "always eventually",
    "eventually always",
    "leadsTo",
    "initially",
)


@dataclass(frozen=True)
class StatePredicate:
    """A named condition on one state, e.g. `won(X)`."""

    name: str
    holds: Callable[[Hashable], bool]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Formula:
    """A temporal operator applied to state predicates (one, or two for leadsTo)."""

    operator: str
    predicates: tuple[StatePredicate, ...]

    def __str__(self) -> str:
        names = ", ".join(map(str, self.predicates))
        if self.operator == LEADS_TO:
            return f"leadsTo({names})"
        if self.operator == INITIALLY:
            return names
        text = names
        for word in reversed(self.operator.split()):
            text = f"{word}({text})"
        return text


@dataclass(frozen=True)
class TemporalProperty:
    """A named temporal formula that every behaviour of the model must satisfy."""

    name: str
    formula: Formula
    doc: str = ""
    #: the fairness the property assumes itself (Quint's `weakFair(step, vars) implies ...`), else --fairness
    fairness: str | None = None


def always(body: StatePredicate | Formula) -> Formula:
    """`always(P)`: P holds in every state; `always(eventually(P))`: P holds infinitely often."""
    if isinstance(body, StatePredicate):
        return Formula(ALWAYS, (body,))
    if body.operator == EVENTUALLY:
        return Formula(ALWAYS_EVENTUALLY, body.predicates)
    raise ValueError(f"always({body}) is not supported: use always(P) or always(eventually(P))")


def eventually(body: StatePredicate | Formula) -> Formula:
    """`eventually(P)`: P holds in some state; `eventually(always(P))`: from some state on, P always holds."""
    if isinstance(body, StatePredicate):
        return Formula(EVENTUALLY, (body,))
    if body.operator == ALWAYS:
        return Formula(EVENTUALLY_ALWAYS, body.predicates)
    raise ValueError(f"eventually({body}) is not supported: use eventually(P) or eventually(always(P))")


def leadsTo(p: StatePredicate, q: StatePredicate) -> Formula:
    """`P ~> Q`: whenever P holds, Q holds then or later, i.e. `always(P implies eventually(Q))`."""
    return Formula(LEADS_TO, (p, q))


def initially(p: StatePredicate) -> Formula:
    """A state predicate as a temporal property: it holds in the initial state of every behaviour."""
    return Formula(INITIALLY, (p,))
