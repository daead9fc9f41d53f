"""Temporal properties as data: formulas over named state predicates.

A model declares its temporal properties next to its invariants, written as
in Quint: `TemporalProperty("XMustEventuallyWin", eventually(wonX), doc)`.
The operators are the ones the liveness checker (`checker.properties.liveness`) decides:
`always(P)`, `eventually(P)`, `always(eventually(P))`,
`eventually(always(P))`, `leadsTo(P, Q)` (P ~> Q), `leadsToAlways(P, Q)` (P ~> []Q), a state predicate P alone
(TLA+'s meaning of a formula without temporal operators: P holds in the initial state),
`always(A)` of an action predicate (TLA+'s `[][A]_v`), and a fairness condition itself
(`fair(WF_v(A))`, which TLC checks when a PROPERTY states it).

Fairness conditions (`Fair`) are data too: the front ends build them from the spec
(a TLA+ SPECIFICATION's `WF_vars(A)` and `SF_vars(A)`) and hand them over as callables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

#: The shapes of formula the checker knows, by the operators they nest.
ALWAYS, EVENTUALLY, ALWAYS_EVENTUALLY, EVENTUALLY_ALWAYS, LEADS_TO, LEADS_TO_ALWAYS, INITIALLY, ALWAYS_ACTION, FAIR = (
    "always",
    "eventually",
    "always eventually",
    "eventually always",
    "leadsTo",
    "leadsTo always",
    "initially",
    "always action",
    "fair",
)


@dataclass(frozen=True)
class StatePredicate:
    """A named condition on one state, e.g. `won(X)`."""

    name: str
    holds: Callable[[Hashable], bool]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ActionPredicate:
    """A named condition on one step `(s, t)`, e.g. TLA+'s `[Next]_vars`: whether the step is allowed.

    Asked only of steps that change the state: a stuttering step is always allowed."""

    name: str
    holds: Callable[[Hashable, Hashable], bool]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Fair:
    """A fairness condition, weak (`WF_v(A)`) or strong (`SF_v(A)`), named as the spec writes it.

    `enabled(s)`: ENABLED <<A>>_v holds in s. `step(s, t)`: (s, t) is an <<A>>_v step; asked only of
    steps that change the state (a stuttering step is never one). Both left out: the whole next-state
    relation with v all the variables, read off the state graph (enabled where a step changes the state,
    and every such step is one): `Fair(False, "WF_vars(Next)")`.
    """

    strong: bool
    name: str
    enabled: Callable[[Hashable], bool] | None = None
    step: Callable[[Hashable, Hashable], bool] | None = None

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Settles:
    """`<>[][A]_v` among a spec's assumptions: from some state on, every step is an A step or leaves v
    unchanged. `step(s, t)`: the step is allowed; asked only of steps that change the state."""

    name: str
    step: Callable[[Hashable, Hashable], bool]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Fairness:
    """The fairness a property is checked under: conditions every behaviour it considers meets.

    `whole` names the weak fairness of the whole next-state relation as the spec's language writes it
    (`WF_vars(Next)`): a counterexample that stutters forever where a step could change the state gets a
    warning proposing it, with `how` the way to add it (by default, writing `whole`).
    """

    conditions: tuple[Fair, ...]
    whole: str
    how: str | None = None
    #: what the behaviours settle into, from some state on (`<>[][A]_v`)
    settles: tuple[Settles, ...] = ()

    @property
    def under(self) -> str:
        """As verdicts say it: `under WF_vars(MoveX) /\\ SF_vars(MoveO)`, or `without fairness`."""
        if not self.conditions and not self.settles:
            return "without fairness"
        return "under " + " /\\ ".join(map(str, self.conditions + self.settles))

    def with_whole(self) -> "Fairness":
        """The same conditions and weak fairness of the whole next-state relation."""
        return Fairness(self.conditions + (Fair(False, self.whole),), self.whole, self.how, self.settles)


@dataclass(frozen=True)
class Formula:
    """A temporal operator applied to predicates: state predicates (one, or two for leadsTo), one
    action predicate (`[][A]_v`), or one fairness condition (`WF_v(A)` as a property).

    `written`: the formula as its spec writes it (`<>Won("X")`), shown instead of the Quint notation."""

    operator: str
    predicates: tuple[StatePredicate | ActionPredicate | Fair, ...]
    written: str | None = None
    #: only the behaviours from initial states where this holds (TLA+'s `c => F`, c a state predicate)
    initial: StatePredicate | None = None
    #: only the behaviours in whose every state this holds (TLA+'s `[]c => F`)
    assuming: StatePredicate | None = None

    def __str__(self) -> str:
        if self.written is not None:
            return self.written
        names = ", ".join(map(str, self.predicates))
        if self.operator == FAIR:
            return names
        if self.operator == ALWAYS_ACTION:
            return f"always({names})"
        if self.operator == LEADS_TO:
            return f"leadsTo({names})"
        if self.operator == LEADS_TO_ALWAYS:
            return f"leadsTo({self.predicates[0]}, always({self.predicates[1]}))"
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
    fairness: str | Fairness | None = None


def always(body: StatePredicate | ActionPredicate | Formula) -> Formula:
    """`always(P)`: P holds in every state; `always(eventually(P))`: P holds infinitely often;
    `always(A)` of an action predicate (`[][A]_v`): every step is allowed by A."""
    if isinstance(body, StatePredicate):
        return Formula(ALWAYS, (body,))
    if isinstance(body, ActionPredicate):
        return Formula(ALWAYS_ACTION, (body,))
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


def leadsToAlways(p: StatePredicate, q: StatePredicate) -> Formula:
    """`P ~> []Q`: whenever P holds, from then or later on Q holds for good (TLA+'s `[](P => <>[]Q)`)."""
    return Formula(LEADS_TO_ALWAYS, (p, q))


def initially(p: StatePredicate) -> Formula:
    """A state predicate as a temporal property: it holds in the initial state of every behaviour."""
    return Formula(INITIALLY, (p,))


def fair(condition: Fair) -> Formula:
    """A fairness condition as a property: every behaviour meets `WF_v(A)` (or `SF_v(A)`)."""
    return Formula(FAIR, (condition,))
