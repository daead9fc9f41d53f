"""`ttt-check run`: random simulation with Quint's flags and report."""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack

import click

from checker.cli.common import (
    EXIT_INVARIANT,
    EXIT_OK,
    Specs,
    invariant_option,
    plural,
    refuse_same_file,
    refuse_unused,
    resolve_invariants,
    resolve_view,
    view_option,
    with_specs,
    write_files,
)
from checker.cli.itf_out import SAMPLE, file_names, itf_options

#: --max-steps beyond this would keep traces too long to show or to hold in memory.
MAX_STEPS = 100_000
#: --max-samples beyond this would run for days
MAX_SAMPLES = 10**9
#: seeds are below this (64 bits, as Quint's)
SEEDS = 2**64


def parse_seed(text: str | None) -> int | None:
    """A seed as Quint takes it: decimal or 0x-hexadecimal."""
    if text is None:
        return None
    try:
        seed = int(text.strip(), 0) if text.strip().isascii() else None
    except ValueError:
        seed = None
    if seed is None:
        raise click.BadParameter(f"'{text}' is not a number (decimal, or hexadecimal as 0x...)", param_hint="'--seed'")
    if seed < 0:
        raise click.BadParameter("the seed must not be negative", param_hint="'--seed'")
    if seed >= SEEDS:
        raise click.BadParameter(f"the seed must be below 2^64 (at most 0x{SEEDS - 1:x})", param_hint="'--seed'")
    return seed


class Progress:
    """A progress bar on a terminal's stderr, shown once a run has taken a second."""

    def __init__(self, total: int, after: float = 1.0, label: str = "Simulating"):
        self.total, self.after, self.label = total, after, label
        self.started = time.perf_counter()
        self.opened = ExitStack()
        self.bar = None
        self.shown = 0

    def __call__(self, samples: int) -> None:
        if self.bar is None:
            if not sys.stderr.isatty() or time.perf_counter() - self.started < self.after:
                return
            bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_pos=True)
            self.bar = self.opened.enter_context(bar)
        self.bar.update(samples - self.shown)
        self.shown = samples

    def close(self) -> None:
        self.opened.close()


def format_outcome(result, invariants) -> str:
    """Quint's verdict line and statistics."""
    timing = f"{result.seconds:.2f} s at {result.rate:,.0f} traces/second"
    if result.violation is not None:
        names = " and ".join(result.violation.violated)
        steps = len(result.violation.trace) - 1
        plural = "invariants" if len(result.violation.violated) > 1 else "invariant"
        lines = [f"[violation] {plural} {names} violated after {steps} steps, in sample {result.samples:,} ({timing})."]
    else:
        names = ", ".join(inv.name for inv in invariants)
        lines = [f"[ok] No violation of {names} found in {result.samples:,} samples ({timing})."]
    lines.append(
        f"Trace length statistics: max={result.max_length}, min={result.min_length}, "
        f"average={result.average_length:.2f} (states per sample)"
    )
    if result.ended_early:
        if result.max_length == 0:
            lines.append(f"{result.ended_early:,} samples ended at init: the choice it drew was disabled.")
        else:
            lines.append(f"{result.ended_early:,} samples ended early: a state with no successor (a deadlock).")
    lines.append(f"Distinct states visited: {result.distinct:,}")
    return "\n".join(lines)


def run_command(specs: Specs) -> click.Command:
    """The `run` subcommand, offered the specs of `specs`."""

    @with_specs(specs)
    @click.command(name="run")
    @click.option(
        "--max-samples",
        type=click.IntRange(1, MAX_SAMPLES),
        default=10000,
        metavar="N",
        help="The most samples to run (default 10,000).",
    )
    @click.option(
        "--max-steps",
        type=click.IntRange(min=0, max=MAX_STEPS),
        default=20,
        metavar="N",
        help="The most steps in a sample (default 20).",
    )
    @click.option(
        "--seed",
        metavar="SEED",
        help="Seed, decimal or 0x-hex (default: a fresh one).",
    )
    @invariant_option("Invariant to check (repeatable; default inv).")
    @view_option
    @itf_options
    @click.pass_context
    def run(ctx, max_samples, max_steps, seed, invariants, view, out_itf, itf_style, **kwargs):
        """Simulate random behaviours and check invariants, as quint run does.

        Exit codes: 0 no violation found, 12 invariant violated, 2 bad usage, 3 spec
        unreadable, 4 out of memory, 74 --out-itf not written.
        """
        from random import SystemRandom

        from checker.explore.simulate import replay_sample, simulate
        from checker.report import format_compile, format_trace

        refuse_unused(ctx, [("itf_style", "--out-itf", bool(out_itf))])
        refuse_same_file(ctx, ["out_itf"], specs=specs)
        model = specs.build(kwargs)
        chosen = resolve_invariants(model, invariants)
        expanded = {"out_itf": file_names(out_itf, [SAMPLE, *(i.name for i in chosen)])} if out_itf else {}
        refuse_same_file(ctx, ["out_itf"], specs=specs, expanded=expanded)
        view = resolve_view(model, view)
        start = parse_seed(seed)
        if start is None:
            start = SystemRandom().getrandbits(53)
        click.echo(
            f"Simulating spec '{model.name}' ({model.source}): {model.description}\n"
            f"Invariants: {', '.join(map(str, chosen))}\n"
            f"Up to {plural(max_samples, 'sample')} of up to {plural(max_steps, 'step')} each, seed 0x{start:x}\n"
        )
        progress = Progress(max_samples)
        try:
            result = simulate(model, chosen, max_samples, max_steps, start, on_progress=progress)
        finally:
            progress.close()
        violation = result.violation
        if violation is not None:
            shown, status = violation.trace, "violation"
            click.echo("An example execution (the sample that violates):\n")
        else:
            shown, status = replay_sample(model, chosen, max_steps, result.longest_seed).trace, "ok"
            which = "the only sample" if result.samples == 1 else "the longest sample"
            if shown.states:  # none when every sample's drawn choice of init was disabled
                click.echo(f"An example execution ({which}):\n")
        if shown.states:
            click.echo(format_trace(model, shown, view) + "\n")
        click.echo(format_outcome(result, chosen))
        if model.compile_seconds is not None:
            click.echo(format_compile(model))
        code = EXIT_INVARIANT if violation is not None else EXIT_OK
        if out_itf:
            from checker.cli.itf_out import write_traces

            prop = violation.violated[0] if violation is not None else SAMPLE
            code = write_files(lambda: write_traces(model, [(prop, shown)], out_itf, status, itf_style)) or code
        reproduce = violation.seed if violation is not None else start
        click.echo(f"Use --seed=0x{reproduce:x} to reproduce.")
        ctx.exit(code)

    return run
