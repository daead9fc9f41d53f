"""Quint's integers in Python: exact at any size, and bounded where Quint bounds them.

Quint's simulator computes with JavaScript's BigInts, which node (V8) limits to
2^30 bits: a larger result is Quint's runtime error `QNT501 Maximum BigInt size
exceeded`, at the operator that would make it. Python's integers are unbounded,
so the operators that grow an integer fast (`*` and `^`) check the size of their
result first, from their operands' sizes, and fail as Quint does without
computing it: `2^(2^40)` is an error at once, not minutes of work and gigabytes.
V8 sizes a product by its operands' 64-bit words (`a * b` fails when they are
more than 2^24 together, whatever the product), and so does `multiply` here.

GMP (through gmpy2) multiplies large integers in far less than quadratic time, so
a product of millions of bits costs what it costs in node; `checker.digits`
converts them to and from decimal digits the same way.
"""

from __future__ import annotations

import math

import gmpy2

from checker.quint.errors import fault

#: the most bits of an integer's magnitude (V8's BigInt::kMaxLengthBits)
MAX_BITS = 1 << 30
#: V8 stores a BigInt in 64-bit words, at most this many
MAX_WORDS = MAX_BITS // 64
#: Quint's message for a result beyond MAX_BITS
TOO_LARGE = "Maximum BigInt size exceeded (an integer of more than 2^30 bits, Quint's limit)"
#: past this many bits, GMP multiplies
LONG_BITS = 1 << 16


#: a result of at least this many bits is made only when the memory bound leaves room for it
ROOMY_BITS = 1 << 26
#: the copies of a result a product or a power holds at once (GMP's operands and result, Python's)
COPIES = 4


def _room(bits: float) -> None:
    """BoundReached when an integer of `bits` bits would take the command past its memory bound: one
    product may ask for gigabytes, and the bound holds inside an evaluation too."""
    if bits < ROOMY_BITS:
        return
    from checker.explore.memory import BoundReached, MemoryBound, size_text

    bound, need = MemoryBound(), int(bits) // 8 * COPIES
    if bound.would_exceed(need):
        raise BoundReached(
            f"computing an integer of {int(bits):,} bits takes {size_text(need)}, past {bound.describe()}; "
            "--max-memory SIZE raises the bound"
        )


def _words(value: int) -> int:
    return -(-abs(value).bit_length() // 64)


def multiply(a: int, b: int, at: int | None = None) -> int:
    """`a * b`; Quint's error when V8 would not hold the product (see the module docstring)."""
    if not a or not b:
        return 0
    bits = a.bit_length() + b.bit_length()
    if bits <= 2 * LONG_BITS:
        return a * b
    if _words(a) + _words(b) > MAX_WORDS:
        raise fault(TOO_LARGE, at)
    _room(bits)
    return int(gmpy2.mpz(a) * gmpy2.mpz(b))


def power(a: int, b: int, at: int | None = None) -> int:
    """`a ^ b`, with Quint's errors (a negative exponent, 0^0, a result beyond MAX_BITS) at their place."""
    if b < 0:
        raise fault(f"negative exponent {b} in ^", at)
    if a == 0 and b == 0:
        raise fault("0^0 is undefined", at)
    if b == 0 or a in (0, 1):
        return 1 if b == 0 else a
    if a == -1:
        return -1 if b & 1 else 1
    if b >= MAX_BITS:
        raise fault(TOO_LARGE, at)
    bits = b * math.log2(abs(a))  # a^b has floor(bits) + 1 bits; a float's error here is far below one bit
    if bits > MAX_BITS + 1:
        raise fault(TOO_LARGE, at)
    _room(bits)
    result = a**b if bits <= LONG_BITS else int(gmpy2.mpz(a) ** b)
    if result.bit_length() > MAX_BITS:
        raise fault(TOO_LARGE, at)
    return result
