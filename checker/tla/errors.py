"""The errors of reading and evaluating a TLA+ spec: the spec's own (what SANY or TLC would report) and
ttt-check's refusals of what it does not evaluate. Both are one line that starts with the place."""

from __future__ import annotations

from checker.model import SpecError
from checker.tla.tree import Loc


class TlaError(SpecError):
    """The spec is wrong where `loc` says (SANY would refuse it, or TLC stop on it): `file:line:col: message`."""

    def __init__(self, message: str, loc: Loc | None = None):
        self.message, self.loc = message, loc
        super().__init__(f"{loc.at()}: {message}" if loc is not None and loc.line else message)


class Unsupported(TlaError):
    """ttt-check does not evaluate this construct, which TLC may well evaluate: no error of the spec's."""
