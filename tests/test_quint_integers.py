"""Quint's integers reach ttt-check exactly at any size, and are bounded where Quint bounds them.

Each spec is checked by ttt-check and by the real Quint (`quint run`, its ITF traces): the violation of a
64-bit bound that a rounding to 53 bits hid, a value of 2^53 + 1, a literal of 5,001 digits, and
`2^(2^40)`, Quint's `QNT501 Maximum BigInt size exceeded` at its place. The arithmetic of
`checker.quint.integers` is checked against Python's own on the laws that hold of it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from conftest import quint_or_skip
from hypothesis import given
from hypothesis import strategies as st

from checker import digits
from checker.explore.memory import limit_searches
from checker.quint import integers
from checker.quint.errors import QuintError
from checker.quint.itf import read_trace

UINT = """module uint {
  pure val MAX_UINT64 = 18446744073709551615
  var balance: int
  action init = balance' = 0
  action step = if (balance < 2^64) balance' = balance + 2^63 else balance' = balance
  val noOverflow = balance <= MAX_UINT64
}
"""
LITERAL = "7" * 5001


def quint(tmp_path, spec: str, *options: str) -> tuple[int, str, list]:
    """`quint run` of the spec text: its exit code, output, and the states of its first trace (ITF JSON)."""
    path = tmp_path / "q" / "spec.qnt"
    path.parent.mkdir()
    path.write_text(spec)
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(path), "--max-samples", "10", "--max-steps", "3",
         "--seed", "1", "--out-itf", str(path.parent / "t.itf.json"), *options],
        capture_output=True, text=True,
    )  # fmt: skip
    traces = list(path.parent.glob("*.itf.json"))
    states = json.loads(traces[0].read_text())["states"] if traces else []
    return done.returncode, done.stdout + done.stderr, states


def checked(ttt_check, tmp_path, spec: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "spec.qnt"
    path.write_text(spec)
    if args and args[0] in ("run", "eval"):
        return ttt_check(args[0], "--spec", path, *args[1:])
    return ttt_check("--spec", path, *args)


def test_a_bound_of_64_bits_is_violated_as_quint_finds(ttt_check, tmp_path, with_quint):
    code, said, states = quint(tmp_path, UINT, "--invariant", "noOverflow")
    assert code == 1 and "Invariant violated" in said
    assert states[-1]["balance"] == {"#bigint": str(2**64)}
    code, out, _ = checked(ttt_check, tmp_path, UINT, "-i", "noOverflow")
    assert code == 12
    assert "balance: 18446744073709551616" in out  # the state Quint's trace ends in


def exact(digits: str) -> int:
    """The integer of `digits` by Python's own conversion, past its default limit of 4,300 digits."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(digits)
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.parametrize("value", [str(2**53 + 1), str(-(2**64) - 1), LITERAL], ids=["2^53+1", "-2^64-1", "5,001 digits"])
def test_a_literal_is_the_value_quint_gives_it(ttt_check, tmp_path, with_quint, value):
    spec = f"module big {{\n  var x: int\n  action init = x' = {value}\n  action step = x' = x\n  val same = x == {value}\n}}\n"
    code, _, states = quint(tmp_path, spec, "--invariant", "same")
    assert code == 0 and states[0]["x"] == {"#bigint": value}
    code, out, err = checked(ttt_check, tmp_path, spec, "-i", "same")
    assert (code, err) == (0, "")
    assert "[ok] invariant same holds in all 1 reachable states" in out
    code, out, _ = checked(ttt_check, tmp_path, spec, "run", "--max-samples", "1", "--max-steps", "1")
    assert code == 0 and f"x: {value}" in " ".join(out.split())


def test_eval_is_given_the_state_exactly(ttt_check, tmp_path, with_quint):
    """`eval` sets the state in Quint's REPL from ttt-check's values: 2^53 + 1 stays itself there."""
    value = str(2**53 + 1)
    spec = f"module big {{\n  var x: int\n  action init = x' = {value}\n  action step = x' = x\n}}\n"
    code, out, err = checked(ttt_check, tmp_path, spec, "eval", "x - 9007199254740992")
    assert (code, out, err) == (0, "1\n", "")


def test_quint_traces_of_huge_values_are_read_exactly(tmp_path, with_quint):
    spec = f"module big {{\n  var x: int\n  action init = x' = {LITERAL}\n  action step = x' = x * x\n}}\n"
    code, _, _ = quint(tmp_path, spec)
    assert code == 0
    trace = read_trace(str(tmp_path / "q" / "t.itf.json"))
    values = [state["x"] for state in trace.states]
    assert values[:3] == [exact(LITERAL), exact(LITERAL) ** 2, exact(LITERAL) ** 4]


def test_a_result_beyond_quints_bigints_is_its_error_at_its_place_at_once(ttt_check, tmp_path, with_quint):
    spec = "module pw {\n  var x: int\n  action init = x' = 2\n  action step = x' = x^(2^40)\n  val ok = x > 0\n}\n"
    code, said, _ = quint(tmp_path, spec, "--invariant", "ok")
    assert code == 1 and "Error [QNT501]: Maximum BigInt size exceeded" in said and "spec.qnt:4:22" in said
    start = time.monotonic()
    code, _, err = checked(ttt_check, tmp_path, spec, "-i", "ok")
    assert time.monotonic() - start < 30
    assert code == 3
    assert "spec.qnt:4:22: in 'step': Maximum BigInt size exceeded" in err


def test_squaring_in_a_fold_stops_at_quints_bound_inside_one_evaluation(ttt_check, tmp_path, with_quint):
    """Each product is checked before it is made: 2^(2^29) squared is too large, found without computing it."""
    spec = "module sq {\n  var x: int\n  action init = x' = 1.to(4).fold(2^(2^29), (acc, i) => acc * acc)\n  action step = x' = x\n}\n"
    code, said, _ = quint(tmp_path, spec)
    assert code == 1 and "Maximum BigInt size exceeded" in said and "spec.qnt:3:57" in said
    code, _, err = checked(ttt_check, tmp_path, spec, "--max-states", "10")
    assert code == 3 and "spec.qnt:3:57: in 'init': Maximum BigInt size exceeded" in err


def test_an_integer_past_the_memory_bound_is_not_made(ttt_check, tmp_path, with_quint):
    """2^(2^29) fits Quint's bound but takes 64 MiB, and the product's copies more: past --max-memory 100M."""
    spec = "module mem {\n  var x: int\n  action init = x' = 2^(2^29) * 3\n  action step = x' = x\n}\n"
    code, out, err = checked(ttt_check, tmp_path, spec, "--max-memory", "100M")
    assert (code, out) == (4, "")
    assert err == (
        "ttt-check: error: computing an integer of 536,870,912 bits takes 256 MiB, past the memory bound (100 MiB); "
        "--max-memory SIZE raises the bound\n"
    )


@given(st.integers(-(2**200), 2**200), st.integers(0, 40))
def test_power_is_pythons_where_both_have_a_value(base, exponent):
    if base == 0 and exponent == 0:
        with pytest.raises(QuintError, match="0\\^0"):
            integers.power(base, exponent)
    else:
        assert integers.power(base, exponent) == base**exponent


#: integers of up to 200,000 bits, of any sign, with low bits set
LONG = st.builds(lambda high, shift, low: (high << shift) + low, st.integers(-(2**2000), 2**2000),
                 st.integers(0, 200_000), st.integers(0, 2**64))  # fmt: skip


@given(LONG, LONG)
def test_products_and_decimals_of_long_integers_are_exact(a, b):
    assert integers.multiply(a, b) == a * b
    assert digits.parse(digits.decimal(a)) == a
    if abs(a) < 10**600:
        assert digits.decimal(a) == str(a)


def test_the_bound_is_v8s_2_to_the_30_bits():
    limit_searches(1 << 40)  # this test makes an integer of 128 MiB, whatever memory is free
    try:
        assert integers.power(2, 2**30 - 1).bit_length() == 2**30
    finally:
        limit_searches(None)
    assert integers.power(-1, 2**80) == 1 and integers.power(1, 2**80) == 1 and integers.power(0, 2**80) == 0
    for base, exponent in ((2, 2**30), (3, 677_500_000), (2**64, 2**40)):
        with pytest.raises(QuintError, match="Maximum BigInt size exceeded"):
            integers.power(base, exponent)
    half = 1 << 2**29
    with pytest.raises(QuintError, match="Maximum BigInt size exceeded"):
        integers.multiply(half, half)
    with pytest.raises(QuintError, match="negative exponent"):
        integers.power(2, -1)
