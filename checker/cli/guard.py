"""Run a command line so that it always ends with one line, never a traceback.

This module imports only the standard library, so that it is in charge
before anything slow is imported. Ctrl-C while the command line loads is
left to the caller's handler (the entry module's ends the process at once
with one line and exit 130); from the moment it is loaded, Ctrl-C
interrupts the command, which may print what it has so far, then one line
and exit 130 here. SIGTERM (`kill`, a closing terminal's manager, a
timeout) ends it the same way, its temporary files removed, with exit 143. It also keeps output faults from becoming
tracebacks: a closed stderr, a closed pipe (`| head -1` keeps the verdict's
exit code), a full disk (one line, exit 74), and a terminal whose encoding
cannot show a character (plain ASCII instead).
"""

from __future__ import annotations

import codecs
import os
import re
import signal
import sys
from typing import Any, Callable

#: Exit codes of faults: 3 a .qnt spec that does not compile or cannot be evaluated; 4 a search stopped by
#: a bound (--max-states, the memory bound) before finding a violation; 74 a file asked for (--out-itf, ...)
#: or the output could not be written (the verdict is printed all the same); 70 a bug in ttt-check;
#: 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), as shells report SIGINT and SIGTERM.
EXIT_SPEC, EXIT_INCOMPLETE, EXIT_FILE, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_TERMINATED = 3, 4, 74, 70, 130, 143

#: An error line quotes at most this much of what it was given (its start and its end).
QUOTE_LIMIT = 120


def one_line(message: str) -> str:
    """`message` as one line: control characters escaped, and any long word (a value it was given) cut
    to its start and end."""
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    half = QUOTE_LIMIT // 2
    shortened = re.sub(r"\S{%d,}" % (QUOTE_LIMIT + 1), lambda m: f"{m.group()[:half]}...{m.group()[-half:]}", escaped)
    return shortened[: 4 * QUOTE_LIMIT]


#: A message laid out over several lines is cut after this many.
LINE_LIMIT = 60


def several_lines(message: str) -> str:
    """A message laid out over several lines, as it is but for control characters (escaped) and at
    most LINE_LIMIT lines."""
    lines = ["".join(c if c.isprintable() else repr(c)[1:-1] for c in line) for line in message.splitlines()]
    if len(lines) > LINE_LIMIT:
        lines = lines[:LINE_LIMIT] + [f"... ({len(lines) - LINE_LIMIT} more lines)"]
    return "\n".join(lines)


#: What a character the output's encoding cannot show becomes.
ASCII = {"›": ">", "…": "...", "×": "x", "±": "+/-", "—": "-", "–": "-", "≤": "<=", "≥": ">=", "→": "->", "·": "."}


def _to_ascii(error: UnicodeEncodeError) -> tuple[str, int]:
    text = error.object[error.start : error.end]
    return "".join(ASCII.get(c, "?") for c in text), error.end


codecs.register_error("ascii-fallback", _to_ascii)


class Output:
    """A text stream that stops writing, quietly, once the reader has gone or the disk is full."""

    def __init__(self, stream):
        self.stream = stream
        #: the first error met while writing, if any
        self.failed: OSError | None = None

    def _guard(self, call: Callable[[], Any], default: Any) -> Any:
        if self.failed is not None:
            return default
        try:
            return call()
        except OSError as error:
            self.failed = error
            return default

    def write(self, text: str) -> int:
        return self._guard(lambda: self.stream.write(text), len(text))

    def flush(self) -> None:
        self._guard(self.stream.flush, None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _interrupted(signum, frame) -> None:
    """The first Ctrl-C interrupts; any later one (while shutting down) is ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


class _Signals:
    """Whether SIGTERM ended the command (then it exits 143, not 130)."""

    terminated = False


def _terminated(signum, frame) -> None:
    """SIGTERM interrupts as Ctrl-C does (files being written are removed, children ended); the exit
    code says which it was. Later signals (while shutting down) are ignored."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _Signals.terminated = True
    raise KeyboardInterrupt


def _stopped(prog: str) -> int:
    """Say that the command was interrupted (Ctrl-C) or terminated (SIGTERM); its exit code."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _Signals.terminated:
        _say(f"{prog}: terminated")
        return EXIT_TERMINATED
    _say(f"{prog}: interrupted")
    return EXIT_INTERRUPTED


def _stream(stream):
    """A usable text stream: a closed one (`2>&-`) writes nowhere; unshowable characters become ASCII."""
    if stream is None:
        return Output(open(os.devnull, "w", encoding="utf-8"))
    try:
        stream.reconfigure(errors="ascii-fallback")
    except (AttributeError, ValueError, OSError):
        pass
    return Output(stream)


def run_guarded(load: Callable[[], Any], prog: str) -> None:
    """Build the click command with `load()` and run it on `sys.argv`; exit with its code.

    Bad usage and other click errors print `PROG: error: ...` in one line
    (exit 2, or the error's code); Ctrl-C prints `PROG: interrupted` (130).
    The streams are put back before exiting; Ctrl-C and SIGTERM stay ignored
    (a caller in the same process, such as a test, restores its own handlers).
    """
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _stream(sys.stdout), _stream(sys.stderr)
    code = EXIT_INTERRUPTED
    _Signals.terminated = False
    try:
        code = _run(load, prog)
    except KeyboardInterrupt:
        code = _stopped(prog)
    finally:
        # the work is done (or interrupted): a signal from now on would only turn the exit into a traceback
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        code = _flush(code, prog)
    finally:
        sys.stdout, sys.stderr = (new if old is None else old for old, new in zip(streams, (sys.stdout, sys.stderr)))
    sys.exit(code)


def _run(load: Callable[[], Any], prog: str) -> int:
    import click

    from checker.explore.memory import BoundReached, limit_searches
    from checker.model import SpecError

    limit_searches(None)  # each command line starts from the default bound (its --max-memory sets another)
    cli = load()
    # Loaded: from here on Ctrl-C interrupts the command, which may print what it has so far. Until now the
    # caller's handler was in charge (the entry module's ends the process at once: there was nothing to
    # finish, and a KeyboardInterrupt raised while modules load may land where Python only prints it).
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _terminated)
    try:
        with cli.make_context(prog, sys.argv[1:]) as ctx:
            result = cli.invoke(ctx)
        return result if isinstance(result, int) else 0
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        _say(f"{prog}: error: {one_line(error.format_message())}")
        return error.exit_code
    except SpecError as error:
        _say(f"{prog}: error: {several_lines(str(error)) if error.formatted else one_line(str(error))}")
        return getattr(error, "exit_code", EXIT_SPEC)  # a working folder that is gone: EXIT_FILE
    except BoundReached as error:
        _say(f"{prog}: error: {one_line(str(error))}")
        return EXIT_INCOMPLETE
    except MemoryError:  # past the searches' own bound (liveness on a huge graph, ...): still one line
        _say(f"{prog}: error: the memory ran out before the command finished, so nothing was decided "
             f"(ulimit -v, or the machine's); a smaller --max-memory stops searches earlier")
        return EXIT_INCOMPLETE
    except click.Abort:
        return _stopped(prog)
    except Exception as error:  # a bug: still one line, and the way to see the traceback
        if _caused_by_a_signal(error):  # Ctrl-C or SIGTERM while Python wrapped it (a class being made)
            return _stopped(prog)
        if os.environ.get("TTT_CHECK_TRACEBACK"):
            raise
        _say(f"{prog}: internal error: {type(error).__name__}: {one_line(str(error))} (set TTT_CHECK_TRACEBACK=1 to see where)")
        return EXIT_INTERNAL


def _caused_by_a_signal(error: BaseException) -> bool:
    """Whether `error` was raised because of a KeyboardInterrupt (a signal's), as its cause or context."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _flush(code: int, prog: str) -> int:
    """Flush the output; a failed write other than a closed pipe is reported, and the exit code is 74."""
    sys.stdout.flush()
    failed = getattr(sys.stdout, "failed", None)
    if failed is None:
        return code
    if not isinstance(failed, BrokenPipeError):
        _say(f"{prog}: error: cannot write the output: {failed.strerror or failed}")
        code = EXIT_FILE
    # nothing more can be written: point stdout at /dev/null, so that Python's own flush at exit cannot fail
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return code
