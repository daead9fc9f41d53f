"""`ttt-check` itself: explore, then report verdicts, traces and statistics."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Sequence

import click

from checker.cli.common import (
    EXIT_DEADLOCK,
    EXIT_INVARIANT,
    EXIT_OK,
    EXIT_TEMPORAL,
    write_files,
)
from checker.explore.bfs import Result, explore
from checker.model import Invariant, Model
from checker.properties.temporal import TemporalProperty
from checker.report import format_stats, format_trace

if TYPE_CHECKING:
    from checker.properties.liveness import Verdict


def header(model: Model, invariants: Sequence[Invariant], deadlock: bool, temporal: Sequence[Verdict] = ()) -> str:
    names = ", ".join(map(str, invariants)) or "(none)"
    text = (
        f"Checking spec '{model.name}' ({model.source}): {model.description}\n"
        f"Invariants: {names}\n"
        f"Deadlock check: {'on' if deadlock else 'off'}"
    )
    if temporal:
        same = len({v.under for v in temporal}) == 1  # a .qnt property may state its own fairness
        properties = ", ".join(
            f"{v.property.name} = {v.property.formula}" + ("" if same else f" ({v.under})") for v in temporal
        )
        text += f"\nTemporal properties{f' ({temporal[0].under})' if same else ''}: {properties}"
    return text


def verdicts(result: Result, invariants: Sequence[Invariant], deadlock: bool) -> list[str]:
    """One line per property, `[ok]` or `[violation]`, as `quint run` marks them."""
    lines = []
    for inv in invariants:
        if inv.name in result.violations:
            depth = len(result.violations[inv.name]) - 1
            lines.append(f"[violation] invariant {inv.name} is violated after {depth} steps")
        else:
            lines.append(f"[ok] invariant {inv.name} holds in all {result.stats.distinct:,} reachable states")
    if deadlock:
        if result.deadlock is not None:
            lines.append(f"[violation] deadlock: no step is possible after {len(result.deadlock) - 1} steps")
        else:
            lines.append("[ok] no deadlock: every reachable state has a successor")
    return lines


def format_check(
    model: Model,
    result: Result,
    invariants: Sequence[Invariant],
    deadlock: bool,
    view: str,
    temporal: Sequence[Verdict] = (),
) -> str:
    """The whole report: header, each counterexample, verdicts, statistics."""
    parts = [header(model, invariants, deadlock, temporal)]
    for inv in invariants:
        trace = result.violations.get(inv.name)
        if trace is not None:
            parts.append(
                f"Invariant {inv.name} is violated. A shortest counterexample, "
                f"{len(trace) - 1} steps from an initial state:\n\n" + format_trace(model, trace, view)
            )
            if inv.explain is not None:
                parts.append(inv.explain(trace.states[-1]))
    if result.deadlock is not None:
        parts.append(
            f"Deadlock reached: no step is possible from the last state "
            f"(a shortest trace, {len(result.deadlock) - 1} steps):\n\n" + format_trace(model, result.deadlock, view)
        )
    parts += [verdict.explain(model, view) for verdict in temporal if not verdict.holds]
    parts.append("\n".join(verdicts(result, invariants, deadlock) + [verdict.line() for verdict in temporal]))
    parts.append(format_stats(result.stats))
    return "\n\n".join(parts)


def exit_code(result: Result, temporal: Sequence[Verdict] = ()) -> int:
    if result.violations:
        return EXIT_INVARIANT
    if not all(verdict.holds for verdict in temporal):
        return EXIT_TEMPORAL
    if result.deadlock is not None:
        return EXIT_DEADLOCK
    return EXIT_OK


def run_check(
    model: Model,
    invariants: Sequence[Invariant],
    deadlock: bool,
    view: str,
    temporal: Sequence[TemporalProperty] = (),
    fairness: str = "weak",
    out_itf: str | None = None,
    itf_style: str = "quint",
    coverage: bool = False,
    dump: str | None = None,
) -> int:
    """Explore `model`, check `temporal` over its state graph, print the report, and return the exit code.

    With `out_itf`, each counterexample is also written as an ITF file (see `checker.cli.itf_out`);
    `coverage` and `dump` add what `checker.cli.state_space` shows of the exploration.
    """
    from checker.cli.state_space import Watchers

    watchers = Watchers(model, coverage, dump)
    result = explore(
        model,
        invariants,
        check_deadlock=deadlock,
        keep_graph=bool(temporal),
        on_level=progress(),
        on_expand=watchers.on_expand(),
    )
    outcomes = []
    if temporal:
        from checker.properties.liveness import check_properties

        outcomes = check_properties(model, result, temporal, fairness)
    click.echo(format_check(model, result, invariants, deadlock, view, outcomes))
    if coverage:
        click.echo("\n" + watchers.report())
    failed = write_files(watchers.write)
    if out_itf:
        from checker.cli.itf_out import write_traces

        found = counterexamples(result, invariants, outcomes)
        failed = write_files(lambda: write_traces(model, found, out_itf, "violation", itf_style)) or failed
    return failed or exit_code(result, outcomes)


def counterexamples(result: Result, invariants: Sequence[Invariant], temporal: Sequence[Verdict] = ()) -> list:
    """(property, trace) for each counterexample, in the order the report shows them."""
    found = [(inv.name, result.violations[inv.name]) for inv in invariants if inv.name in result.violations]
    if result.deadlock is not None:
        found.append(("deadlock", result.deadlock))
    return found + [(v.property.name, v.counterexample) for v in temporal if not v.holds]


def progress(after: float = 1.0):
    """A status line on a terminal's stderr for searches that take a while."""
    if not sys.stderr.isatty():
        return None
    started = time.perf_counter()

    def show(depth: int, distinct: int) -> None:
        if time.perf_counter() - started > after:
            click.echo(f"\rexploring depth {depth}: {distinct:,} states so far", err=True, nl=False)

    return show
