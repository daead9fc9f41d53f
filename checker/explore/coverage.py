"""Which actions and branches the reachable steps take, as TLC's `-coverage` reports.

Fed state by state by `explore`'s `on_expand`: each step's label path
(`MoveX › Win`) counts for the action and for every branch on its path. The
branches the model declares (`Model.action_paths`) are listed even when no
step takes them: those are dead rules. Final states are counted by the
model's named outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from checker.model import Label, Model


@dataclass
class Branch:
    """An action, or a branch within one: a prefix of a label path."""

    path: tuple[str, ...]
    #: reachable states in which some step takes this branch
    states: int = 0
    #: (label, successor) steps that take it
    steps: int = 0
    #: whether the model lists it in `action_paths`
    declared: bool = True


class Coverage:
    """Counts of steps by action and branch, and of final states by outcome."""

    def __init__(self, model: Model):
        self.model = model
        #: path -> its counts: every prefix of the declared paths, in the model's order
        self.branches: dict[tuple[str, ...], Branch] = {}
        for path in model.action_paths:
            for end in range(1, len(path) + 1):
                self.branches.setdefault(path[:end], Branch(path[:end]))
        self.states = 0
        self.final = 0
        #: outcome name -> final states it describes
        self.outcomes = dict.fromkeys(model.outcomes, 0)

    def __call__(self, state: Hashable, steps: list[tuple[Label, Hashable]]) -> None:
        """Count the steps of one reachable state (the signature of `explore`'s `on_expand`)."""
        self.states += 1
        taken = set()
        for label, _ in steps:
            for end in range(1, len(label.path) + 1):
                path = label.path[:end]
                branch = self.branches.get(path)
                if branch is None:
                    branch = self.branches[path] = Branch(path, declared=False)
                branch.steps += 1
                taken.add(path)
        for path in taken:
            self.branches[path].states += 1
        if all(successor == state for _, successor in steps):
            self.final += 1
            for name, describes in self.model.outcomes.items():
                self.outcomes[name] += bool(describes(state))

    @property
    def dead(self) -> list[Branch]:
        """Declared branches that no reachable step takes."""
        return [branch for branch in self.branches.values() if branch.states == 0]

    def tree(self) -> list[Branch]:
        """Every branch right under its action (or parent branch), siblings in the order first met."""
        order = {path: i for i, path in enumerate(self.branches)}
        return sorted(self.branches.values(), key=lambda b: [order[b.path[:end]] for end in range(1, len(b.path) + 1)])

    def report(self, complete: bool = True, over: str = "reachable states") -> str:
        """The table a student reads: one row per action and branch, then dead branches and outcomes.

        Dead branches are named only when the search was `complete` and the
        model declares its branches; otherwise the report says why it cannot
        tell. `over` says what the counted states are.
        """
        declares = bool(self.model.action_paths)
        rows = [("action › branch", "states", "steps")]
        for branch in self.tree():
            name = branch.path[0] if len(branch.path) == 1 else "  " * (len(branch.path) - 1) + "› " + branch.path[-1]
            if declares and not branch.declared:
                name += "  (not declared by the spec)"
            rows.append((name, f"{branch.states:,}", f"{branch.steps:,}"))
        width = max(len(row[0]) for row in rows)
        numbers = [max(len(row[i]) for row in rows) for i in (1, 2)]
        table = "\n".join(
            f"  {name.ljust(width)}  {states.rjust(numbers[0])}  {steps.rjust(numbers[1])}" for name, states, steps in rows
        )
        if not complete:
            dead = "unknown: the search stopped before every state was explored"
        elif not declares:
            dead = "unknown: the spec declares no branches to compare the steps taken with"
        else:
            dead = ", ".join(" › ".join(branch.path) for branch in self.dead) or "none"
        lines = [
            f"Coverage over {self.states:,} {over} "
            f"(states: where the branch was the step taken; steps: how many steps it produced)",
            table,
            f"Never taken (dead): {dead}",
        ]
        if self.outcomes:
            ends = ", ".join(f"{name} {count:,}" for name, count in self.outcomes.items())
            lines.append(f"Final states: {self.final:,} ({ends})")
        else:
            lines.append(f"Final states: {self.final:,}")
        return "\n".join(lines)
