"""The Python names of a spec's definitions are a one-to-one function of their Quint names.

`import A as B` makes a definition `B::f`, which may sit beside a definition named `B__f`; Quint
allows `True_`, `class` and names that spell another's encoding. A property test over generated
names checks the encoding laws (one-to-one, an identifier, never a keyword nor the evaluator's own
names); specs that hold such names are checked by ttt-check and by `quint run`, which must agree.
"""

from __future__ import annotations

import keyword
import re
import subprocess

from conftest import quint_or_skip
from hypothesis import given
from hypothesis import strategies as st

from checker.quint.evaluator import identifier

#: a segment of a Quint name, as its grammar allows ([a-zA-Z_][a-zA-Z0-9_]*), or any text
SEGMENT = st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,6}", fullmatch=True) | st.text(min_size=1, max_size=4)
#: a qualified name: segments joined by `::` (modules, instances), or text with `::` and `__` in it
NAME = st.lists(SEGMENT, min_size=1, max_size=4).map("::".join) | st.text(alphabet="_:aB0π", min_size=1, max_size=10)
#: the names the evaluator makes up for its own globals and locals (see `checker.quint.evaluator`)
OWN = re.compile(r"k_0e\d+|e_\d+|[A-Za-z]\d+|S|L|at|i|e|out|result")


@given(NAME, NAME)
def test_two_names_get_two_identifiers(a, b):
    assert (identifier(a) == identifier(b)) == (a == b)


@given(NAME)
def test_an_identifier_is_pythons_and_no_other_name_of_the_evaluator(name):
    code = identifier(name)
    for prefixed in ("d_" + code, "k_" + code, "ok_k_" + code):
        assert prefixed.isidentifier() and not keyword.iskeyword(prefixed)
        assert not OWN.fullmatch(prefixed)
    assert not code[:1].isdigit()


def test_names_that_once_met_are_apart():
    names = ["B::f", "B__f", "B_c_cf", "True", "True_", "class", "M::I::x", "M__I__x"]
    assert len({identifier(name) for name in names}) == len(names)


A = "module A {\n  pure val f = 1\n}\n"
C = "module C {\n  const N: int\n  pure val f = N\n}\n"
CLASH = """module clash {
  import A as B from "./A"
  import C(N = 5) as I from "./C"
  pure val B__f = 2
  pure val B_c_cf = 3
  pure val True_ = 4
  pure val clash__I__f = 6
  pure val d_B__f = 7
  pure val class = 8
  pure val _x = 9
  pure val k_0e1 = 10
  var x: int
  action init = x' = 0
  action step = x' = x
  val holds = B::f == 1 and B__f == 2 and B_c_cf == 3 and True_ == 4 and I::f == 5 and clash__I__f == 6
    and d_B__f == 7 and class == 8 and _x == 9 and k_0e1 == 10
  val sameF = B::f == B__f
  val sameI = I::f == clash__I__f
}
"""


def test_clashing_names_keep_their_own_values_as_in_quint(ttt_check, tmp_path, with_quint):
    for name, text in (("A", A), ("C", C), ("clash", CLASH)):
        (tmp_path / f"{name}.qnt").write_text(text)
    spec = tmp_path / "clash.qnt"
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(spec), "--invariant", "holds and not(sameF or sameI)",
         "--max-samples", "3", "--max-steps", "2"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr  # Quint: holds is true, sameF and sameI false
    for invariant, violated in (("holds", False), ("sameF", True), ("sameI", True)):
        code, out, err = ttt_check("--spec", spec, "-i", invariant)
        assert err == ""
        assert code == (12 if violated else 0)
        assert (f"[violation] invariant {invariant} is violated after 0 steps" in out) == violated


def test_an_alias_and_a_definition_spelled_alike_are_apart_as_in_quint(ttt_check, tmp_path, with_quint):
    """`B::f == 1 and B__f == 1` with `B::f` = 1 and `B__f` = 2: false, so `inv` is violated."""
    (tmp_path / "A.qnt").write_text(A)
    spec = tmp_path / "coll4.qnt"
    spec.write_text(
        'module coll4 {\n  import A as B from "./A"\n  pure val B__f = 2\n  val inv = B::f == 1 and B__f == 1\n'
        "  var x: int\n  action init = x' = 0\n  action step = x' = x\n}\n"
    )
    done = subprocess.run(
        [str(quint_or_skip()), "run", "--backend=typescript", str(spec), "--invariant", "inv", "--max-samples", "3"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 1 and "Invariant violated" in done.stdout + done.stderr
    code, _, _ = ttt_check("--spec", spec, "-i", "inv")
    assert code == 12
