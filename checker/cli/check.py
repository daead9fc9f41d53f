"""`ttt-check` itself: explore, then report verdicts, traces and statistics."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import click

from checker.cli.common import (
    EXIT_DEADLOCK,
    EXIT_INCOMPLETE,
    EXIT_INVARIANT,
    EXIT_OK,
    EXIT_TEMPORAL,
    write_files,
)
from checker.explore.bfs import DECIDED, INTERRUPTED, Result, explore
from checker.model import Invariant, Model, SpecError
from checker.properties.temporal import TemporalProperty
from checker.report import format_compile, format_stats, format_trace

if TYPE_CHECKING:
    from checker.properties.liveness import Verdict


@dataclass(frozen=True)
class Search:
    """How to explore: which engine, and the options every engine takes."""

    packed: bool = False
    keep_going: bool = False
    symmetry: bool = False
    max_states: int | None = None

    @classmethod
    def resolve(cls, model: Model, temporal: bool, options: dict, watched: bool = False):
        """The search the command's options ask for (taken out of `options`), or a UsageError saying why not.

        `watched`: every state's steps are watched (--coverage, --dump), which only the generic engine does.
        """
        keep_going, symmetry = options.pop("keep_going"), options.pop("symmetry") or model.symmetry_required
        max_states, engine = options.pop("max_states"), options.pop("engine")
        if symmetry and temporal and model.symmetry_required:
            click.echo(
                "ttt-check: note: the temporal properties are checked on the states the cfg's SYMMETRY or VIEW keeps, "
                "as TLC checks them: sound only when the states each kept state stands for agree on the properties, "
                "the fairness and the steps, which is not checked (TLC warns alike)",
                err=True,
            )
        elif symmetry and temporal:
            raise click.UsageError(
                "--symmetry cannot be used with --temporal: liveness on representatives is sound only when "
                "every symmetry preserves the property and the fairness, which is not checked (TLC warns alike)"
            )
        if symmetry and model.canonical is None:
            raise click.UsageError(model.no_symmetry or f"spec '{model.name}' declares no symmetry for --symmetry")
        if engine == "packed" and model.packed is None:
            raise click.UsageError(f"--engine packed is not available: spec '{model.name}' offers none here")
        if engine == "packed" and watched:
            raise click.UsageError("--coverage and --dump watch every step, which only --engine generic does")
        packed = engine == "packed" or (engine == "auto" and model.packed is not None and not watched)
        if model.packed is not None and not packed:
            note_slower_engine(model, "--engine generic asks for it" if engine == "generic" else
                               "--coverage and --dump watch every step, which only it does")
        return cls(packed, keep_going, symmetry, max_states)

    def run(self, model: Model, invariants, deadlock: bool, keep_graph: bool, on_expand=None) -> Result:
        """Explore `model`; `keep_graph` when temporal properties will be decided on the result;
        `on_expand` watches every state's steps (see `checker.explore.bfs.explore`)."""
        options = dict(
            check_deadlock=deadlock,
            on_level=progress(),
            keep_going=self.keep_going,
            symmetry=self.symmetry,
            max_states=self.max_states,
            interruptible=True,  # Ctrl-C: the report prints the partial figures
        )
        if self.packed:
            from checker.explore.packed import explore_packed

            result = explore_packed(model, invariants, check_layers=keep_graph, **options)
            if not keep_graph or result.layered or not result.stats.complete:
                return result
            note_slower_engine(model, "the state graph has cycles, and liveness on them needs its graph")
        return explore(model, invariants, keep_graph=keep_graph, on_expand=on_expand, **options)

    @staticmethod
    def decide(model: Model, result: Result, temporal, fairness: str) -> list:
        """The verdicts on `temporal`: in linear time on a layered graph, else with networkx."""
        if result.layered:
            from checker.properties.layered import check_layered

            return check_layered(model, result, temporal, fairness)
        from checker.properties.liveness import check_properties

        return check_properties(model, result, temporal, fairness)


def note_slower_engine(model: Model, why: str) -> None:
    """Say, on stderr, that a spec offering the packed engine is explored by the generic one, and why."""
    click.echo(
        f"ttt-check: note: spec '{model.name}' is explored by the generic engine, state by state, far slower "
        f"than its packed engine: {why}",
        err=True,
    )


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
        elif result.stats.cut_short:
            checked = sum(result.stats.per_depth)
            lines.append(f"[unknown] invariant {inv.name}: no violation in the {checked:,} states checked")
        elif result.stats.stopped == DECIDED:  # another violation ended the search (TLC's rule)
            lines.append(f"[unknown] invariant {inv.name}: not checked past the violation (--continue checks it)")
        else:
            lines.append(f"[ok] invariant {inv.name} holds in all {result.stats.distinct:,} reachable states")
    if deadlock:
        if result.deadlock is not None:
            lines.append(f"[violation] deadlock: no step is possible after {len(result.deadlock) - 1} steps")
        elif result.stats.cut_short:
            lines.append("[unknown] deadlock: none in the states explored")
        elif result.stats.stopped == DECIDED:  # the violations ended the search before every state was expanded
            lines.append("[unknown] deadlock: not checked past the violation (--continue checks it)")
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
    undecided: Sequence[TemporalProperty] = (),
) -> str:
    """The whole report: header, each counterexample, verdicts, statistics.

    `undecided` are the temporal properties a search cut short left unchecked."""
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
    unknown = [f"[unknown] temporal {p.name}: needs the whole state graph, which was not explored" for p in undecided]
    parts.append("\n".join(verdicts(result, invariants, deadlock) + [v.line() for v in temporal] + unknown))
    parts.append("\n".join(filter(None, [format_stats(result.stats), format_compile(model)])))
    return "\n\n".join(parts)


def exit_code(result: Result, temporal: Sequence[Verdict] = ()) -> int:
    if result.violations:
        return EXIT_INVARIANT
    if not all(verdict.holds for verdict in temporal):
        return EXIT_TEMPORAL
    if result.deadlock is not None:
        return EXIT_DEADLOCK
    if result.stats.cut_short:
        return EXIT_INCOMPLETE
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
    search: Search = Search(),
    coverage: bool = False,
    dump: str | None = None,
) -> int:
    """Explore `model`, check `temporal` over its state graph, print the report, and return the exit code.

    With `out_itf`, each counterexample is also written as an ITF file (see `checker.cli.itf_out`);
    `coverage` and `dump` add what `checker.cli.state_space` shows of the exploration.
    """
    from checker.cli.state_space import Watchers

    watchers = Watchers(model, coverage, dump)
    try:
        result = search.run(model, invariants, deadlock, keep_graph=bool(temporal), on_expand=watchers.on_expand())
    except SpecError as error:  # as TLC does: the behaviour up to the state where the spec fails, then the error
        if model.choices_made():  # under another choice TLC could make, the spec may not fail
            raise model.alternatives_differ(error) from None
        behaviour = getattr(error, "behaviour", None)
        if behaviour is not None and model.error_behaviours:
            click.echo("The spec cannot be evaluated in the last state of this behaviour:\n")
            click.echo(format_trace(model, behaviour, view) + "\n")
        raise
    if sys.stderr.isatty():
        click.echo("\r\033[K", err=True, nl=False)  # clear the progress line
    outcomes = search.decide(model, result, temporal, fairness) if temporal and result.stats.complete else []
    undecided = temporal if temporal and not result.stats.complete else ()
    others = 0 if result.stats.stopped == INTERRUPTED else alternatives_agree(
        model, search, invariants, deadlock, temporal, fairness, figures(result, outcomes))
    if others:
        click.echo(f"ttt-check: note: {model.alternatives_note(others)}", err=True)
    click.echo(format_check(model, result, invariants, deadlock, view, outcomes, undecided))
    if result.stats.stopped == INTERRUPTED:  # the partial figures are printed: now Ctrl-C ends as everywhere
        raise KeyboardInterrupt
    if coverage:
        click.echo("\n" + watchers.report(result.stats.complete, search.symmetry))
    failed = write_files(watchers.write)
    if out_itf:
        from checker.cli.itf_out import write_traces

        found = counterexamples(result, invariants, outcomes)
        failed = write_files(lambda: write_traces(model, found, out_itf, "violation", itf_style)) or failed
    return failed or exit_code(result, outcomes)


def figures(result: Result, temporal: Sequence[Verdict]) -> tuple:
    """What a check answers, traces aside: its counts, and each verdict with its counterexample's length."""
    stats = result.stats
    return (stats.distinct, stats.generated, stats.transitions, tuple(stats.per_depth), stats.stopped,
            tuple(sorted((name, len(trace)) for name, trace in result.violations.items())),
            None if result.deadlock is None else len(result.deadlock),
            tuple((v.property.name, v.holds, None if v.holds else len(v.counterexample)) for v in temporal))


def alternatives_agree(model: Model, search: Search, invariants, deadlock: bool, temporal, fairness: str,
                       answer: tuple) -> int:
    """How many other choices the spec leaves to its tool were checked (`Model.alternatives`), each giving
    `answer`; the model's error when one does not."""
    count = 0
    for other in model.alternatives():
        mine = [other.invariants[inv.name] for inv in invariants]
        properties = [other.temporal_properties[prop.name] for prop in temporal]
        try:
            found = search.run(other, mine, deadlock, keep_graph=bool(properties))
            decided = search.decide(other, found, properties, fairness) if properties and found.stats.complete else []
        except SpecError as error:
            raise model.alternatives_differ(error) from None
        if figures(found, decided) != answer:
            raise model.alternatives_differ()
        count += 1
    return count


def counterexamples(result: Result, invariants: Sequence[Invariant], temporal: Sequence[Verdict] = ()) -> list:
    """(property, trace) for each counterexample, in the order the report shows them."""
    found = [(inv.name, result.violations[inv.name]) for inv in invariants if inv.name in result.violations]
    if result.deadlock is not None:
        found.append(("deadlock", result.deadlock))
    return found + [(v.property.name, v.counterexample) for v in temporal if not v.holds]


def progress(after: float = 1.0):
    """A status line on a terminal's stderr for searches that take a while: depth, states, states/s."""
    if not sys.stderr.isatty():
        return None
    started = time.perf_counter()

    def show(depth: int, distinct: int) -> None:
        elapsed = time.perf_counter() - started
        if elapsed > after:
            rate = distinct / elapsed
            click.echo(f"\rexploring depth {depth}: {distinct:,} states, {rate:,.0f} states/s", err=True, nl=False)

    return show
