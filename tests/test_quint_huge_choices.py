"""A spec whose init and steps choose among 2^64 values (tests/specs/bank.qnt), with an instance whose
variables no action assigns: a search is refused, but Quint's traces replay, `run` samples it, and the
instance's variables are left out of the states, as Quint's simulator leaves them.

Which steps exist is decided here from the spec's text (an oracle that imports nothing of ttt-check),
for any two states, and compared with the steps a replay finds.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache

import pytest
from conftest import ROOT, quint_or_skip, quint_run
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.quint.witnesses import CannotTell

BANK = "tests/specs/bank.qnt"
MAX = 2**64 - 1
ACCOUNTS = ("alice", "bob")


def bank_steps(before: dict, after: dict) -> set[tuple]:
    """Every (action, picks) of bank.qnt from balances `before` to `after`."""
    found = set()
    for who in ACCOUNTS:
        amount = after[who] - before[who]
        others_kept = all(after[a] == before[a] for a in ACCOUNTS if a != who)
        if 1 <= amount <= MAX and others_kept:
            found.add(("deposit", (("who", who), ("amount", amount))))
    for payer in ACCOUNTS:
        for payee in ACCOUNTS:
            amount = before[payer] - after[payer]
            if payer != payee and after[payee] - before[payee] == amount and 1 <= amount <= min(MAX, before[payer]):
                found.add(("transfer", (("payer", payer), ("payee", payee), ("amount", amount))))
    return found


@cache
def bank_model():
    from checker.quint.spec_model import load

    return load(BANK)


def labels(model, before, after, picks) -> set[tuple]:
    return {(label.path[-1], label.picks) for label in model.steps_into(before, after, picks)}


balance = st.one_of(st.integers(0, 5), st.integers(0, 2**70))
change = st.one_of(st.just(0), st.integers(-3, 3), st.integers(-(2**65), 2**65))


@settings(max_examples=300, deadline=None)
@given(
    st.tuples(balance, balance),
    st.sampled_from(["deposit", "transfer", "any"]),
    st.sampled_from(ACCOUNTS),
    st.integers(1, 2**64 + 2),
    st.tuples(change, change),
)
def test_the_steps_a_replay_finds_are_the_specs(quint_cache, balances, kind, who, amount, noise):
    """Near-steps too: a deposit or transfer of any amount (some beyond MAX or the payer's balance), or
    arbitrary changes. Without the trace's picks, the steps found are exactly the oracle's, picks and all,
    and where there is none, ttt-check cannot tell (it tried values, not all); with a step's picks, that
    step is found, and with an amount off by one, none."""
    model = bank_model()
    before = dict(zip(ACCOUNTS, balances))
    after = dict(before)
    other = next(a for a in ACCOUNTS if a != who)
    if kind == "deposit":
        after[who] += amount
    elif kind == "transfer":
        after[who] -= amount
        after[other] += amount
    else:
        after = {a: b + d for (a, b), d in zip(before.items(), noise)}
    state, target = (model.from_quint({"balances": b}) for b in (before, after))
    expected = bank_steps(before, after)
    if expected:
        assert labels(model, state, target, {}) == expected
    else:
        with pytest.raises(CannotTell):
            model.steps_into(state, target, {})
    for action, picks in expected:
        assert labels(model, state, target, dict(picks)) == {(action, picks)}
        off = {**dict(picks), "amount": dict(picks)["amount"] + 1}
        assert model.steps_into(state, target, off) == []


@settings(max_examples=100, deadline=None)
@given(balance, balance)
def test_the_initial_states_a_replay_finds_are_the_specs(quint_cache, alice, bob):
    model = bank_model()
    state = model.from_quint({"balances": {"alice": alice, "bob": bob}})
    if alice == bob and alice <= MAX:
        assert [label.picks for label in model.steps_into(None, state)] == [(("opening", alice),)]
    else:
        with pytest.raises(CannotTell):
            model.steps_into(None, state)


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_replay_as_written(ttt_check, quint_cache, tmp_path, mbt):
    _, traces = quint_run(tmp_path / "t", BANK, *mbt, traces=20, samples=20, steps=10)
    assert len(traces) == 20
    assert json.loads(traces[0].read_text())["vars"][:1] == ["balances"]  # not the audit's variables
    code, out, err = ttt_check("replay", "--spec", BANK, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "") and "20 traces are behaviours of the spec, 0 are not" in out


def test_a_step_no_value_tried_explains_is_undecided(ttt_check, quint_cache, tmp_path):
    """Alice's balance falls by one and Bob's is unchanged: neither a deposit nor a transfer of an amount
    ttt-check tries; without the picks recorded, it cannot tell that no other amount would do."""
    _, traces = quint_run(tmp_path / "t", BANK, traces=1, samples=1, steps=3)
    document = json.loads(traces[0].read_text())
    entries = document["states"][2]["balances"]["#map"]
    document["states"][2]["balances"]["#map"] = [
        [name, {"#bigint": str(int(value["#bigint"]) - (name == "alice"))}] for name, value in entries
    ]
    changed = tmp_path / "changed.itf.json"
    changed.write_text(json.dumps(document))
    code, _, err = ttt_check("replay", "--spec", BANK, changed)
    assert code == 3 and "state 2: cannot tell whether a step of spec 'bank' leads from state 1 to state 2" in err
    assert "record the picks with quint run --mbt" in err and len(err.splitlines()) == 1


def test_an_mbt_pick_that_is_not_the_step_is_refused(ttt_check, quint_cache, tmp_path):
    """The recorded amount of a step, one more than the states say."""
    _, traces = quint_run(tmp_path / "t", BANK, "--mbt", traces=1, samples=1, steps=3)
    document = json.loads(traces[0].read_text())
    picked = document["states"][1]["mbt::nondetPicks"]["amount"]["value"]
    picked["#bigint"] = str(int(picked["#bigint"]) + 1)
    changed = tmp_path / "changed.itf.json"
    changed.write_text(json.dumps(document))
    code, _, err = ttt_check("replay", "--spec", BANK, changed)
    assert code == 1 and err.count("state 1: no step of spec 'bank' leads from state 0 to state 1") == 1


def test_a_search_is_refused_naming_the_line(ttt_check, quint_cache):
    code, out, err = ttt_check("--spec", BANK)
    assert code == 3 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"ttt-check: error: {BANK}:26:22: in 'init': 0.to(2^64 - 1) has 2^64 elements")


def test_run_samples_it_and_its_traces_replay(ttt_check, quint_cache, tmp_path):
    out_itf = tmp_path / "sample.itf.json"
    code, out, _ = ttt_check("run", "--spec", BANK, "-i", "solvent", "--max-samples", "50", "--seed", "5", "--out-itf", out_itf)
    assert code == 0 and "Distinct states visited" in out
    code, _, err = ttt_check("replay", "--spec", BANK, "--same-encoding", out_itf)
    assert (code, err) == (0, "")


def test_reading_a_variable_no_action_assigns_is_quints_error(ttt_check, quint_cache):
    """The audit's `audited`, which the bank never assigns: Quint's simulator stops at the same place."""
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", BANK, "--invariant", "A::neverAudited", "--max-samples", "5"],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode != 0 and "Variable bank::A::audited not set" in done.stdout + done.stderr
    assert f"{BANK}:15:43" in done.stdout + done.stderr
    code, out, err = ttt_check("run", "--spec", BANK, "-i", "A::neverAudited", "--seed", "1")
    assert code == 3 and len(err.splitlines()) == 1
    assert err.startswith(f"ttt-check: error: {BANK}:15:43: in 'A::neverAudited': variable 'bank::A::audited' is not set")


SEEDED = """
module seeded {
  var x: int
  action init = { nondet n = 0.to(2^64).oneOf() x' = n % 3 }
  action step = x' = (x + 1) % 3
  val inv = x < 3
}
"""

NEVER = """
module never {
  var x: int
  action init = { nondet n = Nat.oneOf() all { n < 10, x' = n } }
  action step = x' = x
  val inv = x < 10
}
"""


def test_run_records_the_pick_of_an_init_it_drew(ttt_check, quint_cache, tmp_path):
    """`n` is not in the state (x = n % 3): the trace records it from the step drawn, and replays with it."""
    spec, out_itf = tmp_path / "seeded.qnt", tmp_path / "sample.itf.json"
    spec.write_text(SEEDED)
    assert ttt_check("run", "--spec", spec, "--max-samples", "5", "--max-steps", "2", "--seed", "1", "--out-itf", out_itf)[0] == 0
    first = json.loads(out_itf.read_text())["states"][0]
    picked = int(first["mbt::nondetPicks"]["n"]["value"]["#bigint"])
    assert 0 <= picked < 2**64 + 1 and picked % 3 == int(first["x"]["#bigint"])
    code, _, err = ttt_check("replay", "--spec", spec, "--same-encoding", out_itf)
    assert (code, err) == (0, "")


def test_run_of_an_init_whose_drawn_choice_is_disabled_ends_there_as_quints(ttt_check, quint_cache, tmp_path):
    """Quint's simulator draws n from Nat and almost never gets n < 10: its samples have no state."""
    spec = tmp_path / "never.qnt"
    spec.write_text(NEVER)
    code, out, err = ttt_check("run", "--spec", spec, "--max-samples", "20", "--seed", "1")
    assert (code, err) == (0, "") and "20 samples ended at init: the choice it drew was disabled." in out
    assert "max=0, min=0" in out and "An example execution" not in out
