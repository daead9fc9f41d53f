"""A `val` of a let is computed where it is first read, as Quint computes it: one that no evaluation reads
is never computed, so its error is never met (found by the differential tester: `{ val v = m.get(k) 2 }`
is 2 in Quint, and was an error in ttt-check).

Each case is checked against `quint run`; the laws of which lets may be computed first are checked on
the evaluator's own reading of them.
"""

from __future__ import annotations

import subprocess

from conftest import quint_or_skip

SPEC = """module lz {
  var m: int -> int
  var n: int
  action init = all { m' = Map(1 -> 10, 10 -> 5), n' = 1 }
  action step = {
    val v = m.get(n)
    all { m.keys().contains(n), n' = v, m' = m }
  }
  pure val unused = { val bad = 1 / 0  3 }
  pure val notTaken = { val bad = Map(1 -> 2).get(5)  if (false) bad else 4 }
  pure val readTwice = { val x = 6 * 7  x + x }
  val ok = unused == 3 and notTaken == 4 and readTwice == 84
}
"""


def test_a_val_never_read_is_never_computed_as_in_quint(ttt_check, tmp_path, with_quint):
    spec = tmp_path / "lz.qnt"
    spec.write_text(SPEC)
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(spec), "--invariant", "ok", "--max-samples", "5",
         "--max-steps", "4"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    code, out, err = ttt_check("--spec", spec, "-i", "ok")
    assert err == ""
    # n goes 1, 10, 5; at 5 the step's guard is false before m.get(5) is read: a deadlock, not an error
    assert "[ok] invariant ok holds in all 3 reachable states" in out
    assert "[violation] deadlock: no step is possible after 2 steps" in out



def test_only_a_val_read_on_every_path_is_computed_first(tmp_path):
    from checker.quint.evaluator import Program

    def name(n):
        return {"kind": "name", "name": n}

    def app(op, *args):
        return {"kind": "app", "opcode": op, "args": list(args)}

    lam = {"kind": "lambda", "params": [{"name": "y"}], "expr": name("x")}
    program = Program({"declarations": []})
    surely = [name("x"), app("iadd", name("a"), name("x")), app("ite", name("x"), name("a"), name("b")),
              app("ite", name("c"), name("x"), app("isub", name("x"), name("a"))), app("and", name("x"), name("a"))]
    maybe = [app("ite", name("c"), name("x"), name("a")), app("and", name("a"), name("x")), app("map", name("s"), lam),
             app("or", name("a"), name("x")), app("actionAny", name("x"), name("a"))]  # fmt: skip
    assert all(program.surely_reads(e, "x") for e in surely)
    assert not any(program.surely_reads(e, "x") for e in maybe)
