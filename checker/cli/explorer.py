"""`ttt-check explore`: walk the spec's states in a browser, and open counterexamples step by step."""

from __future__ import annotations

import sys

import click

from checker.cli.common import (
    Specs,
    invariant_option,
    max_memory_option,
    resolve_invariants,
    resolve_temporal,
    with_specs,
)


#: the longest the expression box waits for one answer of Quint's REPL (then the REPL is ended, restarted later)
EXPRESSION_SECONDS = 10.0


def explore_command(specs: Specs) -> click.Command:
    @with_specs(specs)
    @max_memory_option
    @click.command(name="explore", short_help="Walk the states in a browser; open counterexamples step by step.")
    @click.option(
        "--port",
        type=click.IntRange(0, 65535),
        default=8000,
        metavar="PORT",
        help="Port on 127.0.0.1; 0 picks a free one (default 8000).",
    )
    @invariant_option(
"List this invariant's counterexample (repeatable)."
    )
    @click.option(
        "-t",
        "--temporal",
        multiple=True,
        metavar="NAME",
        help="List this temporal property's counterexample.",
    )
    def explore(port, invariants, temporal, **kwargs):
        """Walk the states in a browser; open counterexamples step by step.

        Serves the page on 127.0.0.1 only; Ctrl+C stops it. Exit codes: 130 stopped by
        Ctrl+C, 2 bad usage (or a port taken), 3 spec unreadable, 4 stopped by the
        memory bound.
        """
        from checker.cli.check import counterexamples, note_slower_engine
        from checker.explore.bfs import explore as bfs
        from checker.quint.repl import Repl
        from checker.web.api import Explorer
        from checker.web.server import make_server

        # a transcription with options of its own (another board) has states the file does not describe
        plain = all(kwargs.get(option.name) in (None, option.default) for option in specs.options)
        as_written = kwargs["spec"].endswith(".qnt") or plain
        file = specs.file_of(kwargs["spec"], kwargs.get("main")) if specs.has_file(kwargs["spec"]) and as_written else None
        quint = kwargs.get("quint")
        model = specs.build(kwargs)
        props = resolve_temporal(model, temporal)
        chosen = resolve_invariants(model, invariants) if invariants or model.required_invariants else []
        found = []
        if chosen or props:
            if model.packed is not None and not props:  # the fast engine finds the same shortest counterexamples
                from checker.explore.packed import explore_packed

                result = explore_packed(model, chosen, check_deadlock=False).whole()
            else:
                if model.packed is not None:
                    note_slower_engine(model, "--temporal needs the state graph, which only it keeps")
                result = bfs(model, chosen, check_deadlock=False, keep_graph=bool(props)).whole()
            verdicts = []
            if props:
                from checker.properties.liveness import check_properties

                verdicts = check_properties(model, result, props, "weak")
            kinds = {prop.name: "temporal" for prop in props}
            found = [
                (name, kinds.get(name, "invariant"), trace)
                for name, trace in counterexamples(result, chosen, verdicts)
            ]
        # Quint's REPL for the expression box, started at the first expression, ended with the server
        repl = Repl(*file, quint, seconds=EXPRESSION_SECONDS) if file else None
        evaluate = repl.evaluate if repl else None
        if repl is None and model.evaluate is not None:  # a spec that evaluates its own expressions (TLA+)
            evaluate = lambda record, text: model.evaluate(model.from_quint(record), text)  # noqa: E731
        try:
            server = make_server(Explorer(model, found, evaluate), port)
        except OSError as error:
            hint = "; --port 0 picks a free one" if port else ""
            raise click.BadParameter(f"cannot listen on 127.0.0.1:{port}: {error.strerror}{hint}", param_hint="'--port'")
        host, bound = server.server_address[:2]
        names = ", ".join(name for name, _, _ in found) or "none"
        click.echo(f"Exploring spec '{model.name}' at http://{host}:{bound}/  (counterexamples: {names}; Ctrl+C stops)")
        sys.stdout.flush()
        try:
            server.serve_forever()  # until Ctrl-C, which ends as everywhere: one line, exit 130
        finally:
            server.server_close()
            if repl is not None:
                repl.close()

    return explore
