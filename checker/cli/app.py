"""The command line: `ttt-check`, built from a registry of specs (see `checker.cli.common`)."""

from __future__ import annotations

import inspect
import sys

import click

from checker.cli.common import (
    Specs,
    invariant_option,
    resolve_invariants,
    resolve_temporal,
    resolve_view,
    view_option,
    with_specs,
)
from checker.cli.itf_out import itf_options
from checker.cli.replay import replay_command
from checker.cli.run import run_command


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
            "12 invariant violated, 13 temporal property violated, 2 bad usage, "
            "3 stopped by --max-states before finding a violation, 130 interrupted (Ctrl-C)."
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
        "stutter forever in any state, even the initial one, so hardly any `eventually` holds.",
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
        type=click.IntRange(1),
        metavar="N",
        help="Stop after N distinct states, with the statistics so far (exit 3 when no violation was found).",
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
    @view_option
    @itf_options
    @click.option("--list", "list_", is_flag=True, help="List the specs and their properties, then exit.")
    @click.version_option(package_name="ttt-check", prog_name=prog_name)
    @click.pass_context
    def main(ctx: click.Context, invariants, temporal, fairness, deadlock, view, out_itf, itf_style, list_, **kwargs):
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
            given = [
                max(p.opts, key=len)
                for p in ctx.command.params
                if p.name and ctx.get_parameter_source(p.name) is click.core.ParameterSource.COMMANDLINE
            ]
            if given:
                raise click.UsageError(
                    f"{', '.join(given)} given before '{ctx.invoked_subcommand}': "
                    f"put the options after the command name"
                )
            return
        if list_:
            from checker.cli.listing import format_listing

            click.echo(format_listing(specs.all()))
            return
        model = specs.build(kwargs)
        from checker.cli.check import Search, run_check

        temporal = resolve_temporal(model, temporal)
        invariants = resolve_invariants(model, invariants) if invariants or not temporal else []
        search = Search.resolve(model, bool(temporal), kwargs)
        view = resolve_view(model, view)
        ctx.exit(run_check(model, invariants, deadlock, view, temporal, fairness, out_itf, itf_style, search))

    main.help = specs.help("check", f"{specs.summary}\n\n{inspect.cleandoc(main.help)}")
    for command in (run_command(specs), replay_command(specs)):
        command.help = specs.help(command.name, command.help)
        main.add_command(command)
    return main


def run_cli(cli: click.Command) -> None:
    """Run `cli`, reporting bad usage in one line (exit 2), never a traceback."""
    try:
        code = cli.main(prog_name=cli.name, standalone_mode=False)
    except click.ClickException as error:
        click.echo(f"{cli.name}: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo(f"{cli.name}: interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
