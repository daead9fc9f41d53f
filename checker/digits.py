"""Integers to and from their decimal digits, at any length.

Python converts at most 4,300 decimal digits to or from an `int` by default (a bound on its own
quadratic conversion, which PYTHONINTMAXSTRDIGITS may lower to 640); GMP (through gmpy2) converts
large integers in far less than quadratic time. Every value a spec holds, whatever its language, is
written and read through these two, so that no size of integer stops a trace from being shown.
"""

from __future__ import annotations

import gmpy2

#: past this many digits (below the least limit Python may be set to, 640), GMP converts
LONG_DIGITS = 600


def parse(text: str) -> int:
    """The integer of decimal `text` (an optional `-`, then ASCII digits), at any length."""
    if len(text) <= LONG_DIGITS:
        return int(text)
    return int(gmpy2.mpz(text))


def decimal(value: int) -> str:
    """The decimal digits of `value`, at any length."""
    if value.bit_length() < LONG_DIGITS * 3:  # fewer than LONG_DIGITS digits
        return str(value)
    return gmpy2.mpz(value).digits()
