"""`ttt-check compare A B`: whether two specs have the same positions and moves, else a shortest game only one allows.

The specs are compared through `comparable(model)`, which the registry's owner gives: the model to
explore (a spec of a game, as a model whose states draw as boards) and the position each of its
states is. A move is a step to another position; a step that leaves the position as it is (a
spec's stuttering once a game is over) is none. See `checker.explore.compare`.
"""

from __future__ import annotations

from typing import Callable, Hashable

import click

from checker.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    MOST_STATES,
    SpecName,
    Specs,
    max_memory_option,
    plural,
    resolve_view,
)
from checker.explore.bfs import MAX_STATES
from checker.explore.compare import Difference, Projection, project, shortest_difference
from checker.explore.trace import trace_through
from checker.model import Model
from checker.report import format_trace

#: the exit code of two specs that differ (as `diff`'s)
EXIT_DIFFERENT = 1

#: what `compare` needs of a spec: the model to explore, and the position each of its states is
Comparable = Callable[[Model], tuple[Model, Callable[[Hashable], Hashable]]]


def describe(name: str, model: Model) -> str:
    """`strategy (specs/tictactoe.qnt): part 2 of the lecture: ...`: the spec as named, its file, what it is."""
    source = f" ({model.source})" if model.source and model.source != name else ""
    return f"{name}{source}: {model.description}"


def stopped(name: str, projection: Projection, max_states: int | None) -> str:
    """Why the search of spec `name` stopped before it explored every state, and that nothing is compared."""
    stats = projection.stats
    if stats.stopped == MAX_STATES:
        where, hint = f"--max-states {max_states}", ""
    else:
        where, hint = stats.memory or "a bound", "; --max-memory SIZE raises the bound" if stats.memory else ""
    return (
        f"[unknown] the search of {name} stopped at {where} after {plural(stats.distinct, 'state')}, "
        f"before it reached every position: nothing is compared{hint}"
    )


def format_difference(names: tuple[str, str], projections: tuple[Projection, Projection], found: Difference,
                      view: str | None) -> str:
    """The game one spec allows and the other does not, state by state, as the spec that allows it shows it
    (in `view`, by default its first: a game's board)."""
    allows, other = names[found.allows], names[1 - found.allows]
    projection = projections[found.allows]
    model = projection.model
    trace = trace_through(model, [projection.states[node] for node in found.path])
    moves = len(found.path) - 1
    if moves == 0:
        last = (f"{other} reaches this position, but does not start from it" if found.reached
                else f"{other} never reaches this position")
    else:
        last = (f"{other} reaches the last position, but not by this move" if found.reached
                else f"{other} never reaches the last position")
    chosen = view or next(iter(model.views), "all")
    return (
        f"A shortest game that {allows} allows and {other} does not, {plural(moves, 'move')}:\n\n"
        f"{format_trace(model, trace, chosen)}\n\n{last}."
    )


def counts(names: tuple[str, str], projections: tuple[Projection, Projection]) -> str:
    """The positions and moves of each spec, and those both have."""
    first, second = projections
    common = first.moves.keys() & second.moves.keys()
    shared = sum(len(set(first.moves[n]) & set(second.moves[n])) for n in common)
    rows = [(name, len(p.moves), p.move_count) for name, p in zip(names, projections)] + [("in both", len(common), shared)]
    width = max(len(row[0]) for row in rows)
    return "Reachable positions, and moves between them:\n" + "\n".join(f"  {name.ljust(width)}  {positions:>9,} positions  {moves:>9,} moves"
                     for name, positions, moves in rows)


def compare(names: tuple[str, str], models: list, max_states: int | None, view: str | None) -> int:
    """Explore both models, print whether they have the same positions and moves, and return the exit code."""
    click.echo("Comparing the reachable positions and the moves of\n" +
               "\n".join("  " + describe(name, model) for name, (model, _) in zip(names, models)) + "\n")
    projections = []
    for name, (model, position) in zip(names, models):
        projection = project(model, position, max_states)
        if not projection.stats.complete:
            click.echo(stopped(name, projection, max_states))
            return EXIT_INCOMPLETE
        projections.append(projection)
    pair = (projections[0], projections[1])
    found = shortest_difference(*pair)
    if found is None:
        click.echo(
            f"[same] {names[0]} and {names[1]} have the same {plural(len(pair[0].moves), 'reachable position')} "
            f"and the same {plural(pair[0].move_count, 'move')} between them"
        )
        return EXIT_OK
    click.echo(format_difference(names, pair, found, view) + "\n")
    click.echo(f"[differ] {names[found.allows]} allows a game of {plural(len(found.path) - 1, 'move')} that "
               f"{names[1 - found.allows]} does not\n\n{counts(names, pair)}")
    return EXIT_DIFFERENT


def compare_command(specs: Specs, comparable: Comparable) -> click.Command:
    """The `compare` subcommand, offered the specs of `specs`, comparing them through `comparable`."""

    @click.command(name="compare")
    @click.argument("first", metavar="A", type=SpecName(list(specs.factories)))
    @click.argument("second", metavar="B", type=SpecName(list(specs.factories)))
    @click.option("--max-states", type=click.IntRange(1, MOST_STATES), metavar="N",
                  help="Stop each spec's search after N states (exit 4).")
    @max_memory_option
    @click.option("--view", metavar="VIEW", help="How the game shown is drawn (default: the spec's first view).")
    @click.pass_context
    def compare_cmd(ctx, first, second, max_states, view, **kwargs):
        """Compare two specs: the same reachable positions and moves, or a shortest game one allows and the other
        does not.

        A and B are each a registered spec or a spec file; the spec options apply to both. A move is a step
        that changes the position: a spec's steps that leave it as it is (stuttering once the game is over)
        are none. Exit codes: 0 the same, 1 they differ, 2 bad usage, 3 a spec unreadable or not of the
        game's shape, 4 stopped by --max-states or the memory bound.
        """
        names = (first, second)
        models = [comparable(specs.build({**kwargs, "spec": name})) for name in names]
        if view is not None:
            for model, _ in models:
                resolve_view(model, view)
        ctx.exit(compare(names, models, max_states, view))

    compare_cmd.params += [param for param in specs.params() if param.name != "spec"]
    return compare_cmd
