"""`--coverage` and `--dump`: options of a check that show what the exploration saw."""

from __future__ import annotations


import click

from checker.explore.coverage import Coverage
from checker.cli.common import output_file
from checker.files import WriteError
from checker.graph_files import graph_format
from checker.model import Model


def _graph_file(ctx: click.Context, param: click.Parameter, path: str | None) -> str | None:
    """Refuse a FILE of unknown format, or in a missing folder, before exploring."""
    if path is None:
        return None
    try:
        graph_format(path)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None
    return output_file(ctx, param, path)


def state_space_options(command):
    """Add --coverage and --dump to a command."""
    command = click.option(
        "--dump",
        metavar="FILE",
        callback=_graph_file,
        help="Write the state graph (.dot .gv .graphml .json).",
    )(command)
    return click.option(
        "--coverage",
        is_flag=True,
        help="Count how often each action and branch fired.",
    )(command)


class Watchers:
    """What watches the exploration for --coverage and --dump, and what they report after."""

    def __init__(self, model: Model, coverage: bool, dump: str | None):
        self.coverage = Coverage(model) if coverage else None
        self.recorder = None
        if dump:
            from checker.explore.graph import GraphRecorder  # networkx, only for --dump

            self.recorder = GraphRecorder(model)
        self.dump = dump
        self.active = [watcher for watcher in (self.coverage, self.recorder) if watcher is not None]

    def on_expand(self):
        """The `on_expand` for `explore` (None when nothing watches)."""
        if not self.active:
            return None

        def watch(state, steps) -> None:
            for watcher in self.active:
                watcher(state, steps)

        return watch

    def report(self, complete: bool, symmetry: bool) -> str:
        """The coverage table, if asked for (see `checker.explore.coverage.Coverage.report`)."""
        if self.coverage is None:
            return ""
        over = "reachable classes of states (--symmetry: one representative each)" if symmetry else "reachable states"
        return self.coverage.report(complete, over)

    def write(self) -> tuple[list[str], list[str]]:
        """Write the state graph to the --dump file: (the line saying where it went, error lines)."""
        if self.recorder is None:
            return [], []
        graph = self.recorder.graph
        try:
            from checker.graph_files import write_graph

            kind = write_graph(graph, self.dump)
        except WriteError as error:
            return [], [str(error)]
        return [
            f"Wrote the state graph to {self.dump} ({kind}: "
            f"{graph.number_of_nodes():,} states, {graph.number_of_edges():,} transitions)."
        ], []
