"""`ttt-check test`: a spec's tests (its `run`s), run as `quint test` runs them (see `checker.quint.runs`)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from random import Random, SystemRandom

import click

from checker.cli.common import EXIT_OK, EXIT_SPEC, Specs, output_file, plural, refuse_same_file, resolve_view, view_option, write_files
from checker.cli.run import MAX_SAMPLES, parse_seed
from checker.explore.trace import Trace

#: exit code of `test` when a test fails, as `quint test`'s
EXIT_FAILED = 1
#: how many times a randomized test runs when no --seed is given (with one, once), as in `quint test`
SAMPLES = 10000


@dataclass
class Result:
    """The outcome of one test."""

    name: str
    #: "passed", "failed", "ignored" (its value is not a boolean, as `quint test` says) or "refused"
    #: (ttt-check does not evaluate something the test uses: no verdict)
    status: str
    samples: int
    #: the seed of the last sample run: `--seed` with it runs that sample first
    seed: int
    trace: Trace | None = None
    error: Exception | None = None
    #: the IR node the failure is about
    node: object = None
    debug: list = field(default_factory=list)


def run_test(runner, name: str, definition: dict, samples: int, start: int) -> Result:
    """Run one test up to `samples` times, each sample from its own seed (the first `start`, each next
    drawn from the one before): stop at the first failure, or after one sample when it drew nothing at
    random (it would do the same every time)."""
    from checker.quint.errors import Refused
    from checker.quint.runs import RunFailure

    seed = start
    for n in range(1, samples + 1):
        rng = Random(seed)
        before = rng.getstate()
        outcome = runner.run(definition, rng)
        drew = rng.getstate() != before
        if outcome.error is not None:
            status = "refused" if isinstance(outcome.error, Refused) else "failed"
            node = outcome.error.node if isinstance(outcome.error, RunFailure) else getattr(outcome.error, "where", (None, None))[1]
            return Result(name, status, n, seed, outcome.trace, outcome.error, node)
        if not isinstance(outcome.value, bool):
            return Result(name, "ignored", n, seed, outcome.trace)
        if outcome.value is False:
            return Result(name, "failed", n, seed, outcome.trace, None, definition["id"])
        if not drew or n == samples:
            return Result(name, "passed", n, seed, outcome.trace)
        seed = rng.getrandbits(64)
    raise AssertionError("unreachable")


def test_command(specs: Specs) -> click.Command:
    """The `test` subcommand, offered the specs of `specs`."""
    from checker.cli.common import quint_file_options

    options = [specs.params()[0], *(o for o in quint_file_options() if o.name in ("quint", "main"))]

    @click.command(name="test", params=options)
    @click.argument("file", required=False, metavar="[FILE.qnt]")
    @click.option(
        "--match",
        metavar="REGEX",
        help="Run the tests whose name matches (default: names ending in Test).",
    )
    @click.option(
        "--max-samples",
        type=click.IntRange(1, MAX_SAMPLES),
        metavar="N",
        help=f"Most runs of a randomized test (default {SAMPLES:,}; 1 with --seed).",
    )
    @click.option(
        "--seed",
        metavar="SEED",
        help="Seed, decimal or 0x-hex (default: a fresh one).",
    )
    @click.option(
        "--out-itf",
        metavar="FILE",
        callback=output_file,
        help="Write each test's trace to FILE as ITF; {test} and {seq} name it.",
    )
    @view_option
    @click.pass_context
    def test(ctx, file, match, max_samples, seed, out_itf, view, **kwargs):
        """Run the tests of a Quint spec (its runs), as quint test does.

        For a failing test it prints Quint's error, the test's run state by
        state (as a counterexample), and the --seed that repeats it.

        Exit codes: 0 every test passes, 1 a test fails, 2 bad usage, 3 the
        spec cannot be evaluated or a test uses what ttt-check refuses, 74 the
        --out-itf file could not be written.
        """
        from checker.quint import runtime
        from checker.quint.runs import Runner
        from checker.quint.spec_model import load

        name = file or kwargs["spec"]
        if file and ctx.get_parameter_source("spec") is click.core.ParameterSource.COMMANDLINE and kwargs["spec"] != file:
            raise click.UsageError(f"two specs given: {file} and --spec {kwargs['spec']}; give one")
        refuse_same_file(ctx, ["out_itf"], read=[("the spec", name if name.endswith(".qnt") else None)])
        path, module = specs.file_of(name, kwargs.get("main"))
        spec = load(path, kwargs.get("quint"), kwargs.get("main"), tests=True)
        spec.name = name
        display = displayed(specs, name, kwargs, spec)
        view = resolve_view(display, view)
        try:
            pattern = re.compile(match) if match else None
        except re.error as error:
            raise click.BadParameter(f"not a regular expression: {error}", param_hint="'--match'") from None
        runner = Runner(spec)
        tests = runner.tests(pattern.search if pattern else lambda test: test.endswith("Test"))
        start = parse_seed(seed)
        if start is None:
            start = SystemRandom().getrandbits(53)
        samples = max_samples or (1 if seed is not None else SAMPLES)
        click.echo(f"\n  {module}")
        began = time.perf_counter()
        results = []
        runtime.DEBUG[0] = click.echo
        try:
            for test_name, definition in tests:
                result = run_test(runner, test_name, definition, samples, start)
                results.append(result)
                click.echo(result_line(result, sum(r.status == "failed" for r in results)))
        finally:
            runtime.DEBUG[0] = None
        elapsed = round(1000 * (time.perf_counter() - began))
        click.echo(summary(results, elapsed))
        failed = [r for r in results if r.status in ("failed", "refused")]
        if failed:
            click.echo("")
            for number, result in enumerate(failed, start=1):
                click.echo(failure(spec, display, result, number, view))
        code = EXIT_OK
        if any(r.status == "refused" for r in results):
            code = EXIT_SPEC
        if any(r.status == "failed" for r in results):
            code = EXIT_FAILED
        if not tests:
            click.echo(f"No test: no definition of module {module} {'matches ' + repr(match) if match else 'ends with Test'}.")
        if out_itf and results:
            code = write_files(lambda: write_traces(spec, results, out_itf)) or code
        ctx.exit(code)

    return test


def displayed(specs: Specs, name: str, options: dict, spec):
    """The model that shows the tests' states: the one `ttt-check` checks for this spec (a board for a spec of
    the game's shape), when it can take them; else the spec's Quint records."""
    from checker.model import SpecError

    if not {"init", "step"} <= spec.visible:
        return spec
    try:
        model = specs.build({**options, **specs.defaults(), "spec": name}, announce=False)
    except (SpecError, click.UsageError, OSError):
        return spec
    return model


def state_in(display, spec, state):
    """A state of the spec's tests as `display` holds it (None when it cannot: a run left a variable unset)."""
    if display is spec:
        return state
    try:
        return display.from_quint(spec.to_quint(state))
    except (ValueError, KeyError, TypeError):
        return None


def result_line(result: Result, failures: int) -> str:
    """`    ok NAME passed N test(s)` or `    K) NAME failed after N test(s)`, as `quint test` prints them."""
    if result.status == "passed":
        return f"    ok {result.name} passed {result.samples} test(s)"
    if result.status == "failed":
        return f"    {failures}) {result.name} failed after {result.samples} test(s)"
    if result.status == "refused":
        return f"    -- {result.name} not run: ttt-check does not evaluate something it uses (see below)"
    return f"    -- {result.name} ignored: its value is not a boolean"


def summary(results: list[Result], elapsed: int) -> str:
    counts = {status: sum(r.status == status for r in results) for status in ("passed", "failed", "ignored", "refused")}
    lines = [""]
    if counts["passed"]:
        lines.append(f"  {counts['passed']} passing ({elapsed}ms)")
    if counts["failed"]:
        lines.append(f"  {counts['failed']} failed")
    if counts["ignored"]:
        lines.append(f"  {counts['ignored']} ignored")
    if counts["refused"]:
        lines.append(f"  {counts['refused']} not run")
    return "\n".join(lines)


def failure(spec, display, result: Result, number: int, view: str) -> str:
    """A failing test: Quint's error and where it is, the trace, and the seed that repeats it."""
    from checker.quint.runs import RunFailure
    from checker.report import format_trace

    error = result.error
    if error is None:
        head = f"Error [QNT511]: Test {result.name} returned false"
    elif isinstance(error, RunFailure):
        head = f"Error [{error.code}]: {error}"
    else:
        head = f"Error: {getattr(error, 'bare', str(error))}"
    lines = [f"  {number}) {result.name}:", f"       {head}"]
    lines += [f"        {line}" for line in spec.locate.excerpt(result.node)]
    trace = result.trace
    if trace is not None and len(trace):
        states = [state_in(display, spec, s) for s in trace.states]
        model = display if None not in states else spec
        shown = Trace(tuple(states), trace.labels) if model is display else trace
        steps = plural(len(trace) - 1, "step")
        lines.append(f"\n       The test's run, {steps} after its first state:\n")
        lines.append(format_trace(model, shown, view if view in model.views or view == "all" else "all"))
        lines.append(f"\n       It failed in state {len(trace) - 1}, the last one above.\n")
    lines.append(f"    Use --seed=0x{result.seed:x} --match={result.name} to repeat.")
    return "\n".join(lines)


def write_traces(spec, results: list[Result], template: str) -> tuple[list[str], list[str]]:
    """Each test's trace to its file ({test}, {seq} in the name, as `quint test`), as Quint writes them."""
    from checker.files import WriteError
    from checker.quint.itf import write_trace

    written, errors = [], []
    several = len(results) > 1
    for seq, result in enumerate(results):
        if result.trace is None or not len(result.trace):
            continue
        path = template.replace("{test}", result.name).replace("{seq}", str(seq))
        if path == template and several:
            folder, _, base = template.rpartition("/")
            stem, dot, extension = base.partition(".")
            path = f"{folder}{'/' if folder else ''}{stem}_{result.name}{dot}{extension}"
        try:
            write_trace(path, spec, result.trace, result.status, "quint", mbt=False)
        except WriteError as error:
            errors.append(str(error))
            continue
        written.append(f"Wrote the trace of {result.name} to {path} (ITF, {plural(len(result.trace), 'state')}).")
    return written, errors
