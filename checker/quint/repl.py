"""Quint's own REPL, kept running for a spec, to evaluate any expression of the spec at a state.

`quint repl -r FILE::MODULE` parses and typechecks what it is typed in the
spec's context, so the value and the error messages (with their caret) are
Quint's own. A state is set by typing an action that assigns it
(`all { board' = ..., nextTurn' = ... }`); then the expression is typed,
within parentheses, so that only an expression is taken: a definition
(`pure val gameOver = true`) would stay in the session and change the answers
to every later question. Each answer is delimited by a marker string the REPL
echoes back. Start-up takes seconds, later answers a fraction of one: one
process is kept per spec and ended with `close`. Every wait is bounded; a
process that does not answer in time is ended, and the next question starts
a new one.

The REPL reads a line with more `(` than `)` (or `{`, `/*`), counted inside
strings too, as the start of several lines, and waits for the rest: each line
typed is given a comment that balances its count (`"(" // )`), so that a
string holding a bracket is one complete line.
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
#: the declarations Quint's REPL would keep, were they not typed within parentheses
DEFINITION = re.compile(r"(pure\s+)?(val|def|action|temporal|var|const|type|import|export|module|run|assume)\b")
#: where Quint's messages place an error in what was typed: `at <input-3>:0:5`
TYPED_AT = re.compile(r"^(\s*at <input-\d+>:\d+:)(\d+)$")
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
    """The expression as one line, its comments left out; ExpressionError when it cannot be typed to the
    REPL as one: a string or a comment not closed, brackets that do not match (strings aside)."""
    line = " ".join(expression.split())
    if not line:
        raise ExpressionError("type an expression of the spec, e.g. gameOver")
    if len(line) > LONGEST:
        raise ExpressionError(f"the expression is longer than {LONGEST} characters")
    if line.startswith("."):
        raise ExpressionError(f"'{line[:20]}' is a command of Quint's REPL, not an expression")
    kept: list[str] = []
    pending: list[str] = []
    i = 0
    while i < len(line):
        char = line[i]
        if char == '"':  # a Quint string has no escapes: it ends at the next quote
            end = line.find('"', i + 1)
            if end < 0:
                raise ExpressionError(f"{line}\nthe string is not closed: a '\"' is missing")
            kept.append(line[i : end + 1])
            i = end + 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            end = line.find("*/", i + 2)
            if end < 0:
                raise ExpressionError(f"{line}\nthe comment is not closed: a '*/' is missing")
            kept.append(" ")
            i = end + 2
            continue
        if char in BRACKETS:
            pending.append(BRACKETS[char])
        elif char in BRACKETS.values():
            if not pending or pending[-1] != char:
                expected = f"'{pending[-1]}'" if pending else "nothing"
                raise ExpressionError(f"{line}\nthe brackets do not match: '{char}' where {expected} closes")
            pending.pop()
        kept.append(char)
        i += 1
    if pending:
        raise ExpressionError(f"{line}\nthe expression is not complete: '{''.join(reversed(pending))}' is missing")
    checked = "".join(kept).strip()
    if not checked:
        raise ExpressionError("type an expression of the spec, e.g. gameOver (a comment alone is none)")
    return checked


def balanced(line: str) -> str:
    """`line` as typed to Quint's REPL: with a comment that balances the brackets and comment marks the REPL
    counts, inside strings too (`{ }`, `( )`, `/* */`), so that it takes the line as complete."""
    braces = parens = comments = 0
    i = 0
    while i < len(line):
        pair = line[i : i + 2]
        if pair in ("/*", "*/"):
            comments += 1 if pair == "/*" else -1
            i += 2
            continue
        braces += {"{": 1, "}": -1}.get(line[i], 0)
        parens += {"(": 1, ")": -1}.get(line[i], 0)
        i += 1
    balance = "".join(
        (close * count if count > 0 else open_ * -count)
        for open_, close, count in (("{", "}", braces), ("(", ")", parens), ("/*", " */", comments))
    )
    return f"{line} // {balance}" if balance else line


def unwrapped(answer: str, typed: str, line: str) -> str:
    """Quint's message about `typed` (`line` within parentheses, balanced) as if `line` had been typed."""
    shown = answer.split("\n")
    for i, text in enumerate(shown):
        found = TYPED_AT.match(text)
        if found:
            shown[i] = f"{found[1]}{max(1, int(found[2]) - 1)}"
        elif text.endswith(typed) and text[: -len(typed)].isspace():
            indent = text[: -len(typed)]
            shown[i] = indent + line
            after = shown[i + 1] if i + 1 < len(shown) else ""
            if after.startswith(indent + " ") and after.strip().startswith("^"):
                shown[i + 1] = indent + after[len(indent) + 1 :]
    return "\n".join(shown)


class Repl:
    """One `quint repl` process for the spec in `path` (module `module`), started when first asked; each
    answer awaited at most `seconds`."""

    def __init__(self, path: str, module: str, quint: str | None = None, seconds: float = ANSWER_SECONDS):
        self.path, self.module, self.quint, self.seconds = path, module, quint, seconds
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
            self.process.stdin.write(f"{balanced(line)}\n{MARK}\n" if line else f"{MARK}\n")
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
                                        self.seconds)
                if assigned != "true":
                    raise SpecError(f"Quint could not set the state:\n{assigned}")
            typed = f"({line})"
            answer = unwrapped(self._answer(typed, self.seconds), balanced(typed), line)
        first = answer.lstrip("\n").split("\n", 1)[0]
        if ERROR_HEAD.match(first):
            if first.startswith("syntax error") and DEFINITION.match(line):
                answer += "\nOnly an expression is evaluated here: a definition would outlive the question."
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
