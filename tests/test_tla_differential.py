"""ttt-check's TLA+ front end against TLC on generated expressions and specs: a fixed-seed slice of the
differential tester (tests/tla_differential.py; `python benchmarks/tla_differential.py --expressions N --specs M
--seed S` runs any number).

The slice is one generated module of expressions, run by TLC and evaluated by ttt-check, and a few generated
specs, checked by both: every value, error and verdict must agree. The tester's own parts are checked too,
without Java, so that a slice that finds nothing is not a tester that cannot find anything.
"""

from __future__ import annotations

import re

import pytest
import tla_differential as differential
import tlc

#: the fixed slice: the module's seed and its number of expressions, and the specs' seeds
SEED, COUNT = 7, 60
SPEC_SEEDS = range(1, 9)


def test_generated_expressions_evaluate_as_in_tlc(tmp_path):
    tlc.java_or_skip()
    found, kinds = differential.run_expressions(tmp_path, SEED, COUNT)
    assert kinds["values"] > COUNT // 2 and kinds["errors"] > 0  # both are compared
    unknown = [d for d in found if d.known is None]
    assert not unknown, "\n".join(f"{d.name} == {d.expression}\n  TLC: {d.tlc}\n  ttt-check: {d.ttt}" for d in unknown)


@pytest.mark.parametrize("seed", SPEC_SEEDS)
def test_a_generated_spec_is_checked_as_tlc_checks_it(seed, tmp_path):
    tlc.java_or_skip()
    found, _ = differential.run_spec(tmp_path, seed)
    assert not [d for d in found if d.known is None], found


# ---- the tester's own parts (no Java) -------------------------------------------------------------------


def test_the_generator_writes_every_construct_it_promises():
    text = "\n".join(e for seed in range(3) for e in differential.expressions(seed, 80))
    for construct in ("\\div", "%", "^", "(-", "..", "\\cup", "\\cap", "\\X", "SUBSET", "UNION", "DOMAIN", "[a : ",
                      " -> ", "|->", ":>", "@@", "EXCEPT", "@", "CHOOSE", "\\E", "\\A", "<<x", "IF ", "CASE", "OTHER",
                      "LET", "RECURSIVE", "LAMBDA", "Cardinality", "Seq(", "Append", "\\o", "SubSeq", "SelectSeq",
                      "Head", "Tail", "Len", "STRING", "Procs", "Twice", "SetSum", "Fact["):  # fmt: skip
        assert construct in text, construct
    assert re.search(r"\]\.a|\.a\b", text) and re.search(r"!\[[^\]]+\]\.[ab]|!\.[ab]\[", text)  # fields, nested paths


def test_a_generated_spec_has_bounded_variables_and_every_kind_of_step():
    texts = [differential.spec_text(seed) for seed in range(30)]
    for text in texts:
        assert text.module.startswith("---- MODULE Gen ----") and "INVARIANTS TypeOK Inv" in text.config
    joined = "\n".join(t.module for t in texts)
    for construct in ("\\E i", "UNCHANGED", "' \\in {", "(IF ", "' = ", "Append(", "EXCEPT", "\\cup {"):
        assert construct in joined, construct
    assert any("CHECK_DEADLOCK FALSE" in t.config for t in texts)


def test_expressions_are_compared_value_for_value_and_error_for_error():
    exprs = ["1", "2", "<<1>>", "{TRUE}", "CHOOSE x \\in {} : TRUE"]
    value = differential.Outcome
    theirs = {0: value("value", 1), 1: value("value", 2), 2: value("value", (1,)), 3: value("value", frozenset({True})),
              4: value("error", None, "no element")}  # fmt: skip
    ours = {0: value("value", 1), 1: value("value", 3), 2: value("value", (True,)), 3: value("value", frozenset({1})),
            4: value("refused", None, "not supported")}  # fmt: skip
    assert [d.name for d in differential.compare(exprs, theirs, ours)] == ["E1", "E2", "E3"]
    ours[4] = value("value", 0)
    assert [d.name for d in differential.compare(exprs, theirs, ours)][-1] == "E4"
    assert [d.name for d in differential.compare(exprs, theirs, {})] == [f"E{i}" for i in range(5)]


def test_a_difference_of_a_known_kind_is_told_apart():
    value, error = differential.Outcome("value", 1), differential.Outcome("error", None, "failed")
    assert differential.known_difference("(LET F3(p4) == 1 IN F3(<<>>[1]))", value, error) == "lazy arguments"
    assert differential.known_difference("Twice(LAMBDA x5 : 2, <<>>[1])", value, error) == "lazy arguments"
    assert differential.known_difference("(LET F3(p4) == p4 + 1 IN F3(<<>>[1]))", value, error) is None
    assert differential.known_difference("(LET F3(p4) == 1 IN F3(<<>>[1]))", error, value) is None
    (found,) = differential.compare(["(LET F3(p4) == 1 IN F3(<<>>[1]))"], {0: value}, {0: error})
    assert found.known == "lazy arguments"
    refused = differential.Outcome("refused", None, "Diff.tla:3:1: CHOOSE between elements that differ in their "
                                                     "strings: TLC orders strings as it first read them, ...")
    assert differential.known_difference('CHOOSE s \\in {"a", "b"} : TRUE', value, refused) == "strings' order"
    assert differential.known_difference("CHOOSE s \\in {1, 2} : TRUE", value,
                                         differential.Outcome("refused", None, "not supported")) is None


def test_a_spec_is_compared_by_verdict_counts_and_counterexample():
    holds = tlc.Report("", tlc.Verdict("holds"), generated=9, distinct=5, depth=3)
    same = "5 distinct states, 9 generated, 8 transitions, 0 final, depth 2; 0.00 s"
    assert differential.compare_spec(1, holds, 0, same) == []
    assert [d.what for d in differential.compare_spec(1, holds, 0, same.replace("depth 2", "depth 3"))] == [
        "distinct states, depth"]  # fmt: skip
    assert [d.what for d in differential.compare_spec(1, holds, 12, same)] == ["verdict"]
    violated = tlc.Report("", tlc.Verdict("invariant", "Inv"), trace=[tlc.Step(i, None, None, {}) for i in range(3)])
    assert differential.compare_spec(1, violated, 12, "[violation] invariant Inv is violated after 2 steps") == []
    assert differential.compare_spec(1, violated, 12, "[violation] invariant Inv is violated after 3 steps")
    deadlock = tlc.Report("", tlc.Verdict("deadlock"), trace=[tlc.Step(1, None, None, {})])
    both = "[violation] invariant Inv is violated after 4 steps\n[violation] deadlock: no step is possible after 0 steps"
    (found,) = differential.compare_spec(1, deadlock, 12, both)
    assert found.known == "violations"


def test_tlcs_printed_values_are_read_from_its_output(tmp_path, monkeypatch):
    """What TLC prints for a module whose second assumption fails, then for the run from the third on."""
    runs = []

    def run(spec, config, timeout=None):
        lines = spec.read_text().splitlines()
        assumptions = [i + 1 for i, line in enumerate(lines) if line.startswith("ASSUME")]
        runs.append(len(assumptions))
        if len(runs) == 1:  # E0 printed, E1 fails
            return tlc.read_output(
                f'Starting... (2026)\n<<"E0", {{1, 2}}>>\nError: Evaluating assumption line {assumptions[1]}, col 8 to '
                f"line {assumptions[1]}, col 29 of module Diff failed.\nAttempted to apply tuple\n<<>>\nto integer 1.\n"
            )  # fmt: skip
        return tlc.read_output('Starting... (2026)\n<< "E2",\n   [a |-> 1] >>\nModel checking completed. No error has been found.\n')

    monkeypatch.setattr(tlc, "run", run)
    answers = differential.tlc_answers(tmp_path, ["{1, 2}", "<<>>[1]", "[a |-> 1]"])
    assert runs == [3, 1]
    assert answers[0].value == frozenset({1, 2}) and answers[1].kind == "error" and answers[2].value == tlc.Record({"a": 1})


def test_a_long_generated_expression_is_written_again_shorter():
    assert all(len(e) <= differential.LONGEST for e in differential.expressions(5, 40))
    assert differential.expressions(5, 10) == differential.expressions(5, 10)  # a seed is the same module
