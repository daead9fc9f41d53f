"""Replays and runs of specs that choose among many values, as protocol specs do (Quint's lottery, bank and
Tendermint examples): Quint's traces replay within a memory and time bound, plain and `--mbt`, and a test
that draws from a powerset of a large set draws without building it.

Each spec below has the shape of one of those examples: a `setOfMaps` of 14,641 maps of which a step keeps
a list, an amount among 10,011, subsets of 64 messages filed by round in `init` and added as evidence, an
initial value per process among 9^8 maps kept in each one's record (Quint's KSetAgreementConsensus). Listing
every step of such a state takes millions of choices; a replay needs the steps into the trace's next state
only (see checker/quint/witnesses.py).
"""

from __future__ import annotations

import resource

import console
import pytest
from conftest import quint_or_skip, quint_run

#: the memory a replay or a run here may take, and its time
MEMORY, SECONDS = 2 * 2**30, 120

ORDERS = """
module orders {
  val IDS = 1.to(5)
  val AMOUNTS = 0.to(10)
  var pool: Set[{ ids: List[int], amounts: List[int] }]
  var last: { ids: List[int], amounts: List[int] }
  pure def mapToList(m: int -> int, n: int): List[int] = range(0, n).foldl([], (l, i) => l.append(m.get(i)))
  action init = all { pool' = Set(), last' = { ids: [], amounts: [] } }
  action step = any {
    nondet ids = 0.to(3).setOfMaps(IDS).oneOf()
    nondet amounts = 0.to(3).setOfMaps(AMOUNTS).oneOf()
    nondet n = 0.to(3).oneOf()
    val tx = { ids: ids.mapToList(n), amounts: amounts.mapToList(n) }
    all { pool' = pool.union(Set(tx)), last' = tx },
    all { pool != Set(), nondet tx = pool.oneOf() all { pool' = pool.exclude(Set(tx)), last' = tx } },
  }
}
"""

BANK = """
module bank {
  val ADDR = Set("king", "peach", "mario")
  var balances: str -> int
  var error: str
  action init = all { balances' = ADDR.mapBy(a => if (a == "king") 10000 else 0), error' = "" }
  action send(payer: str, payee: str, amount: int): bool = any {
    all { amount < 0, error' = "negative amount", balances' = balances },
    all { amount > balances.get(payer), error' = "insufficient funds", balances' = balances },
    all {
      0 <= amount, amount <= balances.get(payer), error' = "",
      balances' = balances.set(payer, balances.get(payer) - amount).setBy(payee, b => b + amount),
    },
  }
  action step = {
    nondet payer = ADDR.oneOf()
    nondet payee = ADDR.exclude(Set(payer)).oneOf()
    nondet amount = (-10).to(10000).oneOf()
    send(payer, payee, amount)
  }
}
"""

CONSENSUS = """
module consensus {
  type Msg = { src: str, round: int, value: str }
  val ROUNDS = 0.to(3)
  val ALL: Set[Msg] = tuples(Set("p1", "p2", "p3", "p4"), ROUNDS, Set("a", "b", "c", "d"))
    .map(t => { src: t._1, round: t._2, value: t._3 })
  var msgs: int -> Set[Msg]
  var evidence: Set[Msg]
  var round: int
  action init = all {
    nondet faulty = ALL.powerset().oneOf()
    msgs' = ROUNDS.mapBy(r => faulty.filter(m => m.round == r)),
    evidence' = Set(),
    round' = 0,
  }
  action step = any {
    all {
      round < 3,
      nondet seen = msgs.get(round).powerset().oneOf()
      all { seen.size() >= 1, evidence' = evidence.union(seen), round' = round + 1, msgs' = msgs },
    },
    all { round > 0, round' = round - 1, evidence' = evidence, msgs' = msgs },
  }
}
"""


AGREEMENT = """
module agreement {
  val PROCS = 1.to(8)
  var procs: int -> { proposal: int, round: int, decided: bool }
  action init = {
    nondet initial = PROCS.setOfMaps(1.to(9)).oneOf()
    procs' = PROCS.mapBy(p => { proposal: initial.get(p), round: 0, decided: false })
  }
  action step = {
    nondet p = PROCS.oneOf()
    all {
      not(procs.get(p).decided),
      procs' = procs.set(p, procs.get(p).with("round", procs.get(p).round + 1).with("decided", procs.get(p).round >= 2)),
    }
  }
}
"""


def bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize(
    "text", [ORDERS, BANK, CONSENSUS, AGREEMENT], ids=["setOfMaps", "interval", "powerset", "record-of-each-key"]
)
@pytest.mark.parametrize("mbt", [[], ["--mbt"]], ids=["plain", "mbt"])
def test_quints_traces_of_many_choices_replay_in_bounded_memory_and_time(quint_cache, tmp_path, text, mbt):
    spec = tmp_path / "spec.qnt"
    spec.write_text(text)
    _, traces = quint_run(tmp_path / "t", str(spec), *mbt, traces=10, samples=10, steps=12, seed=5)
    assert len(traces) == 10
    done = console.run("replay", "--spec", spec, "--quiet", *traces, preexec_fn=bounded, timeout=SECONDS)
    assert (done.returncode, done.stderr) == (0, "")
    assert "10 traces are behaviours of the spec, 0 are not" in done.stdout


SUBSETS = """
module subsets {
  val N = 1.to(16)
  var s: Set[int]
  action init = s' = Set()
  action step = {
    nondet t = N.powerset().oneOf()
    s' = t
  }
  run subsetsTest = {
    nondet u = 1.to(30).powerset().oneOf()
    init.then(step).then(step).expect(s.subseteq(N) and u.subseteq(1.to(30)))
  }
}
"""


def test_a_test_and_a_run_draw_from_a_powerset_without_building_it(quint_cache, tmp_path):
    """2^16 and 2^30 subsets, each drawn as Quint draws it, and Quint's traces replay."""
    spec = tmp_path / "subsets.qnt"
    spec.write_text(SUBSETS)
    done = console.run("test", spec, "--max-samples", "50", preexec_fn=bounded, timeout=SECONDS)
    assert done.returncode == 0 and "ok subsetsTest passed 50 test(s)" in done.stdout
    done = console.run("run", "--spec", spec, "--max-samples", "50", preexec_fn=bounded, timeout=SECONDS)
    assert done.returncode == 0, done.stderr
    quint_or_skip()
    _, traces = quint_run(tmp_path / "t", str(spec), traces=5, samples=5, steps=5)
    done = console.run("replay", "--spec", spec, "--quiet", *traces, preexec_fn=bounded, timeout=SECONDS)
    assert done.returncode == 0 and "5 traces are behaviours of the spec" in done.stdout
