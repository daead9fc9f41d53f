"""The Community Modules of arithmetic, written in Python: Bitwise (on natural numbers, as its TLA+
definitions are), Combinatorics and DyadicRationals (a rational is a record [num |-> n, den |-> d]).

Each function computes one operator as TLC does (choose(n, k) and Reduce as TLC's Java code does; the
others as their TLA+ definitions, quoted in each docstring); every function takes its place `loc` last.
"""

from __future__ import annotations

import math

from checker.tla import runtime as _rt
from checker.tla.community import integer_of, wrong_argument
from checker.tla.errors import TlaError
from checker.tla.lazy import Naturals, RecursiveFunction
from checker.tla.values import Rcd as _Rcd


# ---- Bitwise ------------------------------------------------------------------------------------------------------


def _natural(x, op: str, position: int, loc) -> int:
    if type(x) is int and x >= 0:
        return x
    raise wrong_argument(op, position, "a natural number (Bitwise is defined on Nat)", x, loc)


def bit_and(x, y, loc):
    """`x & y == IF x >= y THEN And(x, y, 0, x) ELSE And(y, x, 0, y)`: the bits set in both."""
    return _natural(x, "&", 0, loc) & _natural(y, "&", 1, loc)


def bit_or(x, y, loc):
    """`x | y == IF x >= y THEN Or(x, y, 0, x) ELSE Or(y, x, 0, y)`: the bits set in either."""
    return _natural(x, "|", 0, loc) | _natural(y, "|", 1, loc)


def bit_xor(x, y, loc):
    """`x ^^ y == IF x >= y THEN Xor(x, y, 0, x) ELSE Xor(y, x, 0, y)`: the bits set in one only."""
    return _natural(x, "^^", 0, loc) ^ _natural(y, "^^", 1, loc)


def bit_not(a, loc):
    """`Not(a) == NotR(a,0,a)`: a's bits flipped, up to its highest set bit."""
    a = _natural(a, "Not", 0, loc)
    return a ^ ((1 << a.bit_length()) - 1)


def shift_right(n, pos, loc):
    """`shiftR(n,pos) == IF pos = 0 THEN n ELSE LET odd(z) == z % 2 = 1 m == IF odd(n) THEN (n-1) \\div 2 ELSE n \\div
    2 IN shiftR(m, pos - 1)`."""
    return _natural(n, "shiftR", 0, loc) >> _natural(pos, "shiftR", 1, loc)


# ---- Combinatorics ------------------------------------------------------------------------------------------------


def factorials(loc):
    """`factorial[n \\in Nat] == IF n = 0 THEN 1 ELSE n * factorial[n-1]`."""
    return RecursiveFunction(Naturals(), lambda _, n: math.factorial(n), loc)


def binomial(n, k, loc):
    """`choose(n, k) == factorial[n] \\div (factorial[k] * factorial[n - k])`, as TLC computes it: 0 when k > n."""
    return math.comb(_natural(n, "choose", 0, loc), _natural(k, "choose", 1, loc))


# ---- DyadicRationals -----------------------------------------------------------------------------------------------


def _rational(num: int, den: int):
    """`Rational(num, den) == [num |-> num, den |-> den]`."""
    return _Rcd({"num": num, "den": den})


def _parts(p, op: str, position: int, loc) -> tuple[int, int]:
    num, den = _rt.field(p, "num", loc), _rt.field(p, "den", loc)
    return integer_of(num, op, position, loc), integer_of(den, op, position, loc)


def _reduced(num: int, den: int, loc):
    """`Reduce(p) == LET gcd == GCD(p.num, p.den) IN IF gcd = 1 THEN p ELSE Rational(p.num \\div gcd, p.den \\div
    gcd)`, as TLC computes it (the gcd of 0 and d is d)."""
    gcd = math.gcd(num, den)
    if gcd == 0:
        raise TlaError("Reduce of the rational 0/0: its greatest common divisor is 0", loc)
    return _rational(num // gcd, den // gcd)


def is_dyadic_rational(r, loc):
    """`IsDyadicRational(r) == \\E i \\in 0..r.den: 2^i = r.den`."""
    den = integer_of(_rt.field(r, "den", loc), "IsDyadicRational", 0, loc)
    return den > 0 and den & (den - 1) == 0


def dyadic_zero(loc):
    """`Zero == Rational(0,1)`."""
    return _rational(0, 1)


def dyadic_one(loc):
    """`One == Rational(1,1)`."""
    return _rational(1, 1)


def dyadic_add(p, q, loc):
    """`Add(p, q) == IF p = Zero THEN q ELSE LET lcn == Max({p.den, q.den}) qq == Rational(q.num * (lcn \\div q.den),
    q.den * (lcn \\div q.den)) pp == ... IN Reduce(Rational(qq.num + pp.num, lcn))`."""
    if _rt.eq(p, _rational(0, 1), loc):
        return q
    (pn, pd), (qn, qd) = _parts(p, "Add", 0, loc), _parts(q, "Add", 1, loc)
    common = max(pd, qd)
    return _reduced(qn * _rt.div(common, qd, loc) + pn * _rt.div(common, pd, loc), common, loc)


def dyadic_half(p, loc):
    """`Half(p) == Reduce(Rational(p.num, p.den * 2))`."""
    num, den = _parts(p, "Half", 0, loc)
    return _reduced(num, den * 2, loc)


def dyadic_pretty_print(p, loc):
    """`PrettyPrint(p) == IF p = Zero THEN "0" ELSE IF p = One THEN "1" ELSE ToString(p.num) \\o "/" \\o ToString(p.den)`."""
    if _rt.eq(p, _rational(0, 1), loc):
        return "0"
    if _rt.eq(p, _rational(1, 1), loc):
        return "1"
    return _rt.to_string(_rt.field(p, "num", loc), loc) + "/" + _rt.to_string(_rt.field(p, "den", loc), loc)
