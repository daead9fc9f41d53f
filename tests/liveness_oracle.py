"""Temporal properties under fairness by brute force, sharing nothing with `checker/`.

A graph is `n` states `0..n-1`, its initial states, and its `edges`: the steps (s, t) that change the
state (s != t); every state may also stutter, as in TLA+. A behaviour is shown as a lasso
`(states, loop)`: `states[0] .. states[-1]`, then `states[loop] .. states[-1]` again and again forever;
`loop == len(states) - 1` is the last state stuttering forever.

A fairness condition is `(strong, enabled, steps)`: the states where its action is enabled and the
edges that are its steps. A lasso is fair when, for each condition, its loop (the states and steps it
repeats, the step closing it too) takes one of the steps, or (weak) visits a state not in `enabled`, or
(strong) visits no state in `enabled`: the definitions of WF and SF on a behaviour that repeats its
loop forever.

A formula is a tuple: `("initially", P)`, `("always", P)`, `("eventually", P)`,
`("always eventually", P)`, `("eventually always", P)`, `("leadsTo", P, Q)`, `("leadsTo always", P, Q)`
(P, Q sets of states), `("always action", allowed)` (a set of edges: `[][A]_v`, a stuttering step always allowed) and
`("fair", strong, enabled, steps)` (WF or SF as a property). `holds` decides one on one lasso, by the
definitions of the operators.

`fair_lassos` tries every lasso whose prefix is a walk of at most 2n - 1 steps from an initial state, and
whose loop, from the prefix's last state x, is stuttering in x or one closed walk through x taking
exactly the edges of a strongly connected set of edges (every such set). That is every behaviour
that matters: a fair behaviour breaking a formula can be shortened into one of these. Its infinite part
visits a set of states S and takes a set of edges E forever, and fairness and the formulas' verdicts
on that part depend on S and E only; before it, what breaks the formula (a state, or a step for
`[][A]_v`) is reached by a path of at most n - 1 steps, then S by at most n - 1 more, through states of
the behaviour itself (so a region it stays in stays the same).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import combinations


def reach(start, edges) -> set:
    """The states reachable from `start` by `edges` (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for a, b in edges:
            if a == s and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def strongly_connected(edges: frozenset) -> bool:
    """Whether every state the edges touch reaches every other through them."""
    touched = {s for edge in edges for s in edge}
    return all(reach(s, edges) >= touched for s in touched)


def path(start, goals: set, edges) -> list:
    """A shortest walk from `start` to a state of `goals`, by `edges` (breadth-first)."""
    parent, todo = {start: None}, deque([start])
    while todo:
        s = todo.popleft()
        if s in goals:
            walk = [s]
            while parent[walk[-1]] is not None:
                walk.append(parent[walk[-1]])
            return walk[::-1]
        for a, b in sorted(edges):
            if a == s and b not in parent:
                parent[b] = s
                todo.append(b)
    raise ValueError("no path")


def closed_walk(x, edges: frozenset) -> list:
    """A walk from x back to x that takes every one of `edges` (strongly connected, touching x), and no
    other: go to an edge not taken yet, take it, again; then back to x. `[x]` when there are none."""
    walk, todo = [x], set(edges)
    while todo:
        to_source = path(walk[-1], {a for a, _ in todo}, edges)
        walk += to_source[1:]
        target = min(b for a, b in todo if a == walk[-1])
        walk.append(target)
        todo -= set(zip(walk, walk[1:]))
    return walk + path(walk[-1], {x}, edges)[1:] if len(walk) > 1 else walk


@lru_cache(maxsize=64)
def loops(edges: frozenset) -> dict:
    """State x -> every closed walk from x the lassos repeat (stuttering in x, `[x]`, included)."""
    found = {}
    for size in range(1, len(edges) + 1):
        for subset in map(frozenset, combinations(sorted(edges), size)):
            if strongly_connected(subset):
                for x in {s for edge in subset for s in edge}:
                    found.setdefault(x, []).append(closed_walk(x, subset))
    return found


def walks(n: int, initial, edges, most: int):
    """Every walk of at most `most` steps from an initial state."""
    todo = [[s] for s in sorted(initial)]
    while todo:
        walk = todo.pop()
        yield walk
        if len(walk) <= most:
            todo += [walk + [b] for a, b in sorted(edges) if a == walk[-1]]


def lassos(n: int, initial, edges):
    """Every lasso `decide` tries (see the module doc)."""
    edges = frozenset(edges)
    repeated = loops(edges)
    for prefix in walks(n, initial, edges, 2 * n - 1):
        x = prefix[-1]
        for walk in [[x]] + repeated.get(x, []):
            yield prefix + walk[1:-1], len(prefix) - 1


def repeated(states: list, loop: int) -> tuple[list, list]:
    """The states and the steps (the one closing the loop too) a lasso repeats forever."""
    again = states[loop:]
    steps = list(zip(again, again[1:]))
    if len(again) > 1:
        steps.append((again[-1], again[0]))
    return again, steps


def meets(condition, states: list, loop: int) -> bool:
    strong, enabled, steps = condition
    again, taken = repeated(states, loop)
    if any(step in steps for step in taken):
        return True
    if strong:
        return not any(s in enabled for s in again)
    return not all(s in enabled for s in again)


def fair(states: list, loop: int, conditions) -> bool:
    return all(meets(condition, states, loop) for condition in conditions)


def holds(formula: tuple, states: list, loop: int) -> bool:
    """Whether the behaviour the lasso stands for satisfies `formula`, by the definitions."""
    operator, *args = formula
    again = states[loop:]
    if operator == "initially":
        return states[0] in args[0]
    if operator == "always":
        return all(s in args[0] for s in states)
    if operator == "eventually":
        return any(s in args[0] for s in states)
    if operator == "always eventually":
        return any(s in args[0] for s in again)
    if operator == "eventually always":
        return all(s in args[0] for s in again)
    if operator == "leadsTo":  # each state where P holds has Q then or later: scanned from the end
        p, q = args
        later = any(t in q for t in again)
        for s in reversed(states):
            later = later or s in q
            if s in p and not later:
                return False
        return True
    if operator == "leadsTo always":  # once P holds, Q holds for good later: the repeating part is all Q
        p, q = args
        return not any(s in p for s in states) or all(s in q for s in again)
    if operator == "always action":
        steps = list(zip(states, states[1:])) + repeated(states, loop)[1]
        return all(s == t or (s, t) in args[0] for s, t in steps)
    if operator == "fair":
        return meets(tuple(args), states, loop)
    raise ValueError(operator)


def fair_lassos(n: int, initial, edges, conditions) -> list:
    """The fair ones among the lassos `decide` tries."""
    return [(states, loop) for states, loop in lassos(n, initial, edges) if fair(states, loop, conditions)]


def decide(behaviours: list, formula: tuple) -> bool:
    """Whether every behaviour of `fair_lassos` satisfies `formula`."""
    return all(holds(formula, states, loop) for states, loop in behaviours)
