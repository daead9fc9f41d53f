"""What every command shares: the spec registry, exit codes, and the options that pick properties.

Nothing here knows a particular model: `Specs` holds the factories (name ->
model) and the options they take, and every command gets its model from it.
The subcommands import this module; `checker.cli.app` imports them, never the reverse.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence

import click

from checker.cli.guard import (  # noqa: F401 (exit codes live together)
    EXIT_FILE,
    EXIT_INCOMPLETE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_SPEC,
    one_line,
)
from checker.files import SOURCE_LIMIT, ReadError, read_bounded, writable
from checker.model import Invariant, Model, SpecError

#: the largest --max-states taken: more states than any machine holds (a larger number is a typo)
MOST_STATES = 10**12

#: Exit codes, as TLC's (bad usage is click's 2).
EXIT_OK, EXIT_DEADLOCK, EXIT_INVARIANT, EXIT_TEMPORAL = 0, 11, 12, 13


def plural(n: int, noun: str) -> str:
    """`1 sample`, `2 samples`, `1,000 states`."""
    return f"{n:,} {noun}" + ("s" if n != 1 else "")


def report_error(message: str) -> None:
    """Print `PROG: error: message` on stderr, in one line."""
    ctx = click.get_current_context(silent=True)
    prog = ctx.find_root().info_name if ctx else "ttt-check"
    click.echo(f"{prog}: error: {one_line(message)}", err=True)


def write_files(write) -> int:
    """Run `write()` -> (lines written, error lines): print both; EXIT_FILE if anything failed, else 0."""
    written, errors = write()
    for line in written:
        click.echo(line)
    for error in errors:
        report_error(error)
    return EXIT_FILE if errors else EXIT_OK


@dataclass(frozen=True)
class Transcribed:
    """The `.qnt` file a registered spec's hand-written model transcribes, and the manifest recording the
    SHA-256 of the file it was verified against: the model stands for the file only while the file has
    that hash. The manifest is read when the hash is needed, so a damaged one stops only the commands
    that need it, in one line.

    The file meant is `path` (as the project names it, `specs/x.qnt`) in the current folder or the
    nearest parent folder that has it (a student runs the tool in the project's folder, or below it);
    elsewhere, the `reference` copy installed with the tool.
    """

    path: str
    #: a JSON file whose `sources[path].sha256` is the hash
    manifest: Path
    reference: Path

    def find(self) -> str:
        """The file meant, as a path to show: relative to the current folder when the project holds it."""
        try:
            here = Path.cwd()
        except OSError:  # the current folder was deleted: it holds no project
            return str(self.reference)
        for folder in (here, *here.parents):
            if (folder / self.path).is_file():
                return os.path.relpath(folder / self.path)
        return str(self.reference)

    def unchanged(self, path: str) -> bool:
        """Whether the file at `path` is byte for byte the one the transcription was verified against.

        That file imports nothing, so equal bytes also mean equal imports."""
        try:
            data = read_bounded(path, SOURCE_LIMIT)
        except ReadError as error:
            raise SpecError(f"{path}: {error}") from None
        return hashlib.sha256(data).hexdigest() == self.sha256()

    def sha256(self) -> str:
        """The hash the manifest records for the file; SpecError if the manifest cannot say."""
        try:
            recorded = json.loads(read_bounded(str(self.manifest), 1 << 20))["sources"][self.path]["sha256"]
        except ReadError as error:
            raise SpecError(f"{self.manifest}: {error}") from None
        except ValueError as error:
            raise SpecError(f"{self.manifest} is not JSON: {error}") from None
        except (KeyError, TypeError):
            raise SpecError(f"{self.manifest} records no SHA-256 for {self.path} (sources.{self.path}.sha256)") from None
        if not isinstance(recorded, str):
            raise SpecError(f"{self.manifest}: the SHA-256 recorded for {self.path} is not a string")
        return recorded


def read_spec(path: str) -> str:
    """The text of the `.qnt` file at `path`; SpecError, in one line, when it is missing, a folder, a FIFO,
    a device or too large."""
    try:
        return read_bounded(path, SOURCE_LIMIT).decode("utf-8", "replace")
    except ReadError as error:
        raise SpecError(f"{path}: {error}") from None


class Specs:
    """The specs a command line offers, and the options their factories take.

    A registered spec with a `Transcribed` source is built by its factory (the fast,
    hand-written model) only while its file is unchanged; otherwise the file is
    evaluated as written (through Quint's IR), and one line says so. A `.qnt`
    model, given with --spec or a changed registered file, goes through
    `evaluated(model, options)`, which may give it more (views, the options it
    accepts, from the non-default ones in `options`) or refuse them with a
    click.UsageError. The options not named in `file_options` are the
    transcriptions' own: given for a file, they are refused before Quint is
    looked for, so that bad usage is said as such on any machine.
    """

    def __init__(
        self,
        factories: Mapping[str, Callable[..., Model]],
        default: str,
        options: Sequence[click.Option] = (),
        summary: str = "Model-check a spec, exhaustively.",
        examples: Mapping[str, str] = {},
        sources: Mapping[str, Transcribed] = {},
        evaluated: Callable[[Model, Mapping[str, object]], Model] = lambda spec, options: spec,
        reads: Callable[[Mapping[str, object]], Sequence[tuple[str, str]]] = lambda params: (),
        file_options: Sequence[str] = (),
    ):
        self.factories = dict(factories)
        self.default = default
        self.options = list(options)
        #: the first line of `--help`
        self.summary = summary
        #: command name ("check" for the default one) -> lines of examples for its `--help`
        self.examples = dict(examples)
        self.sources = dict(sources)
        self.evaluated = evaluated
        #: the (option, file) pairs the given options' values make a command read (a player's policy, say)
        self.reads = reads
        #: the changed files already announced (a command may build its spec twice)
        self.noted: set[str] = set()
        #: the names of the options a `.qnt` file evaluated as written takes too
        self.file_options = frozenset(file_options)

    def help(self, command: str, text: str) -> str:
        """A command's help: the first paragraph of its generic `text`, the examples for these specs,
        then the rest of `text` (kept short: the long explanations are in docs/reference.md)."""
        summary, _, rest = inspect.cleandoc(text).partition("\n\n")
        examples = self.examples.get(command)
        parts = [summary, f"\b\nExamples:\n{examples}" if examples else "", rest]
        return "\n\n".join(part for part in parts if part)

    def params(self) -> list[click.Parameter]:
        """`--spec` and the factories' options, for a command to accept."""
        spec = click.Option(
            ["-s", "--spec"],
            type=SpecName(list(self.factories)),
            default=self.default,
            help="strategy (default), random, FILE.qnt, FILE.tla.",
        )
        return [spec, *self.options, *quint_file_options()]

    def defaults(self) -> dict:
        """The spec options' values when none is given, as click hands them to a command."""
        return click.Command("defaults", params=self.options).make_context("defaults", []).params

    def has_file(self, name: str) -> bool:
        """Whether spec `name` is a `.qnt` file, or a registered spec that transcribes one."""
        return name.endswith(".qnt") or name in self.sources

    def files_read(self, params: Mapping[str, object]) -> list[tuple[str, str]]:
        """(option, file) for each file a command given `params` reads for its spec: the `.qnt` named, or
        a registered spec's file and the manifest of its hash, and the files `reads` names."""
        name = params.get("spec")
        files = []
        if isinstance(name, str) and name.endswith((".qnt", ".tla")):
            files.append(("--spec", name))
        if isinstance(name, str) and name.endswith(".tla"):
            from checker.tla.frontend import find_config

            config = find_config(Path(name), params.get("config"))
            if config is not None:
                files.append(("--config", str(config)))
        elif name in self.sources:
            source = self.sources[name]
            files += [(f"--spec {name}", source.find()), (f"--spec {name} (its manifest)", str(source.manifest))]
        return [*files, *self.reads(params)]

    def file_of(self, name: str, main: str | None = None) -> tuple[str, str]:
        """The `.qnt` file spec `name` means (see `Transcribed.find`), and its main module."""
        from checker.quint.repl import main_module

        path = name if name.endswith(".qnt") else self.sources[name].find() if name in self.sources else None
        if path is None:
            raise click.UsageError(f"spec '{name}' has no .qnt file")
        return path, main or main_module(read_spec(path), path)

    def build(self, kwargs: dict, announce: bool = True, alternatives: bool = False) -> Model:
        """The model named by `kwargs['spec']`, removing the spec's options from `kwargs`;
        a changed file announced in one line (unless not to `announce`); with `alternatives`, ready for a
        check of every choice the spec leaves to its tool (`Model.alternatives`)."""
        name = kwargs.pop("spec")
        file_options = {option.name: kwargs.pop(option.name, None) for option in quint_file_options()}
        options = {option.name: kwargs.pop(option.name) for option in self.options}
        changed = {option.name: options[option.name] for option in self.options
                   if options[option.name] not in (None, option.default)}
        refuse_file_options(name, file_options)
        if name.endswith(".qnt"):
            from checker.quint.spec_model import load

            self.refuse_for_file(name, changed)
            if os.path.lexists(name):  # a FIFO, a device or a folder is named for what it is
                read_spec(name)
            quint = {k: v for k, v in file_options.items() if v is not None and k != "config"}
            return self.evaluated(load(name, **quint), changed)
        if name.endswith(".tla"):
            from checker.tla.spec_model import load as load_tla

            return self.evaluated(load_tla(name, file_options.get("config"), alternatives), changed)
        source = self.sources.get(name)
        if source is not None:
            path = source.find()
            if not source.unchanged(path):
                self.refuse_for_file(path, changed)
                return self.build_changed(name, path, file_options["quint"], changed, announce)
        try:
            return self.factories[name](**options)
        except ValueError as error:  # options that cannot go together
            raise click.UsageError(str(error)) from None

    def refuse_for_file(self, path: str, changed: Mapping[str, object]) -> None:
        """UsageError when `changed` holds an option of the transcriptions only, for the file at `path`."""
        refused = [name for name in changed if name not in self.file_options]
        if refused:
            flags = {option.name: max(option.opts, key=len) for option in self.options}
            raise click.UsageError(
                f"{', '.join(flags[name] for name in refused)} applies to the registered specs' Python "
                f"transcriptions, not to a .qnt file evaluated as written ({path})"
            )

    def build_changed(
        self, name: str, path: str, quint: str | None, options: Mapping[str, object], announce: bool = True
    ) -> Model:
        """Registered spec `name` whose file at `path` changed: the file as written, said in one line.

        Without Quint, one error line names the file: never a verdict about the transcription.
        """
        from checker.quint.frontend import INSTALL_HINT, FrontEndError, find_quint
        from checker.quint.spec_model import load

        try:
            find_quint(quint, Path(path))
        except FrontEndError as error:
            how = INSTALL_HINT.split("; ", 1)[1] if str(error) == INSTALL_HINT else str(error)
            raise SpecError(f"{path} changed since the Python transcription of spec '{name}', and evaluating "
                            f"the file as written needs Quint: {how}") from None
        if announce and path not in self.noted:
            self.noted.add(path)
            click.echo(f"{path} changed since the Python transcription: evaluating the file as written")
        model = load(path, quint)
        model.name = name
        return self.evaluated(model, options)


#: the options of a spec's file, and the kind of file each applies to
FILE_OPTIONS = {"quint": ".qnt", "init": ".qnt", "step": ".qnt", "main": ".qnt", "config": ".tla"}


def refuse_file_options(name: str, options: Mapping[str, object]) -> None:
    """Refuse, as a usage error, an option of one kind of spec file given with another spec (`--config`
    with a .qnt, `--init` with a .tla, either with a registered spec), before any tool is looked for."""
    kind = Path(name).suffix if name.endswith((".qnt", ".tla")) else None
    wrong = [f"--{option}" for option, value in options.items()
             if value is not None and FILE_OPTIONS.get(option) != kind and not (option == "quint" and kind is None)]
    if not wrong:
        return
    wanted = {FILE_OPTIONS[w[2:]] for w in wrong}
    files = " or ".join(f"a {suffix} file" for suffix in sorted(wanted))
    raise click.UsageError(f"{', '.join(wrong)} applies to {files} given with --spec, not to '{name}'")


def output_file(ctx: click.Context, param: click.Parameter, path: str | None) -> str | None:
    """A click callback for an option naming a file to write: refuse, before any work is done, an option
    taken for a file name (`--out-itf --deadlock`) or a file whose folder does not exist."""
    if path is None:
        return None
    flag = max(param.opts, key=len) if param is not None else "the option"
    if path.startswith("-"):
        raise click.BadParameter(f"expected a file name, got the option '{path}' (put the file name after {flag})")
    if not path.strip() or path.endswith(("/", os.sep)):
        raise click.BadParameter(f"expected a file name, got '{path}'", param=param)
    folder = os.path.dirname(path) or "."
    if param is not None and param.name == "out_itf":
        # its name may hold {seq} ({property} is known only once traces are found): the first file's folder
        folder = os.path.dirname(path.replace("{seq}", "0")) or "."
    if "{property}" not in folder and not os.path.isdir(folder):
        raise click.BadParameter(f"the folder '{folder}' does not exist", param=param)
    if "{property}" not in folder and not writable(folder, os.W_OK | os.X_OK):  # the work would be lost
        raise click.BadParameter(f"the folder '{folder}' is not writable (Permission denied)", param=param)
    return path


def refuse_same_file(
    ctx: click.Context,
    written: Sequence[str],
    read: Sequence[tuple[str, str | None]] = (),
    specs: "Specs | None" = None,
    expanded: Mapping[str, Sequence[str]] = {},
) -> None:
    """Refuse, before any work, a file that one option of the run writes and another writes too (one would
    replace the other) or reads (it would be lost): `written` are the writing options' parameter names,
    `read` (option, file) pairs of the files read, to which `specs` adds those its options make the command
    read (`Specs.files_read`). `expanded` gives, for a writing option whose name is a template, every name
    it may expand to (`{seq}` left in: any number), each one checked (see `checker.cli.itf_out.file_names`)."""

    def where(path: str) -> str:
        try:
            return os.path.realpath(path)
        except OSError:  # a working folder that is gone
            return os.path.normpath(path)

    if specs is not None:
        read = [*read, *specs.files_read(ctx.params)]
    seen = {where(path): flag for flag, path in reversed(read) if path}
    patterns: list[tuple[str, str, str]] = []  # (flag, template, regular expression over absolute paths)
    for name in written:
        path = ctx.params.get(name)
        if not path:
            continue
        flag = next(max(p.opts, key=len) for p in ctx.command.params if p.name == name)
        names = expanded.get(name, [path])
        for each in names:
            if "{seq}" in each:
                parts = where(each.replace("{seq}", "\x1f")).split("\x1f")  # a character no file name holds
                patterns.append((flag, path, r"\d+".join(map(re.escape, parts))))
                continue
            if where(each) in seen:
                raise click.UsageError(f"{seen[where(each)]} and {flag} name the same file '{each}': give each its own")
        for each in names:
            seen.setdefault(where(each), flag)
    for flag, template, pattern in patterns:
        for other, other_flag in seen.items():
            if other_flag != flag and re.fullmatch(pattern, other):
                raise click.UsageError(
                    f"{other_flag} and {flag} may name the same file '{other}' ({flag} {template}): give each its own"
                )


def _memory_bound(ctx: click.Context, param: click.Parameter, text: str | None) -> int | None:
    """Set the memory bound of the command's searches (None: the default one)."""
    from checker.explore.memory import limit_searches, parse_size

    try:
        size = parse_size(text) if text is not None else None
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None
    limit_searches(size)
    return size


def max_memory_option(command):
    """Decorator: `--max-memory SIZE`, the bound on the memory a search may take."""
    return click.option(
        "--max-memory",
        metavar="SIZE",
        callback=_memory_bound,
        expose_value=False,
        help="Memory bound of a search, e.g. 8G (exit 4).",
    )(command)


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option `name` was given on the command line (not left to its default)."""
    return ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE


def refuse_unused(ctx: click.Context, pairs: Sequence[tuple[str, str, bool]]) -> None:
    """Refuse an option that would be silently ignored: (its name, what it needs, whether that is there)."""
    for name, needs, present in pairs:
        if given(ctx, name) and not present:
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"{flag} has no effect without {needs}")


class FiniteRange(click.FloatRange):
    """click's FloatRange, which lets `nan` through (it compares false with the bounds): a number only."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


class SpecName(click.ParamType):
    """A registered spec's name, or the path of a `.qnt` or `.tla` file."""

    name = "NAME|FILE"

    def __init__(self, choices: Sequence[str]):
        self.choices = list(choices)

    def convert(self, value, param, ctx):
        if value in self.choices or str(value).endswith((".qnt", ".tla")):
            return value
        self.fail(f"'{value}' is neither a spec ({', '.join(self.choices)}) nor a .qnt or .tla file"
                  f"{did_you_mean(str(value), self.choices)}", param, ctx)


def quint_file_options() -> list[click.Option]:
    """The options for a `.qnt` file given with --spec, as `quint run` names them, and a `.tla` file's cfg."""
    return [
        click.Option(["--quint"], metavar="PATH", help="quint to use (default: $QUINT, .quint/, PATH)."),
        click.Option(["--init"], metavar="NAME", help="A .qnt spec's init action (default: init)."),
        click.Option(["--step"], metavar="NAME", help="A .qnt spec's step action (default: step)."),
        click.Option(["--main"], metavar="NAME", help="A .qnt spec's main module (default: the file's)."),
        click.Option(["--config"], metavar="CFG", help="A .tla spec's cfg (default: FILE.cfg)."),
    ]


def resolve_invariants(model: Model, names: Sequence[str]):
    """The model's invariants called `names` (its defaults when none), after those it requires (a cfg's).
    As Quint checks any boolean definition as an invariant, a state's boolean definition (`canWin`) may be
    named too."""
    chosen = []
    for name in dict.fromkeys([*model.required_invariants, *(names or model.default_invariants)]):
        invariant = model.invariants.get(name) or boolean_definitions(model).get(name)
        if invariant is None:
            valid = [*model.invariants, *boolean_definitions(model)]
            raise click.BadParameter(
                f"unknown invariant '{name}' for spec '{model.name}'{did_you_mean(name, valid)}; valid names: "
                f"{', '.join(valid)}",
                param_hint="'--invariant'",
            )
        chosen.append(invariant)
    return chosen


def boolean_definitions(model: Model) -> dict[str, Invariant]:
    """The state definitions of a model that declares its invariants (a `.qnt` spec offers every boolean
    definition as one already) whose values in the initial states are booleans, as invariants."""
    if not model.invariants_declared:
        return {}
    initial = list(model.init_states())
    found = {}
    for name, value in model.definitions.items():
        try:
            boolean = bool(initial) and all(isinstance(value(state), bool) for state in initial)
        except Exception:  # noqa: BLE001 - a definition that fails in a state is no invariant to offer
            boolean = False
        if boolean and name not in model.invariants:
            found[name] = Invariant(name, value, "a boolean definition of the spec, checked as an invariant")
    return found


def resolve_temporal(model: Model, names: Sequence[str]):
    """The model's temporal properties called `names`, after those it requires (a cfg's); a conjunction
    stands for its parts, and one the spec defines but the checker does not decide is refused, saying
    why: exit 3."""
    names = list(dict.fromkeys(part for name in [*model.required_temporal, *names]
                               for part in model.temporal_parts.get(name, (name,))))
    for name in names:
        if name in model.unchecked_temporal:
            raise SpecError(model.unchecked_temporal[name])
        if name not in model.temporal_properties:
            valid = ", ".join(model.temporal_properties) or "(none)"
            raise click.BadParameter(
                f"unknown temporal property '{name}' for spec '{model.name}'"
                f"{did_you_mean(name, list(model.temporal_properties))}; valid names: {valid}",
                param_hint="'--temporal'",
            )
    return [model.temporal_properties[name] for name in names]


def reported_invariants(model: Model, names: Sequence[str]) -> list:
    """The invariants called `names`, or the ones a report shows when none is named (`Model.reported_invariants`)."""
    return resolve_invariants(model, names) if names else model.reported_invariants()


def resolve_view(model: Model, view: str) -> str:
    """`view` if the model has it (or it is 'all')."""
    if view != "all" and view not in model.views:
        valid = [*model.views, "all"]
        raise click.BadParameter(
            f"unknown view '{view}'{did_you_mean(view, valid)}; valid views: {', '.join(valid)}", param_hint="'--view'"
        )
    return view


def did_you_mean(name: str, valid: Sequence[str]) -> str:
    """` (did you mean 'OHasNotWon'?)` for a name that is close to one of `valid` (case aside), else ''."""
    from difflib import get_close_matches

    folded = {choice.lower(): choice for choice in valid}
    close = get_close_matches(name.lower(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean '{folded[close[0]]}'?)" if close else ""


def invariant_option(help_text: str):
    return click.option("-i", "--invariant", "invariants", multiple=True, metavar="NAME", help=help_text)


view_option = click.option(
    "--view",
    default="all",
    metavar="VIEW",
    help="A view of the spec (see --list), or all.",
)


def with_specs(specs: Specs):
    """Decorator: give a click command the spec options."""

    def add(command: click.Command) -> click.Command:
        command.params[:0] = specs.params()
        return command

    return add
