"""`ttt-check replay`: check that ITF traces (from Quint, or our own) are behaviours of a spec."""

from __future__ import annotations

import os
from collections import Counter

import click

from checker.cli.common import (
    EXIT_INVARIANT,
    EXIT_OK,
    EXIT_SPEC,
    Specs,
    given,
    invariant_option,
    max_memory_option,
    report_error,
    reported_invariants,
    resolve_view,
    view_option,
    with_specs,
)
from checker.cli.itf_out import states

#: Exit codes of `replay`, from the least to the most serious.
EXIT_NOT_BEHAVIOUR, EXIT_UNREADABLE = 1, 2
SEVERITY = [EXIT_OK, EXIT_INVARIANT, EXIT_NOT_BEHAVIOUR, EXIT_UNREADABLE, EXIT_SPEC]


def format_table(replayed, names) -> str:
    """One row per state: its index, the step that led there, and each invariant's verdict."""
    labels = ["init" if label is None else str(label) for label in replayed.trace.labels]
    width = max(len("step"), *(len(label) for label in labels))
    columns = [max(len(name), 2) for name in names]
    head = "state  " + "step".ljust(width) + "".join("  " + n.ljust(w) for n, w in zip(names, columns))
    rows = [head.rstrip()]
    for index, (label, violated) in enumerate(zip(labels, replayed.violated)):
        marks = ["VIOLATED" if name in violated else "ok" for name in names]
        row = f"{index:>5}  {label.ljust(width)}" + "".join("  " + m.ljust(w) for m, w in zip(marks, columns))
        rows.append(row.rstrip())
    loop = replayed.trace.loop
    if loop is not None:
        last = len(replayed.trace) - 1
        ending = f"state {last} repeats forever" if loop == last else f"back to state {loop}, forever"
        rows.append(f"       then {ending}")
    return "\n".join(rows)


def first_violations(replayed) -> dict:
    """Each violated invariant's name -> the first state that violates it."""
    first: dict = {}
    for index, violated in enumerate(replayed.violated):
        for name in violated:
            first.setdefault(name, index)
    return first


def format_violations(replayed, names) -> str:
    """On one line, which of the invariants `names` the trace violates, and first where."""
    first = first_violations(replayed)
    return "violates " + ", ".join(f"{name} (first in state {first[name]})" for name in names if name in first)


def format_verdict(model, replayed, names, from_any_state: bool = False) -> str:
    """The verdict on a valid trace and what its invariants did."""
    if not replayed.trace.states:  # `quint run` writes one where no sample got past `init`
        return f"[ok] The trace has no states: nothing of spec '{model.name}' to replay."
    checked = " and its mbt:: fields agree" if replayed.mbt else ""
    what = "Every step of the trace, from state 0 as given, is a step" if from_any_state else "The trace is a behaviour"
    lines = [
        f"[ok] {what} of spec '{model.name}': {states(len(replayed.trace))}, "
        f"each step explained by a step of the spec{checked}."
    ]
    first = first_violations(replayed)
    for name in names:
        if name in first:
            lines.append(f"Invariant {name} is violated, first in state {first[name]}.")
    holding = [name for name in names if name not in first]
    if holding:
        lines.append(f"Invariants holding in every state: {', '.join(holding)}.")
    if replayed.ignored:
        lines.append(f"Variables not in the spec, ignored: {', '.join(replayed.ignored)}.")
    return "\n".join(lines)


class SpecModels:
    """The models of the specs, built once each with the spec options given."""

    def __init__(self, specs: Specs, options: dict):
        self.specs, self.options = specs, options
        self.models: dict = {}

    def get(self, name: str):
        if name not in self.models:
            self.models[name] = self.specs.build({"spec": name, **self.options})
        return self.models[name]

    def detect(self, meta) -> str:
        """The spec whose source file has the name of a trace's `#meta.source`, else that `.qnt` file
        itself when it is there (evaluated as written).

        Raises UnknownSource otherwise: guessing would replay the trace
        against a spec it was not written for.
        """
        from checker.quint.itf import json_text

        files = {name: os.path.basename(self.get(name).source) for name in self.specs.factories}
        source = meta.get("source")
        if not isinstance(source, str):
            specs = ", ".join(files)
            raise UnknownSource(f"its #meta names no source file to choose the spec by: give --spec ({specs})")
        for name, file in files.items():
            if file == os.path.basename(source):
                return name
        if source.endswith(".qnt") and os.path.isfile(source):
            return source
        known = ", ".join(f"{file} for {name}" for name, file in files.items())
        raise UnknownSource(f"its #meta.source {json_text(source)} is the file of no spec ({known}) and no .qnt file here: give --spec")


class UnknownSource(Exception):
    """A trace's `#meta.source` names no spec's file."""


def replay_command(specs: Specs) -> click.Command:
    """The `replay` subcommand, offered the specs of `specs`."""

    @with_specs(specs)
    @max_memory_option
    @click.command(name="replay")
    @click.argument("traces", nargs=-1, required=True, metavar="TRACE.itf.json...")
    @invariant_option(
        "Fail (exit 12) if a valid trace violates it (repeatable). Default: report the spec's invariants."
    )
    @click.option(
        "--same-encoding",
        is_flag=True,
        help="Also require Quint's encoding, byte for byte.",
    )
    @click.option(
        "--coverage",
        is_flag=True,
        help="Also say how many reachable states are covered.",
    )
    @click.option(
        "--from-any-state",
        is_flag=True,
        help="Accept a trace that starts in any state.",
    )
    @click.option("-q", "--quiet", is_flag=True, help="Print only errors and the summary.")
    @click.option("--show", is_flag=True, help="Also print each trace's states (see --view).")
    @view_option
    @click.pass_context
    def replay(ctx, traces, invariants, same_encoding, from_any_state, coverage, quiet, show, view, **kwargs):
        """Replay ITF traces: is each one a behaviour of the spec?

        Without --spec, the spec is the one whose file a trace's #meta.source names.
        Exit codes: 0 every trace is a behaviour, 1 some trace is not, 2 a file is
        unreadable or not ITF (or bad usage), 3 spec unreadable or a step it cannot
        tell (a choice from a set too large to enumerate), 4 stopped by the
        memory bound, 12 a trace violates an -i invariant.
        """
        from checker.quint.itf import ItfError, read_trace
        from checker.quint.replay import NotABehaviour, Replayer, Undecided
        from checker.report import format_trace

        show = show or given(ctx, "view")
        explicit = ctx.get_parameter_source("spec") is click.core.ParameterSource.COMMANDLINE
        spec = kwargs.pop("spec")
        models = SpecModels(specs, kwargs)
        replayers: dict = {}
        worst = EXIT_OK
        accepted: Counter = Counter()
        rejected: Counter = Counter()
        covered: dict = {}

        def fail(path: str, message: str, code: int) -> None:
            nonlocal worst
            report_error(f"{path}: {message}")
            worst = max(worst, code, key=SEVERITY.index)

        for path in traces:
            try:
                itf = read_trace(path)
            except ItfError as error:
                fail(path, str(error), EXIT_UNREADABLE)
                continue
            try:
                name = spec if explicit else models.detect(itf.meta)
            except UnknownSource as error:
                fail(path, str(error), EXIT_UNREADABLE)
                continue
            model = models.get(name)
            if name not in replayers:
                chosen = reported_invariants(model, invariants)
                replayers[name] = Replayer(model, chosen)
                resolve_view(model, view)
            replayer = replayers[name]
            try:
                replayed = replayer.replay(itf, same_encoding, from_any_state)
            except NotABehaviour as error:
                rejected[name] += 1
                fail(path, str(error), EXIT_NOT_BEHAVIOUR)
                continue
            except Undecided as error:
                fail(path, str(error), EXIT_SPEC)
                continue
            accepted[name] += 1
            covered.setdefault(name, set()).update(replayed.trace.states)
            names = [inv.name for inv in replayer.invariants]
            if invariants and any(replayed.violated):
                worst = max(worst, EXIT_INVARIANT, key=SEVERITY.index)
            if quiet:
                if invariants and any(replayed.violated):
                    click.echo(f"{path}: {format_violations(replayed, names)}")
                continue
            if len(traces) == 1:
                meta = ", ".join(f"{key} {itf.meta[key]}" for key in ("source", "status") if key in itf.meta)
                click.echo(f"Replaying {path} ({meta or 'no #meta'}) against spec '{name}' ({model.source})\n")
                if show and replayed.trace.states:
                    click.echo(format_trace(model, replayed.trace, view) + "\n")
                table = format_table(replayed, names) + "\n\n" if replayed.trace.states else ""
                click.echo(table + format_verdict(model, replayed, names, from_any_state))
            else:
                bad = sorted({n for violated in replayed.violated for n in violated}, key=names.index)
                note = f"; violates {', '.join(bad)}" if bad else ""
                mbt = ", mbt checked" if replayed.mbt else ""
                click.echo(f"ok  {path}  (spec {name}, {states(len(replayed.trace))}{mbt}{note})")
                if show and replayed.trace.states:
                    click.echo(format_trace(model, replayed.trace, view) + "\n")
        if len(traces) > 1:
            click.echo(format_summary(models, accepted, rejected, covered, coverage, len(traces), from_any_state))
        ctx.exit(worst)

    return replay


def format_summary(
    models: SpecModels, accepted, rejected, covered, coverage: bool, files: int, from_any_state: bool
) -> str:
    """Per spec: traces replayed, rejected, distinct states covered (of how many reachable)."""
    good, bad = ("take only steps of the spec", "do not") if from_any_state else ("are behaviours of the spec", "are not")
    lines = []
    for name in sorted(set(accepted) | set(rejected)):
        states = len(covered.get(name, ()))
        text = (
            f"spec {name}: {accepted[name]:,} traces {good}, {rejected[name]:,} {bad}; "
            f"{states:,} distinct states covered"
        )
        if coverage:
            from checker.explore.bfs import explore
            from checker.explore.packed import explore_packed

            model = models.get(name)
            search = explore if model.packed is None else explore_packed  # the fast engine, where the spec has one
            reachable = search(model, check_deadlock=False).whole().stats.distinct
            text += f" of {reachable:,} reachable ({100 * states / reachable:.1f}%)"
        lines.append(text)
    unreadable = files - sum(accepted.values()) - sum(rejected.values())
    if unreadable:
        lines.append(f"{unreadable:,} files unreadable or not ITF")
    return "\n".join(lines)
