"""`--out-itf`: writing traces to ITF files, one file per trace.

The file name may hold `{seq}` (0, 1, ... in the order the traces are
reported, as in Quint) or `{property}` (the name of the property a trace
violates). Without either, a single trace goes to the file as named; when
there are several, each file name gets `_<property>` before its extension
(`cex.itf.json` -> `cex_NotStalemate.itf.json`), so that none overwrites
another.
"""

from __future__ import annotations

import os
from typing import Sequence

import click

from checker.cli.common import output_file, plural
from checker.explore.trace import Trace
from checker.model import Model


def itf_options(command):
    """Decorator: `--out-itf FILE` and `--itf-style`."""
    command = click.option(
        "--itf-style",
        type=click.Choice(["quint", "itf-py"]),
        default="quint",
        metavar="STYLE",
        help="quint (the default) or itf-py: the ITF written.",
    )(command)
    return click.option(
        "--out-itf",
        metavar="FILE",
        callback=output_file,
        help="Write each trace to FILE as ITF, as quint does.",
    )(command)


#: the property name of a `run` sample that violates nothing
SAMPLE = "sample"


def states(n: int) -> str:
    return plural(n, "state")


def file_name(template: str, seq: int, prop: str, several: bool) -> str:
    """The file for the `seq`-th trace, which violates `prop`."""
    if "{seq}" in template or "{property}" in template:
        return template.replace("{seq}", str(seq)).replace("{property}", prop)
    if not several:
        return template
    folder, base = os.path.split(template)
    stem, dot, extension = base.partition(".")
    return os.path.join(folder, f"{stem}_{prop}{dot}{extension}")


def write_traces(
    model: Model, traces: Sequence[tuple[str, Trace]], template: str, status: str, style: str
) -> tuple[list[str], list[str]]:
    """Write each (property, trace) pair to its file.

    Returns the lines saying where traces went and, separately, one error
    line per file that could not be written (the others are still written).
    """
    from checker.files import WriteError
    from checker.quint.itf import write_trace

    if not traces:
        return [f"No trace to write: {template} was not written (an older file of that name is not from this run)."], []
    written, errors = [], []
    for seq, (prop, trace) in enumerate(traces):
        path = file_name(template, seq, prop, len(traces) > 1)
        try:
            write_trace(path, model, trace, status, style)
        except WriteError as error:
            errors.append(str(error))
            continue
        what = "the longest sample" if prop == SAMPLE else f"the trace for {prop}"
        written.append(f"Wrote {what} to {path} (ITF, {states(len(trace))}).")
    return written, errors
