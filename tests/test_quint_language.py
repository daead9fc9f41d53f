"""Quint's language beyond the lecture's spec: `all`/`any`/`match` as booleans and over actions, nullary
boolean definitions as invariants, `chooseSome`, sets too large to build (tests/specs/booleans.qnt,
tests/specs/huge.qnt), a variable a step leaves unset (tests/specs/lamp.qnt), and what ttt-check refuses
(tests/specs/errors.qnt).

Counts and verdicts are checked against enumerations written here from the specs' text, and against the
real Quint: `quint run` finds the same violations, and its traces replay as behaviours of the spec.
"""

from __future__ import annotations

import json
import subprocess
from random import Random

import pytest
from conftest import ROOT, quint_or_skip, quint_run

from checker.explore.bfs import explore
from quint_specs import distances, spec

BOOLEANS, HUGE, ERRORS = "tests/specs/booleans.qnt", "tests/specs/huge.qnt", "tests/specs/errors.qnt"
LAMP = "tests/specs/lamp.qnt"


def booleans_steps(state):
    """booleans.qnt's step, from its text: (n, phase), a phase "Up", "Down" or ("Rest", k)."""
    n, phase = state
    if phase == "Up" and n < 3:
        yield n + 1, "Down" if n + 1 == 3 else "Up"
    elif phase == "Down":
        if n > 1:
            yield n - 1, "Down"
        else:
            yield from ((0, ("Rest", k)) for k in (1, 2))
    elif isinstance(phase, tuple):
        yield phase[1], "Up"


def booleans_key(model, state):
    values = model.to_quint(state)
    phase = values["phase"]
    return values["n"], phase.tag if phase.tag in ("Up", "Down") else (phase.tag, phase.value)


def test_match_any_and_all_over_actions_reach_the_states_written_out():
    reference = distances((0, "Up"), booleans_steps)
    model = spec("booleans")
    result = explore(model, [model.invariants[name] for name in ("inRange", "restIsShort", "neverRestsLong")])
    assert result.stats.distinct == len(reference) == 8
    assert set(result.violations) == {"neverRestsLong"}
    trace = result.violations["neverRestsLong"]
    assert booleans_key(model, trace.states[-1]) == (0, ("Rest", 2))
    assert len(trace.states) - 1 == reference[(0, ("Rest", 2))] == 6


def test_all_any_and_match_as_booleans_agree_with_their_meaning_in_every_state():
    model = spec("booleans")
    states = _states(model)
    assert len(states) == 8
    for state in states:
        n, phase = booleans_key(model, state)
        assert model.invariants["inRange"].holds(state) == (0 <= n <= 3)
        assert model.invariants["restIsShort"].holds(state) == (not isinstance(phase, tuple) or (phase[1] <= 2 and n == 0))
        assert model.invariants["neverRestsLong"].holds(state) == (phase != ("Rest", 2) or n > 0)


def _states(model) -> list:
    """Every reachable state, by a worklist apart from `checker.explore`."""
    seen = list(dict.fromkeys(model.init_states()))
    for state in seen:
        seen.extend(s for s in model.next_states(state) if s not in seen)
    return seen


def test_choose_some_is_the_first_element_in_order():
    model = spec("booleans")
    assert model.program.value("Least")(None) == min({3, 1, 2})


def test_membership_in_sets_too_large_to_build():
    model = spec("huge")
    result = explore(model, [model.invariants["inv"], model.invariants["nearTheTop"]])
    assert result.stats.distinct == 6  # n from 0 to 5
    assert set(result.violations) == {"nearTheTop"}
    assert [model.to_quint(s)["n"] for s in result.violations["nearTheTop"].states] == [0, 1]


def test_each_draw_from_a_set_too_large_to_enumerate_is_a_new_element():
    """A state's tree of choices is kept, but a `nondet` over 0.to(2^256 - 1) draws anew each time."""
    model = spec("huge", step="jump")
    state, rng = model.init_states()[0], Random(3)
    drawn = [model.to_quint(model.random_step(state, rng)[1])["n"] for _ in range(2000)]
    assert len(set(drawn)) == 2000 and all(0 <= n < 2**256 for n in drawn)
    assert 880 < sum(n >= 2**255 for n in drawn) < 1120  # half of them, within 5 standard deviations


# ---- on the command line, against the real Quint ----------------------------------------


def test_nullary_boolean_definitions_are_listed_as_invariants(ttt_check, quint_cache):
    code, out, err = ttt_check("--spec", BOOLEANS, "--list")
    assert (code, err) == (0, "")
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("    ")]
    assert listed == ["inRange", "restIsShort", "neverRestsLong"]  # not `twice` (an integer), nor `below(k)`


@pytest.mark.parametrize("name, holds", [("inRange", True), ("restIsShort", True), ("neverRestsLong", False)])
def test_each_invariant_has_quints_verdict(ttt_check, quint_cache, tmp_path, name, holds):
    code, out, _ = ttt_check("--spec", BOOLEANS, "--invariant", name)
    assert code == (0 if holds else 12)
    assert "8 distinct states" in out
    quint_code, _ = quint_run(tmp_path / "t", BOOLEANS, "--invariant", name)
    assert quint_code == (0 if holds else 1)


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_of_match_and_any_replay(ttt_check, quint_cache, tmp_path, mbt):
    _, traces = quint_run(tmp_path / "t", BOOLEANS, *mbt)
    assert len(traces) == 10
    code, out, err = ttt_check("replay", "--spec", BOOLEANS, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "")
    assert "10 traces are behaviours of the spec, 0 are not" in out


def test_huge_sets_are_asked_about_not_built(ttt_check, quint_cache, tmp_path):
    code, out, _ = ttt_check("--spec", HUGE, "-i", "inv")
    assert code == 0 and "6 distinct states" in out
    assert quint_run(tmp_path / "holds", HUGE, "--invariant", "inv")[0] == 0
    code, out, _ = ttt_check("--spec", HUGE, "-i", "nearTheTop")
    assert code == 12
    assert quint_run(tmp_path / "fails", HUGE, "--invariant", "nearTheTop")[0] == 1


def test_a_run_draws_one_element_of_a_set_too_large_to_enumerate(ttt_check, quint_cache, tmp_path):
    """`nondet k = 0.to(2^256 - 1).oneOf()`: half the draws are at least 2^255, as in `quint run`."""
    code, out, _ = ttt_check("run", "--spec", HUGE, "--step", "jump", "-i", "small", "--seed", "5")
    assert code == 12 and "violat" in out
    code, out, _ = ttt_check("run", "--spec", HUGE, "--step", "jump", "-i", "inInt", "--seed", "5", "--max-samples", "50")
    assert code == 0  # a draw is an integer, always in Int
    assert quint_run(tmp_path / "t", HUGE, "--step", "jump", "--invariant", "small")[0] == 1


def line_of(path: str, text: str) -> int:
    """The line of `path` (1-based) where `text` first appears, read from the file."""
    return next(i for i, line in enumerate((ROOT / path).read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    "spec, step, found, says",
    [
        (HUGE, "jump", "Big.oneOf()", "0.to(2^256 - 1) has 2^256 elements: too many to enumerate"),
        (ERRORS, "pickNat", "Nat.oneOf()", "Nat is infinite: it cannot be enumerated"),
        (ERRORS, "pickHuge", "0.to(2^256 - 1).oneOf()", "0.to(2^256 - 1) has 2^256 elements"),
        (ERRORS, "generated", "apalache::generate", "apalache::generate asks Apalache to invent a value"),
        (ERRORS, "mapsOfNat", "setOfMaps(Set(1), Nat)", "setOfMaps(Set(1), Nat) is infinite"),
    ],
)
def test_what_cannot_be_enumerated_is_refused_in_one_line_naming_the_spec_line(ttt_check, quint_cache, spec, step, found, says):
    code, out, err = ttt_check("--spec", spec, "--step", step)
    assert code == 3
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f"{spec}:{line_of(spec, found)}:" in err and says in err


def test_a_temporal_property_of_steps_is_refused_not_answered(ttt_check, quint_cache):
    """`always(next(n) >= n)` relates a state to the next: listed as not checked, refused when named."""
    code, out, _ = ttt_check("--spec", ERRORS, "--list")
    assert code == 0 and "Grows                  (not checked: it relates a state to the next one" in out
    code, out, err = ttt_check("--spec", ERRORS, "-t", "Grows")
    assert code == 3 and out == "" and len(err.strip().splitlines()) == 1
    assert f"{ERRORS}:{line_of(ERRORS, 'temporal Grows')}:" in err and "relates a state to the next one" in err


def test_a_variable_the_step_does_not_assign_is_unset_as_in_quint(ttt_check, quint_cache, tmp_path):
    """lamp.qnt's states are (off, 0 switches, `was` unset), then on and off with `switches` unset;
    reading it there is Quint's error, at the same place."""
    code, out, _ = ttt_check("--spec", LAMP)
    assert code == 0 and "[ok] invariant inv holds in all 3 reachable states" in out
    place = f"{LAMP}:13:{(ROOT / LAMP).read_text().splitlines()[12].index('switches') + 1}"
    quint_code, _ = quint_run(tmp_path / "q", LAMP, "--invariant", "counted")
    assert quint_code != 0
    code, out, err = ttt_check("--spec", LAMP, "-i", "counted")
    assert code == 3 and err == f"ttt-check: error: {place}: in 'counted': variable 'switches' is not set in this state (no step into it assigned it)\n"


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_with_a_variable_left_unset_replay(ttt_check, quint_cache, tmp_path, mbt):
    """Quint writes no value for `was` in the first state, none for `switches` after it, and lists both in
    `vars`, as ttt-check writes them (--same-encoding)."""
    _, traces = quint_run(tmp_path / "t", LAMP, *mbt)
    states = [json.loads(trace.read_text())["states"] for trace in traces]
    assert states and all(set(s[0]) >= {"on", "switches"} and "was" not in s[0] for s in states)
    assert all({"on", "was"} <= set(later) and "switches" not in later for s in states for later in s[1:])
    code, out, err = ttt_check("replay", "--spec", LAMP, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "") and f"{len(traces)} traces are behaviours of the spec, 0 are not" in out


def test_quints_trace_of_no_state_replays_as_nothing_to_replay(ttt_check, quint_cache, tmp_path):
    """Quint's simulator cannot evaluate `apalache::generate` in init either: its traces have no state."""
    _, traces = quint_run(tmp_path / "t", ERRORS, "--init", "generated", "--step", "step")
    assert traces and all(json.loads(trace.read_text())["states"] == [] for trace in traces)
    code, out, err = ttt_check("replay", "--spec", ERRORS, "--init", "generated", traces[0])
    assert (code, err) == (0, "") and out.endswith("[ok] The trace has no states: nothing of spec 'errors' to replay.\n")


ACTION_ARGUMENTS = """
module actargs {
  var x: int
  var last: str
  action inc = all { x' = x + 1, last' = "inc" }
  action dec = all { x' = x - 1, last' = "dec" }
  action setTo(v: int): bool = all { x' = v, last' = "setTo" }
  action guarded(a: bool): bool = all { x < 3, x > -3, a }
  action twice(a: bool): bool = guarded(a)
  action apply(f: int => bool, v: int): bool = all { x != v, f(v) }
  action bump(v: int): int = v + 10
  action init = all { x' = 0, last' = "" }
  action step = any {
    twice(inc),
    guarded(dec),
    nondet k = 1.to(3).oneOf()
    apply(n => setTo(n + k), 1),
    apply(setTo, 2),
    guarded(if (x > 0) dec else inc),
    all { x == 2, setTo(bump(x)) },
  }
  run argsTest = init.then(twice(inc)).then(apply(setTo, 2)).expect(x == 2 and last == "setTo")
}
"""


def action_arguments_steps(state):
    """actargs's step, from its text: (x, last)."""
    x, _ = state
    if -3 < x < 3:
        yield x + 1, "inc"
        yield x - 1, "dec"
        yield (x - 1, "dec") if x > 0 else (x + 1, "inc")
    if x != 1:
        yield from ((1 + k, "setTo") for k in (1, 2, 3))
    if x != 2:
        yield 2, "setTo"
    if x == 2:
        yield x + 10, "setTo"


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_an_action_given_to_an_action_is_evaluated_as_quint_evaluates_it(ttt_check, quint_cache, tmp_path, mbt):
    """An action as an argument (`twice(inc)`, given on to `guarded`), a lambda making one (reading the
    caller's nondet), a named action with a parameter, an action that gives a value (`bump`): the states are
    those written out here, Quint's traces replay (their mbt:: fields too: Quint evaluates an argument before
    the operator, and records `inc` for `twice(inc)`, `setTo` for `apply(setTo, 2)`, `bump` for
    `setTo(bump(x))`), and a run using them passes as in `quint test`."""
    spec = tmp_path / "actargs.qnt"
    spec.write_text(ACTION_ARGUMENTS)
    code, out, _ = ttt_check("--spec", spec)
    assert code == 0 and f"{len(distances((0, ''), action_arguments_steps)):,} distinct states" in out
    _, traces = quint_run(tmp_path / "t", str(spec), *mbt, traces=20, samples=20, steps=10, seed=3)
    code, out, err = ttt_check("replay", "--spec", spec, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "") and "20 traces are behaviours of the spec, 0 are not" in out
    code, out, _ = ttt_check("test", spec)
    assert code == 0 and "ok argsTest passed" in out


QUANTIFIED = """
module quantified {
  var s: Set[int]
  action init = s' = Set(1, 2)
  action step = s' = s
  // x == 1 decides, but Quint computes the condition for 2 too, and divides by zero
  val some = s.exists(x => x == 1 or 10 / (x - 2) > 0)
  val every = s.forall(x => x != 1 and 10 / (x - 2) > 0)
}
"""


@pytest.mark.parametrize("name", ["some", "every"])
def test_exists_and_forall_compute_their_condition_for_every_element_as_quint_does(ttt_check, quint_cache, tmp_path, name):
    spec = tmp_path / "quantified.qnt"
    spec.write_text(QUANTIFIED)
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(spec), "--invariant", name, "--max-samples", "1"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert "Division by zero" in done.stdout + done.stderr
    code, _, err = ttt_check("--spec", spec, "-i", name)
    assert code == 3 and "division by zero" in err
