"""`ttt-check eval`: the value of a Quint expression of the spec at a state, as Quint's REPL prints it."""

from __future__ import annotations

import click

from checker.cli.common import EXIT_SPEC, Specs, quint_file_options


def eval_command(specs: Specs) -> click.Command:
    """The `eval` subcommand, offered the specs of `specs`."""

    # the spec as its file is (no options of the transcriptions: the file is what Quint evaluates)
    @click.command(name="eval", params=[specs.params()[0], *quint_file_options()])
    @click.argument("expression", metavar="EXPR")
    @click.option(
        "--path",
        default="0",
        metavar="P",
        help="The state, as the explorer's address names it (default 0).",
    )
    @click.pass_context
    def eval_(ctx, expression, path, **kwargs):
        """Print the value of a spec's expression (Quint or TLA+) at a state.

        A .qnt spec's expression goes to Quint's REPL; a .tla spec's is evaluated as TLC would.

        A .qnt spec needs Quint. Exit codes: 0 printed, 2 bad usage (a --path naming no
        state), 3 EXPR cannot be evaluated there, or Quint cannot be found, 74 no working
        folder to run Quint in.
        """
        from checker.quint.repl import ExpressionError
        from checker.web.api import Explorer, RequestError, parse_path

        if kwargs["spec"].endswith(".tla"):
            model = specs.build({**kwargs, **specs.defaults()}, announce=False)
            try:
                state, _ = Explorer(model).walk(parse_path(path))
            except RequestError as error:
                raise click.BadParameter(str(error), param_hint="'--path'") from None
            click.echo(model.evaluate(state, expression))
            return
        file, module = specs.file_of(kwargs["spec"], kwargs.get("main"))
        model = specs.build({**kwargs, **specs.defaults()}, announce=False)
        try:
            state, _ = Explorer(model).walk(parse_path(path))
        except RequestError as error:
            raise click.BadParameter(str(error), param_hint="'--path'") from None
        from checker.quint.repl import Repl

        repl = Repl(file, module, kwargs.get("quint"))
        try:
            click.echo(repl.evaluate(model.to_quint(state), expression))
        except ExpressionError as error:
            click.echo(str(error), err=True)
            ctx.exit(EXIT_SPEC)
        finally:
            repl.close()

    return eval_
