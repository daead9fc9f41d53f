"""Quint's own REPL, kept running for a spec, to evaluate any expression of the spec at a state.

`quint repl -r FILE::MODULE` parses and typechecks what it is typed in the
spec's context, so the value and the error messages (with their caret) are
Quint's own. A state is set by typing an action that assigns it
(`all { board' = ..., nextTurn' = ... }`); then the expression is typed. Each
answer is delimited by a marker string the REPL echoes back. Start-up takes
seconds, later answers a fraction of one: one process is kept per spec and
ended with `close`. Every wait is bounded; a process that does not answer in
time is ended, and the next question starts a new one.
"""

from __future__ import annotations

import queue
import re
import subprocess
import threading
from pathlib import Path
from typing import Mapping

from checker.model import SpecError
from checker.quint.frontend import find_quint
from checker.quint.value import flat

#: what the REPL echoes after each answer: a string no spec prints by chance
MARK = '"ttt-check: end of answer"'
#: Quint's start-up (node, the spec's parsing and typechecking), then one answer
STARTUP_SECONDS, ANSWER_SECONDS = 60.0, 20.0
#: the longest expression accepted
LONGEST = 2000
ERROR_HEAD = re.compile(r"^[a-z][a-z ]* error: ?$")
#: how Quint's REPL prints what it cannot show as a value (an infinite set such as Nat, ...)
UNSUPPORTED = "unsupported operator: "
BRACKETS = {"(": ")", "[": "]", "{": "}"}


class ExpressionError(SpecError):
    """An expression Quint cannot evaluate at the state: the message is Quint's, several lines."""


def main_module(text: str, path: str) -> str:
    """The module `quint` takes as the main one: the one named as the file, else the last one."""
    names = re.findall(r"^\s*module\s+(\w+)", text, re.M)
    stem = Path(path).stem
    if stem in names or not names:
        return stem
    return names[-1]


def check_expression(expression: str) -> str:
    """The expression as one line; ExpressionError when it cannot be typed to the REPL as one."""
    line = " ".join(expression.split())
    if not line:
        raise ExpressionError("type an expression of the spec, e.g. gameOver")
    if len(line) > LONGEST:
        raise ExpressionError(f"the expression is longer than {LONGEST} characters")
    if line.startswith("."):
        raise ExpressionError(f"'{line[:20]}' is a command of Quint's REPL, not an expression")
    pending: list[str] = []
    in_string = False
    for char in line:
        if char == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif char in BRACKETS:
            pending.append(BRACKETS[char])
        elif char in BRACKETS.values() and pending and pending[-1] == char:
            pending.pop()
    if in_string:
        raise ExpressionError(f"{line}\nthe string is not closed: a '\"' is missing")
    if pending:
        raise ExpressionError(f"{line}\nthe expression is not complete: '{''.join(reversed(pending))}' is missing")
    return line


class Repl:
    """One `quint repl` process for the spec in `path` (module `module`), started when first asked."""

    def __init__(self, path: str, module: str, quint: str | None = None):
        self.path, self.module, self.quint = path, module, quint
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.lock = threading.Lock()

    def start(self) -> None:
        executable = find_quint(self.quint, Path(self.path))
        command = [str(executable), "repl", "--backend=typescript", "-q", "-r", f"{self.path}::{self.module}"]
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
            )
        except OSError as error:
            raise SpecError(f"cannot run {executable}: {error.strerror or error}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()
        loaded = self._answer("", STARTUP_SECONDS)
        if loaded:
            self.close()
            raise ExpressionError(f"Quint cannot load {self.path}:\n{loaded}")

    @staticmethod
    def _read(process: subprocess.Popen, lines: queue.Queue) -> None:
        for line in process.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def _answer(self, line: str, seconds: float) -> str:
        """Type `line` (nothing for "") and the marker; what the REPL printed before echoing the marker."""
        try:
            self.process.stdin.write(f"{line}\n{MARK}\n" if line else f"{MARK}\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            self.close()
            raise SpecError("Quint's REPL ended unexpectedly") from None
        printed = []
        while True:
            try:
                got = self.lines.get(timeout=seconds)
            except queue.Empty:
                self.close()
                raise SpecError(f"Quint did not answer within {seconds:.0f} s") from None
            if got is None:
                self.close()
                raise SpecError("Quint's REPL ended unexpectedly:\n" + "\n".join(printed))
            if got == MARK:
                return "\n".join(printed).strip("\n")
            if not got.startswith("[DEBUG]"):
                printed.append(got[1:] if got.startswith(" Error [") else got)  # Quint indents that line by one

    def evaluate(self, state: Mapping[str, object] | None, expression: str) -> str:
        """The value of `expression` at `state` (its variables' values), as Quint prints it.

        ExpressionError with Quint's message when Quint cannot evaluate it."""
        line = check_expression(expression)
        with self.lock:
            if self.process is None or self.process.poll() is not None:
                self.start()
            if state:
                assigned = self._answer("all { " + ", ".join(f"{k}' = {flat(v)}" for k, v in state.items()) + " }",
                                        ANSWER_SECONDS)
                if assigned != "true":
                    raise SpecError(f"Quint could not set the state:\n{assigned}")
            answer = self._answer(line, ANSWER_SECONDS)
        first = answer.lstrip("\n").split("\n", 1)[0]
        if ERROR_HEAD.match(first):
            raise ExpressionError(answer)
        if first.startswith(UNSUPPORTED):
            raise ExpressionError(f"{line}\nQuint cannot evaluate it to a value ({answer})")
        if not answer:
            raise ExpressionError(f"{line}\nQuint printed no value: type an expression, not a definition")
        return answer

    def close(self) -> None:
        """End the process (bounded: terminated, then killed)."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            process.stdin.close()
        except OSError:
            pass
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
