"""The Quint specs the evaluator is tested on, from the IR fixtures Quint 0.33.0 wrote (no Quint needed)."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

from checker.quint.spec_model import QuintSpec

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "ir"
SOURCES = {path.stem: path for path in [*ROOT.glob("specs/*.qnt"), *ROOT.glob("tests/specs/*.qnt")]}


def spec(name: str, **options) -> QuintSpec:
    """The evaluated spec `name` (a file stem of specs/ or tests/specs/)."""
    source = SOURCES[name]
    ir = json.loads((FIXTURES / f"{name}.json").read_text())
    return QuintSpec(ir, str(source.relative_to(ROOT)), source.read_text(), **options)


def compiled(name: str):
    """A stand-in for `checker.quint.frontend.compile_spec` that returns the fixture of `name`, with the
    `init` and `step` actions it is asked for (named as in the spec's main module)."""

    def compile_spec(path, quint=None, main=None, cache=True, init=None, step=None, tests=False, compiled=None):
        ir = json.loads((FIXTURES / f"{name}.json").read_text())
        return {**ir, "init": init or ir["init"], "step": step or ir["step"]}

    return compile_spec


def state_graph(model) -> tuple[set, set]:
    """Every reachable state and every labelled edge, each state written as Quint prints it.

    A plain worklist, apart from `checker.explore`: the graphs of two models compare as text.
    """
    from checker.quint.value import flat

    def key(state) -> str:
        return flat(model.to_quint(state))

    seen = {key(s): s for s in model.init_states()}
    edges = set()
    todo = list(seen.values())
    while todo:
        state = todo.pop()
        for label, successor in model.next_steps(state):
            edges.add((key(state), str(label), key(successor)))
            if key(successor) not in seen:
                seen[key(successor)] = successor
                todo.append(successor)
    return set(seen), edges


def distances(start, successors) -> dict:
    """state -> the fewest steps from `start`, over `successors(state)`: a breadth-first search written
    apart from `checker.explore`, for the tests' own enumerations of a spec's states."""
    distance, todo = {start: 0}, deque([start])
    while todo:
        state = todo.popleft()
        for following in successors(state):
            if following not in distance:
                distance[following] = distance[state] + 1
                todo.append(following)
    return distance
