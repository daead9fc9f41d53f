"""Specs of several modules (tests/specs/clocks.qnt and its tests/specs/lib/): every module the main one
imports or instantiates is evaluated as Quint means it.

Each figure is checked against an enumeration written here from the spec's text (not from its IR), and
against the real Quint: its traces (`quint run --out-itf`, with and without --mbt) replay, written as
ttt-check writes them, and the violations it finds are the ones ttt-check reports.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from conftest import ROOT, quint_or_skip, quint_run

CLOCKS = "tests/specs/clocks.qnt"
HOURS_ONLY = ["--main", "hoursOnly", "--init", "Hours::init", "--step", "Hours::step"]
MINUTES_ONLY = ["--main", "minutesOnly"]


def clock_states() -> dict[tuple, int]:
    """The states of clocks.qnt, (hours, minutes, ticks mod 5, color) -> the fewest steps to reach it:
    a clock of 3 hours of 4 minutes, ticking, or repainted red or green."""
    frontier = [(0, 0, 0, color) for color in ("red", "green")]
    depth = {state: 0 for state in frontier}
    while frontier:
        following = []
        for hours, minutes, ticks, color in frontier:
            tick = ((hours + 1) % 3 if minutes == 3 else hours, (minutes + 1) % 4, (ticks + 1) % 5, color)
            repaints = [(hours, minutes, ticks, other) for other in ("red", "green")]
            for successor in [tick, *repaints]:
                if successor not in depth:
                    depth[successor] = depth[(hours, minutes, ticks, color)] + 1
                    following.append(successor)
        frontier = following
    return depth


def test_every_state_of_the_instances_and_only_those(quint_cache):
    from checker.quint.spec_model import load

    model = load(CLOCKS)
    seen = set(model.init_states())
    todo = list(seen)
    while todo:
        for _, successor in model.next_steps(todo.pop()):
            if successor not in seen:
                seen.add(successor)
                todo.append(successor)
    names = ("clocks::Hours::count", "clocks::Minutes::count", "count", "color")
    found = {tuple(model.to_quint(state)[name] for name in names) for state in seen}
    assert found == set(clock_states())


def test_an_invariant_over_two_instances_is_violated_where_the_enumeration_says(ttt_check, quint_cache):
    noon = min(steps for (hours, minutes, _, _), steps in clock_states().items() if (hours, minutes) == (2, 3))
    code, out, _ = ttt_check("--spec", CLOCKS, "-i", "beforeNoon")
    assert code == 12 and f"[violation] invariant beforeNoon is violated after {noon} steps" in out
    code, out, _ = ttt_check("--spec", CLOCKS)
    assert code == 0 and f"[ok] invariant inv holds in all {len(clock_states())} reachable states" in out


def test_a_trace_names_an_instances_actions_and_picks_as_the_spec_writes_them(ttt_check, quint_cache):
    """`Arm::lift  lift=2`, as the main module (which imports the instance whole) writes them, not the
    flattened `robots::robot::Arm::lift  robots::robot::lift=2` (the variables keep the names Quint's
    traces give them, `robots::robot::Arm::height`). The sum reaches 5 only at height 3
    (two lifts of 1 and 2, the height counted modulo 4) and 2 steps (two walks): 4 steps."""
    code, out, _ = ttt_check("--spec", "tests/specs/robots.qnt")
    steps = [line.split("]  ", 1)[1] for line in out.splitlines() if line.startswith("[State ") and "init" not in line]
    assert code == 12 and len(steps) == 4 and not any("::robot::" in step for step in steps)
    assert sorted(step.split("  ")[0] for step in steps) == ["Arm::lift", "Arm::lift", "Leg::walk", "Leg::walk"]
    assert all(step.startswith("Leg::walk") or step in ("Arm::lift  lift=1", "Arm::lift  lift=2") for step in steps)


def test_an_instances_properties_are_named_as_the_main_module_names_them(ttt_check, quint_cache):
    code, out, _ = ttt_check("--spec", CLOCKS, "--list")
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("    ")]
    assert code == 0 and listed == ["beforeNoon", "inv", "Hours::belowLimit", "Minutes::belowLimit"]
    code, out, _ = ttt_check("--spec", CLOCKS, "-i", "Minutes::belowLimit", "-i", "Hours::belowLimit")
    assert code == 0 and "[ok] invariant Minutes::belowLimit holds" in out and "[ok] invariant Hours::belowLimit holds" in out


def test_qualified_init_and_step_of_an_instance(ttt_check, quint_cache):
    code, out, _ = ttt_check("--spec", CLOCKS, *HOURS_ONLY, "-i", "Hours::belowLimit")
    assert code == 0 and "holds in all 3 reachable states" in out  # the hours 0, 1, 2
    code, out, err = ttt_check("--spec", CLOCKS, "--main", "hoursOnly")  # it has no `init` of its own
    assert code == 3 and out == "" and len(err.splitlines()) == 1 and "Name 'init' not found" in err


def test_an_instance_imported_whole_brings_its_init_and_step(ttt_check, quint_cache):
    code, out, _ = ttt_check("--spec", CLOCKS, *MINUTES_ONLY, "-i", "belowLimit")
    assert code == 0 and "holds in all 4 reachable states" in out  # the minutes 0..3


def test_each_main_init_and_step_has_its_own_cache_entry(ttt_check, quint_cache):
    for options in ([], HOURS_ONLY, MINUTES_ONLY, HOURS_ONLY):
        assert ttt_check("--spec", CLOCKS, *options, "--list")[0] == 0
    entries = list((quint_cache / "ttt-check" / "ir").glob("*.json"))  # the run's IR cache, shared
    irs = [json.loads(path.read_text())["ir"] for path in entries]
    clocks = {(ir["main"], ir["init"], ir["step"]) for ir in irs if str(ROOT / CLOCKS) in ir["files"]}
    assert clocks >= {("clocks", "init", "step"), ("hoursOnly", "hoursOnly::Hours::init", "hoursOnly::Hours::step"),
                      ("minutesOnly", "minutesOnly::counter::init", "minutesOnly::counter::step")}
    before = {path: path.stat().st_mtime_ns for path in entries}
    assert ttt_check("--spec", CLOCKS, *MINUTES_ONLY, "--list")[0] == 0
    assert {path: path.stat().st_mtime_ns for path in entries} == before  # read, not written


@pytest.mark.parametrize(
    "spec, options",
    [(CLOCKS, []), (CLOCKS, HOURS_ONLY), (CLOCKS, MINUTES_ONLY), (CLOCKS, ["--init", "Start", "--step", "Tick"]),
     ("tests/specs/guests.qnt", []), ("tests/specs/robots.qnt", [])],
)  # fmt: skip
@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_replay_as_written(ttt_check, quint_cache, tmp_path, spec, options, mbt):
    """Instances' variables under Quint's names (`clocks::Hours::count`), init's nondet picks, the action
    --init names, an instance's action and nondet by their own names (`tick`, `target`; `Arm::lift`, as
    its module declares it), records in sets and as map keys, sets in Quint's order."""
    _, traces = quint_run(tmp_path / "t", spec, *options, *mbt, traces=30, samples=30, steps=20, seed=7)
    assert len(traces) == 30
    code, out, err = ttt_check("replay", "--spec", spec, *options, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "")
    assert "30 traces are behaviours of the spec, 0 are not" in out


def test_quint_finds_the_violation_ttt_check_reports(ttt_check, quint_cache, tmp_path):
    code, traces = quint_run(tmp_path / "t", CLOCKS, "--mbt", "--invariant", "beforeNoon", traces=1, samples=500, steps=20, seed=7)
    assert code == 1 and traces  # Quint found a violation
    code, out, _ = ttt_check("replay", "--spec", CLOCKS, "-i", "beforeNoon", *traces)
    assert code == 12 and "Invariant beforeNoon is violated" in out


NESTED = """
module channel {
  var sent: int
  action init = sent' = 0
  action send = sent' = sent + 1
}
module sender {
  import channel as ch
  action start = ch::init
  action go = ch::send
}
module system {
  const LIMIT: int
  import sender as S
  action init = S::start
  action step = S::go
}
module nested {
  import system(LIMIT = 1).*
}
"""


def test_a_spec_quints_flattener_fails_on_is_refused_saying_so(ttt_check, quint_cache, tmp_path):
    """An instance of a module that imports another by a qualified name: `quint compile` fails on it
    (`quint run` does not flatten, and runs it); ttt-check says so in one line, and no more."""
    spec = tmp_path / "nested.qnt"
    spec.write_text(NESTED)
    compiled = subprocess.run([str(quint_or_skip()), "compile", "--target", "json", str(spec)], capture_output=True, text=True)
    assert compiled.returncode != 0 and "Internal error while flattening" in compiled.stderr + compiled.stdout
    code, out, err = ttt_check("--spec", spec)
    assert code == 3 and out == "" and len(err.splitlines()) == 1
    assert re.search(r"Quint [\d.]+ cannot flatten", err) and "Internal error while flattening" in err


WHOLE = """
module counter {
  const START: int
  var x: int
  action cinit = x' = START
  action cstep = x' = x + 1
}
module E {
  var e: int
  action init = e' = 1
  action step = e' = e + 1
}
module W {
  import counter(START = 5) as J
  var w: int
  action init = all { w' = 0, J::cinit }
  action step = all { w' = w + 1, J::cstep }
}
module wholes {
  import E
  import W as WW
  import counter(START = 1) as I
  action init = all { E::init, WW::init, I::cinit }
  action step = all { E::step, WW::step, I::cstep }
}
"""


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_the_variables_of_a_module_imported_whole_are_named_as_quint_names_them(ttt_check, quint_cache, tmp_path, mbt):
    """`import E` and `import W as WW`: Quint's simulator writes their variables by their own names (`e`, `w`),
    and an instance's by its namespace (`W::J::x`, `wholes::I::x`); ttt-check reads and writes them so."""
    spec = tmp_path / "wholes.qnt"
    spec.write_text(WHOLE)
    traces = tmp_path / "t"
    traces.mkdir()
    subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(spec), "--out-itf", str(traces / "t{seq}.itf.json"),
         "--n-traces", "3", "--max-samples", "3", "--max-steps", "4", *mbt],
        check=True, capture_output=True,
    )  # fmt: skip
    written = json.loads((traces / "t0.itf.json").read_text())["vars"]
    assert set(written) >= {"e", "w", "W::J::x", "wholes::I::x"}
    code, out, err = ttt_check("replay", "--spec", spec, "--same-encoding", "--quiet", *sorted(traces.iterdir()))
    assert (code, err) == (0, "") and "3 traces are behaviours of the spec" in out
    ours = tmp_path / "ours.itf.json"
    assert ttt_check("run", "--spec", spec, "--max-samples", "1", "--max-steps", "2", "--out-itf", ours)[0] == 0
    assert json.loads(ours.read_text())["vars"][:4] == written[:4]
