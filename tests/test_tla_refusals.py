"""What SANY refuses, ttt-check refuses too, at the same place, in one line and exit 3; what TLC stops on,
ttt-check stops on, with the behaviour that reaches it; a PlusCal algorithm whose translation is missing
or stale is refused. Each spec is written here; where Java is found, TLC (SANY) is run on it too, and
must refuse it as well (a refusal of ttt-check's alone would be a wrong answer too)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import tlc

ROOT = Path(__file__).resolve().parent.parent
PLUSCAL = ROOT / "tests" / "specs" / "tla" / "mutex.tla"

#: (name, module body, cfg, the place ttt-check names, words of its message)
REFUSED = [
    ("precedence", "VARIABLE x\nInit == x = 0 \\/ x = 1 /\\ x = 2\nNext == x' = x", "INIT Init\nNEXT Next", (4, 15),
     "precedence conflict between \\/ and /\\"),
    ("relations", "VARIABLE x\nInit == x = 0 = TRUE\nNext == x' = x", "INIT Init\nNEXT Next", (4, 11),
     "precedence conflict between = and ="),
    ("implies", "VARIABLE x\nInit == x = 0\nNext == TRUE => TRUE => x' = x", "INIT Init\nNEXT Next", (5, 14),
     "precedence conflict between => and =>"),
    ("undefined", "VARIABLE x\nInit == x = y\nNext == x' = x", "INIT Init\nNEXT Next", (4, 13),
     "unknown operator 'y'"),
    ("later", "VARIABLE x\nInit == x = Zero\nZero == 0\nNext == x' = x", "INIT Init\nNEXT Next", (4, 13),
     "unknown operator 'Zero'"),
    ("arity", "VARIABLE x\nInc(n) == n + 1\nInit == x = Inc(1, 2)\nNext == x' = x", "INIT Init\nNEXT Next", (5, 13),
     "'Inc' takes 1 argument(s), given 2"),
    ("unapplied", "VARIABLE x\nInc(n) == n + 1\nInit == x = Inc\nNext == x' = x", "INIT Init\nNEXT Next", (5, 13),
     "'Inc' is an operator of 1 argument(s)"),
    ("colon_inside", "Op == 1 = 1\nASSUME Op!:!1", "", (4, 11), "!: can only follow a definition's name, alone"),
    ("no_such_part", "Op == 1 = 1 /\\ 2 = 2\nASSUME Op!3", "", (4, 11), "Op!3: there is no such part (it has 2)"),
]

#: what TLC reads but ttt-check does not: (name, module body, the place, words of the message); another module
#: `bound` beside it declares a constant Succ
NOT_READ = [
    ("arguments_selector", "Op == \\A y \\in {1} : y = 1\nASSUME Op!(1)", (4, 11), "the subexpression selector !(1) is "
     "not supported"),
    ("part_of_if", "Op == IF TRUE THEN 1 = 1 ELSE FALSE\nASSUME Op!2", (4, 11), "Op!2: a part of if named by its "
     "position is not supported"),
    ("ends_of_list", "Op == /\\ 1 = 1\n      /\\ 2 = 2\nASSUME Op!<<", (5, 11), "!<< and !>> of a bulleted list "
     "are not supported"),
    ("too_many_listed", "ASSUME (CHOOSE s \\in SUBSET (1..21) : s = {1}) = {1}", (3, 9),
     "SUBSET S has 2,097,152 elements, more than the 1,000,000 ttt-check lists"),
    ("let_instance_bound", "ASSUME \\A Succ \\in {1} : LET I == INSTANCE bound IN I!IsOne", (3, 30),
     "an instance defined inside LET that is given names bound around it (Succ) is not supported"),
]

#: (name, module body, cfg, the place, words of TLC's error, the states of the behaviour up to it, and TLC's (it
#: shows the successor an action left incomplete, its unassigned variable null))
STOPS = [
    ("domain", "VARIABLE x\nInit == x = 0\nNext == x' = x + <<1, 2>>[x + 1]", "INIT Init\nNEXT Next", (5, 18),
     "out of domain", 3, 3),
    ("choose", "VARIABLE x\nInit == x = 0\nNext == x' = CHOOSE y \\in {1, 2} : y > x + 1", "INIT Init\nNEXT Next",
     (5, 14), "no element of S satisfied P", 2, 2),
    ("case", "VARIABLE x\nInit == x = 0\nNext == x' = CASE x = 0 -> 1 [] x = 1 -> 2", "INIT Init\nNEXT Next",
     (5, 14), "none of the conditions were true", 3, 3),
    ("unassigned", "VARIABLES x, y\nInit == x = 0 /\\ y = 0\nNext == x' = x + 1", "INIT Init\nNEXT Next", None,
     "not completely specified", 1, 2),
    ("kinds", "VARIABLE x\nInit == x = 0\nNext == x' = IF x = \"a\" THEN 1 ELSE 2", "INIT Init\nNEXT Next", (5, 17),
     "Attempted to check equality", 1, 1),
]

#: ENABLED of an action that reads a prime before the action chooses it, which TLC stops on ("the identifier x is
#: either undefined or not an operator"): (name, module body, cfg, the place, the prime named). The second reads
#: it through an instance: its variable done, substituted by an expression, is read primed before done' = TRUE
#: (the place is the expression substituted)
UNCHOSEN = [
    ("fairness", "VARIABLES x, y\nvars == <<x, y>>\nInit == x = 0 /\\ y = 0\n"
     "Next == x < 2 /\\ x' = x + 1 /\\ y' = x + 1\nB == y' = x' /\\ x' = x + 1\n"
     "Spec == Init /\\ [][Next]_vars\nProp == WF_vars(B)", "SPECIFICATION Spec\nPROPERTY Prop", (7, 11), "x'"),
    ("instance", "VARIABLES x, y\nvars == <<x, y>>\nInit == x = 0 /\\ y = 0\nNext == x = 0 /\\ x' = 1 /\\ y' = y\n"
     "H == INSTANCE unchosen_abstract WITH on <- x, done <- (x = 1 /\\ y = 1)\n"
     "Spec == Init /\\ [][Next]_vars\nProp == H!Spec", "SPECIFICATION Spec\nPROPERTY Prop\nCHECK_DEADLOCK FALSE",
     (7, 56), "done'"),
]
UNCHOSEN_ABSTRACT = """---- MODULE unchosen_abstract ----
VARIABLES on, done
v == <<on, done>>
Finished == done /\\ on = 1
Start == on = 0 /\\ on' = 1 /\\ UNCHANGED done
Late == on = 1 /\\ Finished' /\\ done' = TRUE /\\ UNCHANGED on
Spec == [][Start \\/ Late]_v /\\ WF_v(Late)
====
"""


def write(folder: Path, name: str, body: str, cfg: str) -> Path:
    spec = folder / f"{name}.tla"
    spec.write_text(f"---- MODULE {name} ----\nEXTENDS Naturals\n{body}\n====\n")
    (folder / f"{name}.cfg").write_text(cfg + "\n")
    return spec


def tlc_refuses(spec: Path) -> tlc.Report | None:
    """TLC's report on `spec`, or None without Java (the ttt-check side of the test still runs)."""
    if tlc.java() is None or tlc.jar() is None:
        return None
    return tlc.run(spec, timeout=120)


@pytest.mark.parametrize("name, body, cfg, place, words", REFUSED, ids=[case[0] for case in REFUSED])
def test_what_sany_refuses_is_refused_at_its_place(name, body, cfg, place, words, tmp_path, ttt_check):
    spec = write(tmp_path, name, body, cfg)
    code, out, err = ttt_check("--spec", spec)
    assert code == 3 and out == ""
    assert err.count("\n") == 1 and words in err
    assert f"{spec}:{place[0]}:{place[1]}:" in err
    report = tlc_refuses(spec)
    if report is not None:
        assert report.distinct is None or report.distinct == 0, "TLC checked what SANY should refuse"
        assert report.verdict is None or report.verdict.kind == "error"


@pytest.mark.parametrize("name, body, place, words", NOT_READ, ids=[case[0] for case in NOT_READ])
def test_what_ttt_check_does_not_read_is_refused_at_its_place(name, body, place, words, tmp_path, ttt_check):
    (tmp_path / "bound.tla").write_text("---- MODULE bound ----\nCONSTANT Succ\nIsOne == Succ = 1\n====\n")
    spec = write(tmp_path, name, body, "")
    code, out, err = ttt_check("--spec", spec)
    assert code == 3 and out == ""
    assert err.count("\n") == 1 and words in err and f"{spec}:{place[0]}:{place[1]}:" in err, err


@pytest.mark.parametrize("name, body, cfg, place, words, states, tlc_states", STOPS, ids=[case[0] for case in STOPS])
def test_what_tlc_stops_on_is_its_error_after_the_behaviour_that_reaches_it(
    name, body, cfg, place, words, states, tlc_states, tmp_path, ttt_check
):
    spec = write(tmp_path, name, body, cfg)
    code, out, err = ttt_check("--spec", spec, "--view", "tla")
    assert code == 3 and err.count("\n") == 1 and words in err
    if place is not None:
        assert f"{spec}:{place[0]}:{place[1]}:" in err
    assert len(re.findall(r"^\[State \d+\]", out, re.M)) == states
    report = tlc_refuses(spec)
    if report is not None:
        assert report.verdict is not None and report.verdict.kind == "error"
        assert len(report.trace) == tlc_states


@pytest.mark.parametrize("name, body, cfg, place, primed", UNCHOSEN, ids=[case[0] for case in UNCHOSEN])
def test_enabled_of_an_action_that_reads_a_prime_before_choosing_it_is_refused(
    name, body, cfg, place, primed, tmp_path, ttt_check
):
    (tmp_path / "unchosen_abstract.tla").write_text(UNCHOSEN_ABSTRACT)
    spec = write(tmp_path, name, body, cfg)
    code, out, err = ttt_check("--spec", spec)
    assert code == 3 and err.count("\n") == 1, err
    assert f"ENABLED of this action reads {primed}" in err and "before the action chooses it" in err
    assert f"{spec}:{place[0]}:{place[1]}:" in err
    report = tlc_refuses(spec)
    if report is not None:
        assert report.verdict is not None and report.verdict.kind == "error"
        assert "is either undefined or not an operator" in report.verdict.message


def test_a_pluscal_algorithm_is_checked_through_its_translation(ttt_check):
    code, out, err = ttt_check("--spec", PLUSCAL)
    assert code == 0, err
    report = tlc.checked(PLUSCAL) if tlc.java() and tlc.jar() else None
    distinct = int(re.search(r"^([\d,]+) distinct states", out, re.M).group(1).replace(",", ""))
    assert distinct == (report.distinct if report is not None else 72)


def test_an_algorithm_edited_since_its_translation_is_refused(tmp_path, ttt_check):
    edited = tmp_path / "mutex.tla"
    edited.write_text(PLUSCAL.read_text().replace("cs:    skip;", "cs:    skip;\n    crit: skip;"))
    shutil.copy(PLUSCAL.with_suffix(".cfg"), tmp_path)
    code, out, err = ttt_check("--spec", edited)
    assert code == 3 and "edited since it was translated" in err and "label crit" in err
    assert f"{edited}:" in err


def test_an_algorithm_without_its_translation_is_refused(tmp_path, ttt_check):
    text = PLUSCAL.read_text()
    untranslated = text[: text.index("\\* BEGIN TRANSLATION")] + "====\n"
    spec = tmp_path / "mutex.tla"
    spec.write_text(untranslated)
    code, out, err = ttt_check("--spec", spec, "--config", PLUSCAL.with_suffix(".cfg"))
    assert code == 3 and "has no translation" in err


def test_a_translation_edited_by_hand_is_checked_with_a_warning(tmp_path, ttt_check):
    text = PLUSCAL.read_text().replace(
        "\\* BEGIN TRANSLATION - the hash of the PCal code: PCal-1d9e3d6b0481f2f9cf0a1bf008667d45",
        '\\* BEGIN TRANSLATION (chksum(pcal) = "0" /\\ chksum(tla) = "0")',
    )
    assert 'chksum(tla) = "0"' in text
    spec = tmp_path / "mutex.tla"
    spec.write_text(text)
    shutil.copy(PLUSCAL.with_suffix(".cfg"), tmp_path)
    code, out, err = ttt_check("--spec", spec)
    assert code == 0 and "warning" in err and "edited by hand" in err


def test_a_definition_that_cannot_be_resolved_gives_its_error_each_time_it_is_asked(tmp_path):
    """Unread by the cfg, it is asked of only by an expression (the explorer's): each time, and through a
    definition that reads it, the same error at its place, never an internal one."""
    from checker.tla.errors import TlaError
    from checker.tla.spec_model import load

    (tmp_path / "Unknown.tla").write_text("---- MODULE Unknown ----\nEXTENDS Naturals\nVARIABLE x\n"
                                         "Bad == Cardinality({x})\nUses == Bad + 1\nInit == x = 0\nNext == x' = 1 - x\n====\n")
    (tmp_path / "Unknown.cfg").write_text("INIT Init\nNEXT Next\n")
    spec = load(str(tmp_path / "Unknown.tla"))
    for expression in ("Bad", "Bad", "Uses", "Bad + 2", "Uses"):
        with pytest.raises(TlaError, match=r"Unknown\.tla:4:8: unknown operator 'Cardinality'"):
            spec.evaluate((0,), expression)
