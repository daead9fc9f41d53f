"""The command line: `ttt-check`, built from a registry of specs (see `checker.cli.common`)."""

from __future__ import annotations

import inspect

import click

from checker.cli.common import (
    MOST_STATES,
    Specs,
    given,
    invariant_option,
    max_memory_option,
    quint_file_options,
    refuse_same_file,
    refuse_unused,
    resolve_invariants,
    resolve_temporal,
    resolve_view,
    view_option,
    with_specs,
)
from checker.cli.eval import eval_command
from checker.cli.explorer import explore_command
from checker.cli.itf_out import file_names, itf_options
from checker.cli.replay import replay_command
from checker.cli.run import run_command
from checker.cli.solve import solve_command
from checker.cli.state_space import state_space_options
from checker.cli.test import test_command


def make_cli(specs: Specs, prog_name: str = "ttt-check") -> click.Group:
    """Build the `ttt-check` command: checking by default, plus subcommands."""

    @with_specs(specs)
    @click.group(
        name=prog_name,
        invoke_without_command=True,
        subcommand_metavar="[COMMAND [ARGS]...]",
        context_settings={"help_option_names": ["-h", "--help"]},
        epilog=(
            "Exit codes: 0 every property holds, 11 deadlock, 12 invariant violated, 13 temporal violated, "
            "2 bad usage, 3 spec unreadable, 4 stopped by --max-states or the memory bound, 74 file not written, "
            "130 interrupted, 143 terminated, 70 internal error. Every option: docs/reference.md"
        ),
    )
    @invariant_option("Invariant to check (repeatable; default inv).")
    @click.option(
        "-t",
        "--temporal",
        multiple=True,
        metavar="NAME",
        help="Temporal property to check (repeatable).",
    )
    @click.option(
        "--fairness",
        type=click.Choice(["weak", "none"]),
        default="weak",
        help="Fairness of --temporal (default: weak).",
    )
    @click.option(
        "--deadlock/--no-deadlock",
        default=True,
        help="Report states with no successor (default: on).",
    )
    @click.option(
        "--continue",
        "keep_going",
        is_flag=True,
        help="Go on after a violation (TLC's -continue).",
    )
    @click.option(
        "--symmetry",
        is_flag=True,
        help="Reduce by rotations and reflections.",
    )
    @click.option(
        "--max-states",
        type=click.IntRange(1, MOST_STATES),
        metavar="N",
        help="Stop after N states (exit 4 when no violation was found).",
    )
    @click.option(
        "--engine",
        type=click.Choice(["auto", "generic", "packed"]),
        default="auto",
        metavar="ENGINE",
        help="auto (the default), packed or generic.",
    )
    @max_memory_option
    @view_option
    @itf_options
    @state_space_options
    @click.option("--list", "list_", is_flag=True, help="List the specs and their properties.")
    @click.version_option(package_name="ttt-check", prog_name=prog_name)
    @click.pass_context
    def main(
        ctx: click.Context, invariants, temporal, fairness, deadlock, view, out_itf, itf_style, coverage, dump, list_,
        **kwargs,
    ):
        """Explore every reachable state breadth-first and check the invariants in each one; a violation is shown
        as a shortest counterexample, state by state."""
        if ctx.invoked_subcommand is not None:
            misplaced = [max(p.opts, key=len) for p in ctx.command.params if p.name and given(ctx, p.name)]
            if misplaced:
                raise click.UsageError(
                    f"{', '.join(misplaced)} given before '{ctx.invoked_subcommand}': "
                    f"put the options after the command name"
                )
            return
        if list_:
            from checker.cli.listing import format_listing

            # --list shows the specs; an option it would ignore (--invariant NAME, ...) is refused, not dropped
            shown = {"list_", "spec", *(option.name for option in quint_file_options())}
            ignored = [max(p.opts, key=len) for p in ctx.command.params if p.name not in shown and given(ctx, p.name)]
            if ignored:
                raise click.UsageError(f"{', '.join(ignored)} has no effect with --list, which only lists the specs")

            chosen = [kwargs["spec"]] if given(ctx, "spec") else list(specs.factories)
            models = {name: specs.build({**kwargs, "spec": name}) for name in chosen}
            click.echo(format_listing(models))
            return
        refuse_unused(ctx, [("fairness", "--temporal", bool(temporal)), ("itf_style", "--out-itf", bool(out_itf))])
        refuse_same_file(ctx, ["out_itf", "dump"], specs=specs)
        model = specs.build(kwargs, alternatives=True)
        from checker.cli.check import Search, run_check

        if model.deadlock_check is not None and not given(ctx, "deadlock"):
            deadlock = model.deadlock_check  # the cfg's CHECK_DEADLOCK
        if model.required_temporal or model.required_invariants or model.deadlock_check is not None:
            if given(ctx, "fairness"):
                raise click.UsageError("--fairness applies to a .qnt spec: a TLA+ spec states its fairness in its "
                                       "SPECIFICATION formula, as TLC reads it")
        temporal = resolve_temporal(model, temporal)
        invariants = resolve_invariants(model, invariants) if invariants or not temporal else []
        if not invariants and model.required_invariants:
            invariants = resolve_invariants(model, ())
        traces = [*(i.name for i in invariants), *["deadlock"] * deadlock, *(t.name for t in temporal)]
        expanded = {"out_itf": file_names(out_itf, traces)} if out_itf else {}
        refuse_same_file(ctx, ["out_itf", "dump"], specs=specs, expanded=expanded)
        search = Search.resolve(model, bool(temporal), kwargs, watched=coverage or dump is not None)
        view = resolve_view(model, view)
        ctx.exit(run_check(model, invariants, deadlock, view, temporal, fairness, out_itf, itf_style, search, coverage, dump))

    main.help = specs.help("check", specs.summary)
    commands = (run_command(specs), test_command(specs), replay_command(specs), solve_command(specs),
                explore_command(specs), eval_command(specs))
    for command in commands:
        add_command(main, command, specs)
    return main


def add_command(group: click.Group, command: click.Command, specs: Specs) -> None:
    """Add a subcommand, with the specs' examples in its help, its first line in the group's list, and
    where to read more."""
    command.short_help = command.short_help or inspect.cleandoc(command.help or "").split("\n\n")[0].replace("\n", " ")
    command.help = specs.help(command.name, command.help)
    command.epilog = command.epilog or f"Every option and exit code: docs/reference.md#ttt-check-{command.name}"
    group.add_command(command)
