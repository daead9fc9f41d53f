"""How deeply a spec's expressions nest, found without recursion, so that a spec nested too deeply
for the evaluator is refused at its place, in one line. The evaluator walks the IR recursively (a
definition nested more than `MOST_NESTED` levels is refused before anything recurses into it), and
compiles each definition to Python, whose parser takes 200 levels of brackets and 20 of blocks: a `match`
writes four brackets for each two levels, a `nondet` a block, so a definition of fewer levels may be too
deep for it still (`within_python`)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from checker.quint.runtime import QuintError

#: the deepest nesting of IR nodes a definition may have (Quint's own examples reach 22): far from the
#: limit of Python's recursion in the evaluator's walks of the IR (about 300 levels)
MOST_NESTED = 150
#: below this depth, Python's parser takes any definition the evaluator writes (a failure there is no
#: matter of nesting)
SHALLOW = 40


def deepest(declaration: dict, at: int) -> tuple[int, Any]:
    """(how many IR nodes, at most, nest one in another in `declaration`; the id of the node at depth `at` on
    the way to a deepest one, or of the deepest one when it is not that deep): where it gets too deep."""
    best: tuple[int, Any] = (0, declaration.get("id"))
    stack: list[tuple[Any, int, Any]] = [(declaration, 0, None)]
    while stack:
        node, depth, place = stack.pop()
        if isinstance(node, dict):
            if "kind" in node:
                depth += 1
                if depth == at:
                    place = node.get("id")
                if depth > best[0]:
                    best = (depth, place if place is not None else node.get("id"))
            stack.extend((value, depth, place) for value in node.values() if isinstance(value, (dict, list)))
        elif isinstance(node, list):
            stack.extend((value, depth, place) for value in node if isinstance(value, (dict, list)))
    return best


def check(module: dict, error: Callable[[str, Any, str], str]) -> str | None:
    """Why the first declaration of `module` nested more than `MOST_NESTED` levels is refused, as `error(name,
    node id, message)` places it (at the first node too deep); None when none is."""
    for declaration in module.get("declarations", ()):
        depth, node = deepest(declaration, MOST_NESTED + 1)
        if depth > MOST_NESTED:
            return error(
                str(declaration.get("name", "?")), node,
                f"nested {depth} levels deep: ttt-check evaluates expressions nested at most {MOST_NESTED} levels",
            )  # fmt: skip
    return None


@contextmanager
def within_python(module: dict, error: Callable[[str, Any, str], str]) -> Iterator[None]:
    """Python's limits on nesting, met while the evaluator compiles `module` (a SyntaxError of its parser,
    a RecursionError, a MemoryError), raised as one QuintError at the deepest declaration, when it is
    deep enough for that to be the reason (`too_deep_to_compile`)."""
    try:
        yield
    except (SyntaxError, RecursionError, MemoryError):
        why = too_deep_to_compile(module, error)
        if why is None:
            raise
        raise QuintError(why) from None


def too_deep_to_compile(module: dict, error: Callable[[str, Any, str], str]) -> str | None:
    """When Python refused the evaluator's code of `module`: why, at the deepest declaration, as `error`
    places it; None when no declaration is nested deeply enough for that to be the reason."""
    found = [(deepest(d, SHALLOW)[0], i) for i, d in enumerate(module.get("declarations", ()))]
    depth, i = max(found, default=(0, 0))
    if depth <= SHALLOW:
        return None
    declaration = module["declarations"][i]
    return error(
        str(declaration.get("name", "?")), deepest(declaration, SHALLOW)[1],
        f"nested {depth} levels deep, too deep for the Python code ttt-check compiles it to (Python's parser takes "
        f"200 levels of brackets, 20 of blocks)",
    )  # fmt: skip
