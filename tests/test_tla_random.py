"""TLC's `RandomElement`: TLC draws anew at each evaluation and each run; ttt-check checks one draw, the same at
each run, and says so. The constants it computes once draw anew, as TLC's do; during the search a place draws the
same element from the same set again, so a state's successors are the same each time they are computed (one of
the runs TLC can make). Where Java is found, TLC answers the same on a spec whose answer no draw changes."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import tlc

SPEC = """---- MODULE draws ----
EXTENDS Naturals, FiniteSets, TLC
VARIABLE x
Draw(i) == RandomElement(1..1000)
Drawn == {Draw(i) : i \\in 1..20}
Init == x = 0
Next == x' = (x + RandomElement({1, 2})) % 7
ManyDrawn == Cardinality(Drawn) > 1
InRange == x \\in 0..6
====
"""


def untimed(out: str) -> str:
    return re.sub(r"; [\d.]+ s \([\d,]+ states/s\)", "", out)


@pytest.fixture
def spec(tmp_path):
    path = tmp_path / "draws.tla"
    path.write_text(SPEC)
    (tmp_path / "draws.cfg").write_text("INIT Init\nNEXT Next\nINVARIANTS ManyDrawn InRange\n")
    return path


def test_a_check_that_draws_is_of_one_draw_the_same_at_each_run(spec, ttt_check):
    code, out, err = ttt_check("--spec", spec)
    again = ttt_check("--spec", spec)
    assert again == (code, again[1], err) and untimed(again[1]) == untimed(out)
    assert code == 0, out + err
    assert err == (f"ttt-check: warning: {spec}:4:12: RandomElement draws at random, and this check is of one draw "
                   "(the same at each run); TLC draws again at each run\n")
    # every state has one successor: x + c for the one c the place drew from {1, 2}, so every x of 0..6 is reached
    assert "7 distinct states, 8 generated, 7 transitions" in out


def test_the_constants_computed_once_draw_anew(spec, ttt_check):
    """Drawn's twenty draws are not one draw remembered: ManyDrawn holds (it fails only if all twenty of 1..1000
    are equal), as it does under TLC."""
    code, out, err = ttt_check("--spec", spec)
    assert code == 0 and "[ok] invariant ManyDrawn holds" in out, out + err
    tlc.java_or_skip()
    report = tlc.checked(spec)
    assert report.verdict.result == "success", report.output


def test_a_draw_from_the_empty_set_stops_the_check(spec, ttt_check):
    spec.write_text(SPEC.replace("RandomElement({1, 2})", "RandomElement({y \\in 1..2 : y < x})"))
    code, out, err = ttt_check("--spec", spec)
    assert code == 3 and "x = 0" in out
    assert err.splitlines()[-1] == f"ttt-check: error: {spec}:7:19: RandomElement of the empty set"


SPREAD = """---- MODULE spread ----
EXTENDS Naturals, TLC
CONSTANT Nodes
VARIABLE x
Names == {"ann", "bob", "cy", "dee", "eve", "fay"}
Init == x = <<{RandomElement({n} \\X (1..1000)) : n \\in Nodes}, {RandomElement({n} \\X (1..1000)) : n \\in Names}>>
Next == UNCHANGED x
Never == x = <<{}, {}>>
====
"""


def test_draws_fall_to_the_same_elements_whatever_pythons_order_of_sets(tmp_path):
    """Python's order of a set of strings or model values changes from run to run (their hashes do); a spec
    that draws loops over its sets in TLC's order, so that each element gets the same draw at each run."""
    (tmp_path / "spread.tla").write_text(SPREAD)
    (tmp_path / "spread.cfg").write_text("CONSTANT Nodes = {n1, n2, n3, n4, n5, n6}\nINIT Init\nNEXT Next\n"
                                         "INVARIANT Never\n")
    command = [sys.executable, "-c", "import sys; from model.commands.main import main; sys.exit(main())",
               "--spec", "spread.tla"]
    printed = set()
    for seed in ("1", "2", "3", "4"):
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 12, done.stdout + done.stderr
        printed.add(re.search(r"^/\\ x = .*$", done.stdout, re.MULTILINE).group(0))
    assert len(printed) == 1, printed
