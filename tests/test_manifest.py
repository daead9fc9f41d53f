"""specs/manifest.json: the expected results of every spec, re-checked against the checker.

The manifest's figures were written from the independent enumerator, never
from the checker's output; the first test keeps them tied to it.
"""

import json
import re
import shlex
from pathlib import Path

import enumerator
import pytest
from click.testing import CliRunner

from checker.explore.bfs import explore
from model.commands.cli import SPECS, cli

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = json.loads((ROOT / "specs" / "manifest.json").read_text())["models"]
PLAYS = {"strategy": enumerator.strategy, "random": enumerator.any_square}
#: what each invariant of the specs is (`val inv = OHasNotWon`)
PREDICATE = {"XHasNotWon": "XHasNotWon", "OHasNotWon": "OHasNotWon", "NotStalemate": "NotStalemate", "inv": "OHasNotWon"}


def entry_id(entry):
    return entry["command"].removeprefix("ttt-check ")


def model_of(entry):
    return SPECS.factories[entry["spec"]](**entry["options"])


def test_every_spec_and_variant_is_listed():
    listed = {(e["spec"], e["options"].get("stutter", True)) for e in MANIFEST}
    assert listed == {(spec, stutter) for spec in SPECS.factories for stutter in (True, False)}


@pytest.mark.parametrize("entry", MANIFEST, ids=entry_id)
def test_the_entry_agrees_with_the_enumerator(entry):
    space = enumerator.Game(PLAYS[entry["spec"]], entry["options"].get("stutter", True)).explore()
    assert entry["distinctStates"] == len(space.states)
    assert entry["generatedStates"] == space.generated
    assert entry["transitions"] == space.transitions
    assert entry["statesPerDepth"] == space.per_depth and entry["stateDepth"] == len(space.per_depth) - 1
    assert entry["finalStates"] == len(space.final)
    assert entry["deadlockStates"] == len(space.deadlocks)
    for name, verdict in entry["invariants"].items():
        bad = space.violating(PREDICATE[name])
        assert verdict == ({"holds": False, "counterexampleSteps": space.shortest(bad)} if bad else {"holds": True})


@pytest.mark.parametrize("entry", MANIFEST, ids=entry_id)
def test_the_checker_finds_what_the_entry_says(entry):
    model = model_of(entry)
    assert model.source == entry["source"]
    declared = re.findall(r"^\s*val (\w+) =", (ROOT / entry["source"]).read_text(), re.MULTILINE)
    spec_level = set(model.invariants) - set(model.model_invariants)
    assert set(entry["invariants"]) == spec_level and set(entry["invariants"]) <= set(declared)

    whole = explore(model, check_deadlock=True, keep_graph=True)
    stats = whole.stats
    assert stats.distinct == entry["distinctStates"]
    assert stats.generated == entry["generatedStates"]
    assert stats.transitions == entry["transitions"]
    assert stats.per_depth == entry["statesPerDepth"] and stats.depth == entry["stateDepth"]
    assert stats.final == entry["finalStates"]
    assert stats.deadlocks == entry["deadlockStates"]
    if entry["deadlock"]["found"]:
        assert len(whole.deadlock) - 1 == entry["deadlock"]["traceSteps"]
    else:
        assert whole.deadlock is None

    for name, verdict in entry["invariants"].items():
        result = explore(model, [model.invariants[name]], check_deadlock=False)
        if verdict["holds"]:
            assert name not in result.violations
        else:
            assert len(result.violations[name]) - 1 == verdict["counterexampleSteps"]

    assert set(entry["temporal"]) <= set(model.temporal_properties)


@pytest.mark.parametrize("entry", MANIFEST, ids=entry_id)
def test_the_command_exits_as_the_entry_implies(entry):
    """`inv` decides between 12 and the rest; then a deadlock gives 11."""
    args = shlex.split(entry["command"])[1:] + ["--view", "board"]
    result = CliRunner().invoke(cli, args)
    expected = 12 if not entry["invariants"]["inv"]["holds"] else 11 if entry["deadlock"]["found"] else 0
    assert result.exit_code == expected, result.output
