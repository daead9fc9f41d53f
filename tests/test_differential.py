"""ttt-check's evaluator against Quint's on generated definitions: a fixed-seed slice of the differential
tester (tests/differential.py; `python benchmarks/differential.py --count N --seed S` runs any number).

The slice is one generated spec (its definitions, the module it imports and the one it instantiates),
evaluated by one Quint REPL and by ttt-check: every value and every error must agree. The tester's own
parts are checked too, so that a slice that finds nothing is not a tester that cannot find anything.
"""

from __future__ import annotations

import random
import re

from conftest import quint_or_skip
from differential import Generator, Outcome, compare, normal, parse_quint, spec

from checker.quint.value import QList, Record, Variant

#: the fixed slice: the seed and the number of generated definitions
SEED, COUNT = 26, 45


def test_a_generated_spec_evaluates_as_in_quint(tmp_path, with_quint):
    from differential import run_batch

    compared, differences, kinds = run_batch(quint_or_skip(), tmp_path / "spec", SEED, COUNT)
    assert compared == COUNT + 9  # the generated definitions, the clashing names and the qualified ones
    assert kinds["values"] > COUNT // 2 and kinds["errors"] > 0  # both are compared
    assert not differences, "\n".join(f"{d.definition}\n  Quint: {d.quint}\n  ttt-check: {d.ttt}" for d in differences)


def test_quints_printed_values_are_read_as_ttt_checks_values_are_normalized():
    printed = '{ a: Set(-1, 18446744073709551616), b: [("x", A(2)), ("São", B)], c: Map(C("π") -> Set()) }'
    value = Record(
        a=frozenset({-1, 2**64}),
        b=QList([("x", Variant("A", 2)), ("São", Variant("B"))]),
        c={Variant("C", "π"): frozenset()},
    )
    assert parse_quint(printed) == normal(value)
    assert parse_quint("Set(\n  1,\n  2\n)") == normal(frozenset({2, 1}))
    assert parse_quint("(1, 2)") != parse_quint("[1, 2]")


def test_a_difference_in_value_or_in_erring_is_found():
    text = "module main {\n  pure val e0: int = 1\n  pure val e1: int = 1 / 0\n  pure val e2: int = 3\n}\n"
    one, two = Outcome("value", ("int", "1")), Outcome("value", ("int", "2"))
    error, refused = Outcome("error", "QNT503"), Outcome("refused")
    quint = {"e0": one, "e1": error, "e2": one}
    assert compare(quint, {"e0": one, "e1": refused, "e2": one}, text) == []
    found = compare(quint, {"e0": two, "e1": one, "e2": error}, text)
    assert [f.name for f in found] == ["e0", "e1", "e2"]
    assert found[1].definition == "pure val e1: int = 1 / 0"


def test_the_generator_writes_every_construct_it_promises():
    text = "".join(spec(seed, 60)[0] for seed in range(4))
    for construct in (" / ", " % ", " ^ ", "(-", "Set(", "Map(", "{ a:", "._1", "[", "match ", "A(", "C(\"",
                      ".fold(", ".filter(", ".exists(", ".forall(", ".mapBy(", "B::g(", "I::g(", "True_"):  # fmt: skip
        assert construct in text, construct
    # folds whose result depends on the order of a set, in the specs of even seeds only
    depends = re.compile(r"\.fold\([^\n]*\((v\d+), (v\d+)\) => (\1\.append\(\2\)|\1 \* 3 \+ \2|\2)\)")
    assert all(bool(depends.search(spec(seed, 60)[0])) == (seed % 2 == 0) for seed in range(6))
    assert any(len(digits) > 100 for digits in re.findall(r"\d+", text))


def test_the_generator_is_deterministic_for_a_seed():
    assert spec(5, 20) == spec(5, 20) != spec(6, 20)
    generator = Generator(random.Random(1))
    assert generator.expr(generator.type(2), 3, {}) != ""
