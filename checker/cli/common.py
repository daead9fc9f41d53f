"""What every command shares: the spec registry, exit codes, and the options that pick properties.

Nothing here knows a particular model: `Specs` holds the factories (name ->
model) and the options they take, and every command gets its model from it.
The subcommands import this module; `checker.cli.app` imports them, never the reverse.
"""

from __future__ import annotations

import inspect
from typing import Callable, Mapping, Sequence

import click

from checker.model import Model

#: Exit codes, as TLC's (bad usage is click's 2).
EXIT_OK, EXIT_DEADLOCK, EXIT_INVARIANT, EXIT_TEMPORAL = 0, 11, 12, 13
#: the search stopped (--max-states) before finding any violation: nothing is proven
EXIT_INCOMPLETE = 3


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
        try:
            return factory(**{option.name: kwargs.pop(option.name) for option in self.options})
        except ValueError as error:  # options that are fine alone but not together
            raise click.UsageError(str(error)) from error

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
