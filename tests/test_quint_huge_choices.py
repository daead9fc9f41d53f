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


def labels(model, before, after) -> set[tuple]:
    return {(label.path[-1], label.picks) for label in model.steps_into(before, after)}


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
    arbitrary changes; the steps found are exactly the oracle's, picks and all."""
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
    assert labels(model, state, target) == bank_steps(before, after)


@settings(max_examples=100, deadline=None)
@given(balance, balance)
def test_the_initial_states_a_replay_finds_are_the_specs(quint_cache, alice, bob):
    model = bank_model()
    found = model.steps_into(None, model.from_quint({"balances": {"alice": alice, "bob": bob}}))
    expected = [(("opening", alice),)] if alice == bob and alice <= MAX else []
    assert [label.picks for label in found] == expected


@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_replay_as_written(ttt_check, quint_cache, tmp_path, mbt):
    _, traces = quint_run(tmp_path / "t", BANK, *mbt, traces=20, samples=20, steps=10)
    assert len(traces) == 20
    assert json.loads(traces[0].read_text())["vars"][:1] == ["balances"]  # not the audit's variables
    code, out, err = ttt_check("replay", "--spec", BANK, "--same-encoding", "--quiet", *traces)
    assert (code, err) == (0, "") and "20 traces are behaviours of the spec, 0 are not" in out


def test_a_step_no_value_explains_is_no_behaviour(ttt_check, quint_cache, tmp_path):
    """Alice's balance falls by one and Bob's is unchanged: neither a deposit nor a transfer."""
    _, traces = quint_run(tmp_path / "t", BANK, traces=1, samples=1, steps=3)
    document = json.loads(traces[0].read_text())
    entries = document["states"][2]["balances"]["#map"]
    document["states"][2]["balances"]["#map"] = [
        [name, {"#bigint": str(int(value["#bigint"]) - (name == "alice"))}] for name, value in entries
    ]
    changed = tmp_path / "changed.itf.json"
    changed.write_text(json.dumps(document))
    code, _, err = ttt_check("replay", "--spec", BANK, changed)
    assert code == 1 and "state 2: no step of spec 'bank' leads from state 1 to state 2" in err
    assert "chooses from a set too large to enumerate" in err and len(err.splitlines()) == 1


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
