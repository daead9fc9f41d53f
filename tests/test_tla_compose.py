"""TLC's composition of actions, `A \\cdot B`: an A step to a state r, then a B step from r, one step of the
spec; the primed variables around it are those of B's step. TLC 2.15 predates it (the TLA+ Examples'
FiniteMonotonic models need a newer TLC), so the answers here are worked out by hand, in the comments."""

from __future__ import annotations

import pytest

SPEC = """---- MODULE comp ----
EXTENDS Naturals, TLC
VARIABLES x, y
Init == x = 0 /\\ y = 0
Inc == x < 4 /\\ x' = x + 1 /\\ UNCHANGED y
Copy == y' = x /\\ UNCHANGED x
Next == NEXT
InSync == x = y
ASSUME TLCGet("-Dtlc2.tool.impl.Tool.cdot") = "true"
====
"""


@pytest.fixture
def spec(tmp_path):
    def write(next_: str, cfg: str = "INIT Init\nNEXT Next\nINVARIANT InSync\n"):
        path = tmp_path / "comp.tla"
        path.write_text(SPEC.replace("Next == NEXT", f"Next == {next_}"))
        (tmp_path / "comp.cfg").write_text(cfg)
        return path

    return write


def test_b_reads_the_state_a_made(spec, ttt_check):
    # Copy reads the x that Inc made: (0,0) -> (1,1) -> ... -> (4,4), where Inc is disabled: a deadlock
    code, out, err = ttt_check("--spec", spec("Inc \\cdot Copy"))
    assert code == 11, out + err
    assert "[ok] invariant InSync holds in all 5 reachable states" in out
    assert "/\\ x = 4\n/\\ y = 4" in out and "5 distinct states" in out


def test_the_order_of_the_two_matters(spec, ttt_check):
    # Copy first copies the old x: (0,0) -> (1,0) -> (2,1) -> (3,2) -> (4,3); InSync fails after one step
    code, out, err = ttt_check("--spec", spec("Copy \\cdot Inc"), "--continue")
    assert code == 12, out + err
    assert "[violation] invariant InSync is violated after 1 steps" in out
    assert "/\\ x = 4\n/\\ y = 3" in out and "5 distinct states" in out


def test_the_primes_around_a_composition_are_its_last_state(spec, ttt_check):
    # x' < 3 constrains the state after Copy: (0,0) -> (1,1) -> (2,2), then x' = 3 is refused: a deadlock at (2,2)
    code, out, err = ttt_check("--spec", spec("(Inc \\cdot Copy) /\\ x' < 3"))
    assert code == 11, out + err
    assert "3 distinct states" in out and "a shortest trace, 2 steps" in out
