"""The command line: `ttt-check`, built from a registry of specs.

Nothing here knows a particular model: `Specs` holds the factories (name ->
model) and the options they take, and every command gets its model from it.
"""

from __future__ import annotations

import inspect
import sys
from typing import Callable, Mapping, Sequence

import click

from checker.itf_out import itf_options
from checker.model import Model

#: Exit codes, as TLC's (bad usage is click's 2).
EXIT_OK, EXIT_DEADLOCK, EXIT_INVARIANT, EXIT_TEMPORAL = 0, 11, 12, 13


class Specs:
    """The specs a command line offers, and the options their factories take."""

    def __init__(
        self,
        factories: Mapping[str, Callable[..., Model]],
        default: str,
        options: Sequence[click.Option] = (),
        summary: str = "Model-check a spec, exhaustively.",
        examples: Mapping[str, str] = {},
    ):
        self.factories = dict(factories)
        self.default = default
        self.options = list(options)
        #: the first line of `--help`
        self.summary = summary
        #: command name ("check" for the default one) -> lines of examples for its `--help`
        self.examples = dict(examples)

    def help(self, command: str, text: str) -> str:
        """A command's help: its generic `text`, then the examples for these specs."""
        text = inspect.cleandoc(text)
        examples = self.examples.get(command)
        return f"{text}\n\n\b\nExamples:\n{examples}" if examples else text

    def params(self) -> list[click.Parameter]:
        """`--spec` and the factories' options, for a command to accept."""
        spec = click.Option(
            ["-s", "--spec"],
            type=click.Choice(list(self.factories)),
            default=self.default,
            show_default=True,
            help="Which spec to use (see --list).",
        )
        return [spec, *self.options]

    def build(self, kwargs: dict) -> Model:
        """The model named by `kwargs['spec']`, removing the spec's options from `kwargs`."""
        factory = self.factories[kwargs.pop("spec")]
        return factory(**{option.name: kwargs.pop(option.name) for option in self.options})

    def all(self) -> dict[str, Model]:
        """Every spec, built with default options."""
        return {name: factory() for name, factory in self.factories.items()}


def resolve_invariants(model: Model, names: Sequence[str]):
    """The model's invariants called `names` (its defaults when none)."""
    chosen = []
    for name in names or model.default_invariants:
        if name not in model.invariants:
            raise click.BadParameter(
                f"unknown invariant '{name}' for spec '{model.name}'; valid names: {', '.join(model.invariants)}",
                param_hint="'--invariant'",
            )
        chosen.append(model.invariants[name])
    return chosen


def resolve_temporal(model: Model, names: Sequence[str]):
    """The model's temporal properties called `names`."""
    for name in names:
        if name not in model.temporal_properties:
            valid = ", ".join(model.temporal_properties) or "(none)"
            raise click.BadParameter(
                f"unknown temporal property '{name}' for spec '{model.name}'; valid names: {valid}",
                param_hint="'--temporal'",
            )
    return [model.temporal_properties[name] for name in names]


def resolve_view(model: Model, view: str) -> str:
    """`view` if the model has it (or it is 'all')."""
    if view != "all" and view not in model.views:
        raise click.BadParameter(
            f"unknown view '{view}'; valid views: {', '.join([*model.views, 'all'])}", param_hint="'--view'"
        )
    return view


def invariant_option(help_text: str):
    return click.option("-i", "--invariant", "invariants", multiple=True, metavar="NAME", help=help_text)


view_option = click.option(
    "--view",
    default="all",
    show_default=True,
    metavar="VIEW",
    help="How to show each state of a trace: one of the spec's views (see --list), or 'all' of them.",
)


def with_specs(specs: Specs):
    """Decorator: give a click command the spec options."""

    def add(command: click.Command) -> click.Command:
        command.params[:0] = specs.params()
        return command

    return add


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
            "12 invariant violated, 13 temporal property violated, 2 bad usage."
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
            from checker.listing import format_listing

            click.echo(format_listing(specs.all()))
            return
        model = specs.build(kwargs)
        from checker.check import run_check

        temporal = resolve_temporal(model, temporal)
        invariants = resolve_invariants(model, invariants) if invariants or not temporal else []
        ctx.exit(run_check(model, invariants, deadlock, resolve_view(model, view), temporal, fairness, out_itf, itf_style))

    from checker.cli_replay import replay_command
    from checker.cli_run import run_command

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
