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
from checker.cli.itf_out import itf_options
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
            "Exit codes, as TLC's: 0 every property holds, 11 deadlock, "
            "12 invariant violated, 13 temporal property violated, 2 bad usage, 3 a .qnt spec that does not "
            "compile or cannot be evaluated, 4 stopped by --max-states or the memory bound (--max-memory) before finding "
            "a violation; and 74 a "
            "file (or the output) could not be written, 130 interrupted (Ctrl-C), 70 an internal error."
        ),
    )
    @invariant_option(
        "An invariant to check in every reachable state; repeat for several. "
        "Default: the spec's `inv`, unless --temporal is given (then only the named invariants)."
    )
    @click.option(
        "-t",
        "--temporal",
        multiple=True,
        metavar="NAME",
        help="A temporal property to check over every behaviour (see --list); repeat for several. "
        "Combine with --invariant to check both in one run.",
    )
    @click.option(
        "--fairness",
        type=click.Choice(["weak", "none"]),
        default="weak",
        show_default=True,
        help="Which behaviours --temporal considers. 'weak': weak fairness on `step`, a behaviour never "
        "stops while a step can still change the state; it may stay forever only where nothing can change "
        "(a state whose only step repeats it, or with no successor). 'none': TLA+'s default, a behaviour may "
        "stutter forever in any state, even the initial one, so hardly any `eventually` holds. A property of a "
        ".qnt spec written `weakFair(step, vars) implies P` is checked as P under weak fairness, whatever this says.",
    )
    @click.option(
        "--deadlock/--no-deadlock",
        default=True,
        show_default=True,
        help="Report a reachable state with no successor at all (a deadlock), as TLC does.",
    )
    @click.option(
        "--continue",
        "keep_going",
        is_flag=True,
        help="Explore every reachable state even after the invariants are violated (TLC's -continue): "
        "full counts, and each invariant's shortest counterexample at the end.",
    )
    @click.option(
        "--symmetry",
        is_flag=True,
        help="Keep one board per class of boards equal up to rotation and reflection (8 per class at most). "
        "Same verdicts; traces are still shown on the real boards. Not with --temporal.",
    )
    @click.option(
        "--max-states",
        type=click.IntRange(1, MOST_STATES),
        metavar="N",
        help="Stop after N distinct states, with the statistics so far (exit 4 when no violation was found).",
    )
    @click.option(
        "--engine",
        type=click.Choice(["auto", "generic", "packed"]),
        default="auto",
        show_default=True,
        help="'packed': the fast engine over numpy arrays of packed states, offered by specs where it "
        "pays (4x4 boards); with --temporal it decides liveness level by level when the state graph has no "
        "cycles but self-loops. 'generic': state by state through the spec's definitions, liveness with "
        "networkx. 'auto': packed when offered.",
    )
    @max_memory_option
    @view_option
    @itf_options
    @state_space_options
    @click.option("--list", "list_", is_flag=True, help="List the specs and their properties, then exit.")
    @click.version_option(package_name="ttt-check", prog_name=prog_name)
    @click.pass_context
    def main(
        ctx: click.Context, invariants, temporal, fairness, deadlock, view, out_itf, itf_style, coverage, dump, list_,
        **kwargs,
    ):
        """Explore every reachable state breadth-first, from `init` through
        `step`, and check the invariants in each one. When an invariant
        fails, print a shortest behaviour that breaks it, state by state, in
        Quint's notation.

        Temporal properties (--temporal) are about behaviours: infinite
        sequences of states. A behaviour that stops taking steps repeats its
        last state forever (stuttering), as in TLA+; so does a state with no
        successor. A counterexample is a lasso: a shortest path from `init`,
        then a part that repeats forever, shown as `Stuttering` or `Back to
        state k`. --fairness says when a behaviour may stop (see below).
        """
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
        spec_file = kwargs["spec"] if kwargs["spec"].endswith(".qnt") else None
        refuse_same_file(ctx, ["out_itf", "dump"], read=[("--spec", spec_file)])
        model = specs.build(kwargs)
        from checker.cli.check import Search, run_check

        temporal = resolve_temporal(model, temporal)
        invariants = resolve_invariants(model, invariants) if invariants or not temporal else []
        search = Search.resolve(model, bool(temporal), kwargs, watched=coverage or dump is not None)
        view = resolve_view(model, view)
        ctx.exit(run_check(model, invariants, deadlock, view, temporal, fairness, out_itf, itf_style, search, coverage, dump))

    main.help = specs.help("check", f"{specs.summary}\n\n{inspect.cleandoc(main.help)}")
    commands = (run_command(specs), test_command(specs), replay_command(specs), solve_command(specs),
                explore_command(specs), eval_command(specs))
    for command in commands:
        add_command(main, command, specs)
    return main


def add_command(group: click.Group, command: click.Command, specs: Specs) -> None:
    """Add a subcommand, with the specs' examples in its help and its first line, whole, in the group's list."""
    command.short_help = inspect.cleandoc(command.help or "").split("\n\n")[0].replace("\n", " ")
    command.help = specs.help(command.name, command.help)
    group.add_command(command)
