"""The errors of evaluating a Quint spec: the spec's own (as Quint's simulator reports them) and ttt-check's refusals."""

from __future__ import annotations

from checker.model import SpecError, Unlisted


class QuintError(SpecError):
    """Evaluating the spec failed; the message says what and where."""

    #: the place of the evaluator's code where it failed (see `checker.quint.evaluator.Program.place`)
    place: int | None = None


class Refused(QuintError):
    """ttt-check does not evaluate this (an operator it refuses, a set too large to enumerate): it is no
    error of the spec's, which Quint's simulator may well evaluate."""


class TooLarge(Refused, Unlisted):
    """A set too large to enumerate (`checker.quint.lazy`) that a search would have to enumerate."""


def fault(message: str, at: int | None) -> QuintError:
    """The error `message`, at the evaluator's place `at` (None: where the code that called says)."""
    error = QuintError(message)
    error.place = at
    return error
