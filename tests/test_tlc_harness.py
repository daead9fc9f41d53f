"""tests/tlc.py, the tests' runner and reader of TLC, checked on its own.

Its reader of TLA+ values round-trips every value (hypothesis) and reads what TLC itself prints for
values generated here; its reader of TLC's output is checked on TLC's outputs kept in
tests/fixtures/tlc (TLC 2.15 on the specs of tests/specs/tla and specs/, its paths shortened), and,
where Java is found, on TLC run now, which must print what the fixture says.
"""

import random
import re
from pathlib import Path

import pytest
import tlc
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "tests" / "specs" / "tla"
FIXTURES = ROOT / "tests" / "fixtures" / "tlc"
RED, GREEN = tlc.ModelValue("Red"), tlc.ModelValue("Green")

# ---- the value reader ---------------------------------------------------------------------------

names = st.from_regex(r"[0-9]?[A-Za-z_é][A-Za-z0-9_]{0,4}", fullmatch=True).filter(lambda n: n not in ("TRUE", "FALSE"))
strings = st.text(st.sampled_from('ab "\\\n\t\f\r,<>{}[]()|->:@.é'), max_size=8)
atoms = st.one_of(st.integers(-(2**31), 2**31 - 1), strings, st.booleans(), names.map(tlc.ModelValue))
#: a TLA+ value in its printed form (deferred rather than st.recursive, whose repr grows exponentially)
values = st.deferred(
    lambda: st.one_of(
        atoms,
        st.frozensets(values, max_size=3),
        st.lists(values, max_size=3).map(tuple),
        st.dictionaries(names, values, min_size=1, max_size=3).map(tlc.Record),
        st.dictionaries(values, values, max_size=3).map(tlc.function),
    )
)


@given(values)
def test_a_value_reads_back_as_itself(value):
    assert tlc.parse_value(tlc.format_value(value)) == value


@settings(max_examples=60)
@given(values, st.randoms(use_true_random=False))
def test_line_breaks_and_spaces_between_tokens_do_not_matter(value, rnd):
    """TLC breaks a long value over lines (`<< [a |-> 1],` then `   [a |-> 2] >>`)."""
    pieces = [text for _, text in tlc.tokens(tlc.format_value(value))]
    spaced = "".join(piece + rnd.choice(["", " ", "\n   "]) for piece in pieces)
    assert tlc.parse_value(spaced) == value


@given(st.text(st.sampled_from('{}<>[]()|->:@.,"\\ aTRUE01-\n'), max_size=40))
def test_any_text_is_a_value_or_not_a_value(text):
    try:
        tlc.parse_value(text)
    except tlc.NotAValue:
        pass


def test_a_function_takes_the_form_tlc_prints_it_in():
    assert tlc.function({2: "b", 1: "a"}) == ("a", "b")
    assert tlc.function({}) == ()
    assert tlc.function({"x": 1}) == tlc.Record({"x": 1})
    assert tlc.function({"1a": 1, "_x": 2, "é": 3}) == tlc.Record({"1a": 1, "_x": 2, "é": 3})
    for fields in ({"1": 1}, {"a b": 1}, {"": 1}, {"a": 1, "A-b": 2}):
        assert type(tlc.function(fields)) is tlc.Fcn
    assert isinstance(tlc.function({0: 1}), tlc.Fcn) and not isinstance(tlc.function({0: 1}), tlc.Record)
    assert tlc.parse_value('(1 :> "a" @@ 2 :> "b")') == ("a", "b")
    assert tlc.parse_value("(RED :> 1)") == tlc.Fcn({tlc.ModelValue("RED"): 1})
    assert tlc.parse_value("{1..3, 2..1}") == frozenset({frozenset({1, 2, 3}), frozenset()})


@pytest.mark.parametrize("text", ["", "<<1, 2", "{1 2}", "[a |-> ]", "(1 :> 2 @@)", '"open', '"\\q"', "1..x", "<<>> 1"])
def test_what_is_not_a_value_is_said_to_be_not_one(text):
    with pytest.raises(tlc.NotAValue):
        tlc.parse_value(text)


# ---- the cfg for TLC 2.15 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, says",
    [
        ("SPECIFICATION Spec\n", None),
        ("SPECIFICATION Spec\nCHECK_DEADLOCK FALSE\n", False),
        ("CHECK_DEADLOCK\n  TRUE\nINIT Init", True),
        ("\\* CHECK_DEADLOCK FALSE\nINIT Init", None),
        ("(* CHECK_DEADLOCK FALSE *) CHECK_DEADLOCK TRUE", True),
    ],
)
def test_the_deadlock_check_is_read_from_the_cfg(text, says):
    assert tlc.check_deadlock(text) is says
    assert "CHECK_DEADLOCK TRUE" not in tlc.for_tlc_2_15(text)
    assert "CHECK_DEADLOCK FALSE" not in tlc.for_tlc_2_15(text) or says is None


def test_a_cfgs_sections_are_read_in_the_singular_comments_aside():
    text = "CONSTANTS A = A  B <- C\nINVARIANTS X\n  Y \\* INVARIANT W\nPROPERTY Z (* PROPERTY V *)\nSPECIFICATION Spec"
    assert tlc.sections(text) == {"CONSTANT": ["A", "=", "A", "B", "<-", "C"], "INVARIANT": ["X", "Y"],
                                  "PROPERTY": ["Z"], "SPECIFICATION": ["Spec"]}  # fmt: skip


def test_the_command_turns_check_deadlock_false_into_the_deadlock_switch(tmp_path):
    spec = ROOT / "specs" / "tictactoe.tla"
    argv = tlc.command(spec, None, tmp_path, "java", Path("tla2tools.jar"))
    copy = tmp_path / "tictactoe.cfg"
    assert "-deadlock" in argv and argv[argv.index("-config") + 1] == str(copy)
    assert "CHECK_DEADLOCK" not in copy.read_text() and "INVARIANT OHasNotWon" in copy.read_text()
    assert argv[-1] == "tictactoe.tla" and argv[argv.index("-workers") + 1] == "1"
    assert argv[argv.index("-metadir") + 1].startswith(str(tmp_path))
    argv = tlc.command(spec, ROOT / "specs" / "tictactoe-deadlock.cfg", tmp_path, "java", Path("tla2tools.jar"))
    assert "-deadlock" not in argv


def test_without_java_a_test_is_skipped_saying_why(monkeypatch):
    monkeypatch.setattr(tlc, "java", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=re.escape("needs Java (java on PATH) for TLC")):
        tlc.java_or_skip()


# ---- TLC's output, read ---------------------------------------------------------------------------


def fixture(name: str) -> tlc.Report:
    return tlc.read_output((FIXTURES / f"{name}.out").read_text())


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the line of `path` that starts with `text`."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(text))


def test_every_kind_of_value_is_read_from_a_trace():
    report = fixture("values")
    assert report.verdict == tlc.Verdict("invariant", "Inv", "Invariant Inv is violated.")
    assert (report.generated, report.distinct, report.left, report.depth) == (2, 2, 0, 2)
    wide = tuple(tlc.Record({"row": i, "cells": frozenset({i, -i})}) for i in range(1, 13))
    first, second = report.trace
    assert first.number == 1 and first.action is None and first.location is None
    assert first.state == {
        "n": -2, "text": 'say "hi"\\\n', "flags": frozenset({True}), "colours": frozenset({RED, GREEN}),
        "seq": (1, (), "a"), "rec": tlc.Record({"name": "x", "size": 0}), "fun": tlc.Fcn({RED: 1, GREEN: 2}),
        "range": frozenset({1, 2, 3}), "wide": wide,
    }  # fmt: skip
    assert second.state == {
        "n": -1, "text": "", "flags": frozenset({frozenset(), frozenset({False})}), "colours": frozenset(),
        "seq": (1, (), "a", (1, 4)), "rec": tlc.Record({"name": "x", "size": 1}),
        "fun": tlc.Fcn({RED: frozenset({RED})}), "range": frozenset({frozenset(), frozenset({2})}), "wide": wide,
    }  # fmt: skip
    spec = SMALL / "values.tla"
    assert second.action == "Next" and second.location == tlc.Location(
        "values", line_of(spec, "    /\\ n' = n + 1"), 5, line_of(spec, "    /\\ UNCHANGED wide"), 21
    )


def test_a_lasso_ends_going_back_to_a_state():
    report = fixture("loop")
    assert report.verdict.kind == "temporal" and report.verdict.result == "liveness failure"
    assert report.states == [{"x": 0}, {"x": 1}, {"x": 2}]
    assert (report.loop, report.loop_action) == (1, "Next")
    assert report.loop_location.line == line_of(SMALL / "loop.tla", "Next ==")
    assert report.depth is None and (report.generated, report.distinct) == (4, 3)


def test_a_lasso_ends_stuttering():
    report = fixture("tictactoe-XMustEventuallyWin")
    assert report.verdict.kind == "temporal" and report.loop == "stuttering"
    assert [step.action for step in report.trace] == [None] + ["MoveX", "MoveO"] * 4 + ["MoveX"]
    spec = ROOT / "specs" / "tictactoe.tla"
    assert report.trace[1].location.line == line_of(spec, "MoveX ==") + 1
    assert report.trace[2].location.line == line_of(spec, "MoveO ==") + 1
    assert report.states[0] == {"board": (("_",) * 3,) * 3, "nextTurn": "X"}


def test_a_false_assumption_is_read():
    report = fixture("assumption")
    assert report.verdict.kind == "assumption" and report.verdict.result == "assumption failure"
    assert f"line {line_of(SMALL / 'assumption.tla', 'ASSUME')}, col 8" in report.verdict.message
    assert report.trace == [] and report.distinct is None


def test_a_spec_error_is_read_with_tlcs_words_and_the_states_before_it():
    report = fixture("out_of_domain")
    assert report.verdict.kind == "error" and "out of domain" in report.verdict.message
    assert report.states == [{"x": 0}, {"x": 1}, {"x": 3}]


def test_a_spec_sany_refuses_is_read_with_sanys_words():
    report = fixture("precedence")
    assert report.verdict.kind == "error" and report.verdict.result == "error"
    assert "Precedence conflict" in report.verdict.message
    assert f"line {line_of(SMALL / 'precedence.tla', 'Init ==')}" in report.verdict.message


def test_a_deadlock_is_read():
    report = fixture("stops")
    assert report.verdict.kind == "deadlock" and report.states == [{"x": 1}, {"x": 2}]
    assert (report.generated, report.distinct, report.depth) == (4, 3, 2)


def test_the_counts_are_tlcs_last_not_its_progress_lines():
    report = fixture("tictactoe_random")
    assert "Progress(" in report.output
    assert (report.generated, report.distinct, report.left, report.depth) == (15950, 5404, 389, 10)
    assert report.verdict.name == "NotStalemate" and len(report.trace) == 10


# ---- TLC run now --------------------------------------------------------------------------------


#: TLC's exit code for each verdict
EXIT = {"holds": 0, "assumption": 10, "deadlock": 11, "invariant": 12, "temporal": 13}


@pytest.mark.parametrize("name", ["values", "loop", "precedence"])
def test_tlc_prints_what_its_fixture_says(name):
    """TLC run now on a few of the fixtures' specs (each run takes seconds): the cfg's model values, a
    lasso, a spec SANY refuses."""
    report = tlc.checked(SMALL / f"{name}.tla")
    kept = fixture(name)
    assert report.verdict == kept.verdict
    assert (report.generated, report.distinct, report.depth) == (kept.generated, kept.distinct, kept.depth)
    assert report.trace == kept.trace and (report.loop, report.loop_action) == (kept.loop, kept.loop_action)
    assert report.exit_code == EXIT.get(report.verdict.kind, report.exit_code)
    assert report.verdict.kind in EXIT or report.exit_code not in (0, *EXIT.values())


def generated(rnd: random.Random, depth: int = 0) -> tuple[str, object]:
    """A TLA+ expression and the value TLC must print for it: functions written with :> and @@ whatever
    their domain (TLC prints a sequence or a record where the domain is 1..n or strings), sets of one
    kind (TLC does not compare an integer with a string)."""
    kinds = ["int", "str", "bool", "model"] + (["set", "seq", "record", "function"] if depth < 3 else [])
    kind = rnd.choice(kinds)
    if kind == "int":
        n = rnd.randint(-(2**31) + 1, 2**31 - 1) if rnd.random() < 0.2 else rnd.randint(-5, 5)
        return str(n), n
    if kind == "str":
        text = "".join(rnd.choice('ab "\\\n\tz') for _ in range(rnd.randint(0, 5)))
        return tlc.format_value(text), text
    if kind == "bool":
        truth = rnd.random() < 0.5
        return tlc.format_value(truth), truth
    if kind == "model":
        value = rnd.choice([RED, GREEN])
        return value.name, value
    if kind == "set":
        atom = rnd.choice(["int", "str", "model", "seq"])
        items = [generated_of(rnd, atom, depth + 1) for _ in range(rnd.randint(0, 4))]
        return "{" + ", ".join(text for text, _ in items) + "}", frozenset(value for _, value in items)
    if kind == "seq":
        items = [generated(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
        return "<<" + ", ".join(text for text, _ in items) + ">>", tuple(value for _, value in items)
    if kind == "record":
        fields = {name: generated(rnd, depth + 1) for name in rnd.sample(["a", "b", "size"], rnd.randint(1, 3))}
        return ("[" + ", ".join(f"{k} |-> {text}" for k, (text, _) in fields.items()) + "]",
                tlc.Record({k: value for k, (_, value) in fields.items()}))  # fmt: skip
    domain = rnd.choice([[1, 2, 3][: rnd.randint(1, 3)], ["a", "b"][: rnd.randint(1, 2)], [0, 7], [RED, GREEN]])
    pairs = [(key, generated(rnd, depth + 1)) for key in rnd.sample(domain, len(domain))]
    text = "(" + " @@ ".join(f"{tlc.format_value(key)} :> {t}" for key, (t, _) in pairs) + ")"
    return text, tlc.function({key: value for key, (_, value) in pairs})


def generated_of(rnd: random.Random, kind: str, depth: int) -> tuple[str, object]:
    if kind == "seq":
        numbers = [rnd.randint(0, 3) for _ in range(rnd.randint(0, 2))]
        return "<<" + ", ".join(map(str, numbers)) + ">>", tuple(numbers)
    while True:
        text, value = generated(rnd, 3)
        if {"int": int, "str": str, "model": tlc.ModelValue}[kind] is type(value):
            return text, value


def test_tlc_prints_generated_values_as_the_reader_reads_them(tmp_path):
    rnd = random.Random(2024)
    items = [generated(rnd) for _ in range(80)]
    (tmp_path / "printed.tla").write_text(
        "---- MODULE printed ----\nEXTENDS Integers, TLC\nCONSTANTS Red, Green\nVARIABLE x\n"
        f"Init == x = <<{', '.join(text for text, _ in items)}>>\nNext == UNCHANGED x\nInv == x = <<>>\n====\n"
    )
    (tmp_path / "printed.cfg").write_text("CONSTANTS Red = Red Green = Green\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    report = tlc.checked(tmp_path / "printed.tla")
    assert report.verdict.kind == "invariant", report.output
    assert report.states == [{"x": tuple(value for _, value in items)}]


def test_strict_values_tell_a_boolean_from_a_number():
    assert tlc.strict(True) != tlc.strict(1) and tlc.strict(False) != tlc.strict(0)
    assert tlc.strict(frozenset({False})) != tlc.strict(frozenset({0}))
    assert tlc.strict((1, True)) != tlc.strict((1, 1)) and tlc.strict((1, True)) == tlc.strict((1, True))
    assert tlc.strict(tlc.Record({"a": True})) != tlc.strict(tlc.Record({"a": 1}))
    assert tlc.strict(tlc.Fcn({True: 2})) != tlc.strict(tlc.Fcn({1: 2}))
    assert tlc.strict(tlc.parse_value('[a |-> {"x"}, b |-> <<-1>>]')) == tlc.strict(tlc.parse_value('[b |-> <<-1>>, a |-> {"x"}]'))


def test_the_values_print_prints_are_read_warnings_aside():
    output = "\n".join([
        "Starting... (2026-01-01 00:00:00)", "Warning: The EXCEPT was applied to non-existing fields of the value at",
        "line 3, col 11 to line 3, col 18 of module M", '<<"A", 1>>', "<< \"B\",", "   {1, 2} >>", "Computing initial states...",
        '<<"C", 3>>',
    ])  # fmt: skip
    assert tlc.printed(output) == ['<<"A", 1>>', '<< "B",\n   {1, 2} >>']
    assert [tlc.parse_value(text) for text in tlc.printed(output)] == [("A", 1), ("B", frozenset({1, 2}))]
