"""Every bound holds: what a spec, its imports, a trace or a signal may do, and the one line it gets.

A spec nested hundreds of levels deep is refused at its place (exit 3), never by Python's recursion or
parser (exit 70); Quint's compile is stopped after its time bound; a file a spec imports is read as the
spec is, a regular file of bounded size (an import of /dev/zero or a FIFO is refused, never read);
names holding `{...}` (a forged IR) are no format strings; SIGTERM ends a command as Ctrl-C does, its
temporary files removed, exit 143. Each case is built here and run as a user runs it.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import console
import pytest
from conftest import ROOT, quint_or_skip
from quint_specs import FIXTURES, SOURCES
from test_file_is_truth import children

from checker.explore.bfs import explore
from checker.quint import frontend, nesting
from checker.quint.runtime import QuintError
from checker.quint.spec_model import QuintSpec

# ---- nesting -----------------------------------------------------------------------------------------


def ite_chain(levels: int, first_id: int = 10_000) -> tuple[dict, list[int]]:
    """`if (true) true else if (true) true else ... true` as IR, `levels` ifs deep (built without recursion),
    and the id of each `if`, outermost first."""
    ids = list(range(first_id, first_id + levels))
    expr: dict = {"kind": "bool", "value": True, "id": first_id + levels}
    for node in reversed(ids):
        leaves = [{"kind": "bool", "value": True, "id": -node - offset} for offset in (0, 0.5)]
        expr = {"kind": "app", "opcode": "ite", "id": node, "args": [leaves[0], leaves[1], expr]}
    return expr, ids


def test_how_deep_is_found_without_recursion_and_where_it_gets_too_deep():
    expr, ids = ite_chain(5_000)  # deeper than Python could recurse
    module = {"declarations": [{"kind": "def", "name": "fine", "qualifier": "val", "id": 1, "expr": ite_chain(10, 1)[0]},
                               {"kind": "def", "name": "deep", "qualifier": "val", "id": 2, "expr": expr}]}
    said = []
    assert nesting.check(module, lambda *where: said.append(where) or "refused") == "refused"
    # the declaration is level 1, its ifs the next 5,000, the innermost `b` the last
    (name, node, message), = said
    assert (name, node) == ("deep", ids[nesting.MOST_NESTED - 1])
    assert message == f"nested 5002 levels deep: ttt-check evaluates expressions nested at most {nesting.MOST_NESTED} levels"
    assert nesting.check({"declarations": module["declarations"][:1]}, lambda *where: "refused") is None


def test_a_spec_with_a_deep_definition_is_refused_in_one_line_naming_it():
    """The lecture's spec (its IR, as Quint wrote it) with one more definition, 300 ifs deep."""
    ir = json.loads((FIXTURES / "tictactoe.json").read_text())
    ir["modules"][0]["declarations"].append(
        {"kind": "def", "name": "deep", "qualifier": "val", "id": 9_999, "expr": ite_chain(300)[0]}
    )
    source = SOURCES["tictactoe"]
    with pytest.raises(QuintError) as refused:
        QuintSpec(ir, str(source.relative_to(ROOT)), source.read_text())
    assert str(refused.value) == (
        "nested 302 levels deep: ttt-check evaluates expressions nested at most 150 levels "
        "(in 'deep' (specs/tictactoe.qnt))"
    )


def spec_text(name: str, inv: str = "true", step: str = "x' = x") -> str:
    return (
        f"module {name} {{\n  type O = Some(int) | None\n  var x: int\n  action init = x' = 0\n"
        f"  action step = {step}\n  val inv = {inv}\n}}\n"
    )


def chain(make, levels: int, start: str) -> str:
    for i in range(levels):
        start = make(start, i)
    return start


DEEP = {
    "ifs": (spec_text("ifs", chain(lambda e, i: f"if (x > {i}) false else {e}", 300, "x == 0")),
            3, r"ifs\.qnt:6:\d+: in 'inv': nested 303 levels deep: ttt-check evaluates expressions nested at most 150"),
    "parentheses": (spec_text("parentheses", "(" * 300 + "x == 0" + ")" * 300), 0, None),
    "matches": (spec_text("matches", chain(lambda e, i: f"match Some({e}) {{ | Some(v{i}) => v{i} | None => 0 }}", 60, "x")
                          + " >= 0"),
                3, r"matches\.qnt:6:\d+: in 'inv': nested 123 levels deep, too deep for the Python code ttt-check "
                   r"compiles it to"),
    "nondets": (spec_text("nondets", step=chain(lambda e, i: f"nondet n{i} = Set(1).oneOf() {e}", 30, "x' = x")),
                3, r"the action 'step' is nested too deeply to be compiled"),
}  # fmt: skip


@pytest.mark.parametrize("name", DEEP)
def test_a_spec_nested_hundreds_of_levels_deep_is_one_line(name, tmp_path, with_quint, ttt_check):
    """As a user writes them: Quint compiles each (parentheses leave no trace in its IR)."""
    import re

    text, code, message = DEEP[name]
    (tmp_path / f"{name}.qnt").write_text(text)
    got, out, err = ttt_check("--spec", tmp_path / f"{name}.qnt", "-i", "inv")
    assert got == code, err
    if message is None:
        assert err == "" and "[ok] invariant inv holds" in out
    else:
        assert err.count("\n") == 1 and re.search(message, err), err


# ---- Quint's compile, and what it reads ------------------------------------------------------------------


def test_quints_compile_is_stopped_at_its_time_bound(fresh_cache, ttt_check, monkeypatch):
    monkeypatch.setattr(frontend, "COMPILE_SECONDS", 0.25)
    code, out, err = ttt_check("--spec", "tests/specs/lamp.qnt")
    assert (code, out) == (3, "")
    assert err == "ttt-check: error: Quint did not compile tests/specs/lamp.qnt within 0.25 s; it was stopped\n"
    assert children() == []  # node was ended, not left running


@pytest.fixture
def importer(tmp_path, monkeypatch):
    """A spec in a fresh folder that imports `name` (Quint adds `.qnt`): ttt-check's answer on it."""
    monkeypatch.setenv("QUINT", str(quint_or_skip().resolve()))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def run(name: str) -> subprocess.CompletedProcess:
        main = tmp_path / "main.qnt"
        main.write_text(f'module main {{\n  import Z.* from "./{name}"\n  var x: int\n  action init = x\' = 0\n'
                        f"  action step = x' = x\n}}\n")
        return console.run("--spec", main.name, cwd=tmp_path, timeout=120)

    return run


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "folder", "too large"])
def test_a_file_the_spec_imports_is_read_as_the_spec_is(importer, tmp_path, kind):
    """Regular files only, of at most 4 MiB: /dev/zero made node take gigabytes, a FIFO hung it."""
    target = tmp_path / "other.qnt"
    if kind == "/dev/zero":
        target.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        with open(target, "wb") as out:  # sparse: takes no disk
            out.truncate(4 * 2**20 + 1)
    done = importer("other")
    reason = {
        "/dev/zero": "not a regular file (a device or a pipe)", "fifo": "not a regular file (a device or a pipe)",
        "folder": "it is a folder, not a file", "too large": "larger than 4194304 bytes, the most ttt-check reads for it",
    }[kind]  # fmt: skip
    assert done.returncode == 3 and done.stdout == ""
    assert "Error [QNT013]: import ... from './other': could not load" in done.stderr
    assert "\nother.qnt: " + reason + "\n" in done.stderr
    assert '2:   import Z.* from "./other"' in done.stderr


def test_an_import_within_the_bound_is_read(importer, tmp_path):
    (tmp_path / "other.qnt").write_text("module Z {\n  pure val one = 1\n}\n" + "// padding\n" * 1000)
    done = importer("other")
    assert done.returncode == 0 and done.stderr == "", done.stderr


# ---- names are no format strings ---------------------------------------------------------------------


def renamed(node, names: dict):
    """IR `node` with every name in `names` replaced."""
    if isinstance(node, dict):
        return {key: names.get(value, value) if key == "name" else renamed(value, names) for key, value in node.items()}
    if isinstance(node, list):
        return [renamed(value, names) for value in node]
    return node


def test_names_holding_braces_are_names_only():
    """A forged IR (a cache entry, say) whose nondet names hold `{...}`: explored, drawn and labelled as any."""
    names = {"a": "a{0}", "first": "{first!r}", "d": "{}"}
    source = SOURCES["picks"]
    ir = json.loads((FIXTURES / "picks.json").read_text())
    plain = QuintSpec(ir, str(source.relative_to(ROOT)), source.read_text())
    ir["modules"] = renamed(ir["modules"], names)
    model = QuintSpec(ir, str(source.relative_to(ROOT)), source.read_text())

    def steps(spec, rename=lambda name: name):
        graph = explore(spec, [], check_deadlock=False, keep_graph=True).graph
        return {(s, t, label.path, tuple((rename(n), v) for n, v in label.picks))
                for s in graph for label, t in spec.next_steps(s)}  # fmt: skip

    # the same steps, with the same picks under the new names
    assert steps(model) == steps(plain, names.get) and len(steps(plain)) > 10
    rng = random.Random(5)
    start = model.random_init(rng)
    label, _ = model.random_step(start, rng)
    assert {name for name, _ in label.picks} <= {"{first!r}", "{}"}
    assert {name for name, _ in model.init_label(start).picks} == {"a{0}"}


# ---- SIGTERM ------------------------------------------------------------------------------------------

#: a command whose file takes long to write: it says so on stdout, then waits in the middle of the write
SLOW_WRITE = """
import sys, time, click
from checker.cli.guard import run_guarded
from checker.files import write_atomically

@click.command()
def slow():
    def write(out):
        out.write("new")
        out.flush()
        print("writing", flush=True)
        time.sleep(60)
    write_atomically(target, write)

target, sys.argv = sys.argv[1], ["ttt-check"]
run_guarded(lambda: slow, "ttt-check")
"""


@pytest.mark.parametrize("number, code, said", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_a_signal_mid_write_leaves_no_temporary_file_and_the_old_file_as_it_was(tmp_path, number, code, said):
    target = tmp_path / "out.json"
    target.write_text("old")
    process = subprocess.Popen([sys.executable, "-c", SLOW_WRITE, str(target)], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert process.stdout.readline() == "writing\n"
    assert len(list(tmp_path.glob(".tmp-*.part"))) == 1  # the write under way
    process.send_signal(number)
    err = process.stderr.read()
    assert (process.wait(timeout=30), err) == (code, f"ttt-check: {said}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"] and target.read_text() == "old"


@pytest.mark.parametrize("delay", [0.3, 0.6])
def test_sigterm_while_a_check_runs_is_one_line_and_exit_143(delay):
    process = subprocess.Popen(
        [str(console.TTT_CHECK), "--spec", "random", "--temporal", "GameEventuallyEnds"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGTERM)
    err = process.stderr.read()
    code = process.wait()
    assert (code, err) in [(143, "ttt-check: terminated\n"), (0, "")]  # or it finished first


def test_a_signal_that_python_wrapped_in_another_error_still_stops_the_command():
    """SIGTERM while networkx was being imported reached the handler inside a class being made, and Python
    raised it as RuntimeError ("Error calling __set_name__"): an internal error, exit 70, instead of 143."""
    from checker.cli.guard import _caused_by_a_signal

    class Interrupting:
        def __set_name__(self, owner, name):
            raise KeyboardInterrupt

    with pytest.raises(BaseException) as raised:
        type("Made", (), {"adj": Interrupting()})
    assert _caused_by_a_signal(raised.value)
    assert not _caused_by_a_signal(RuntimeError("a bug"))


def test_sigterm_once_the_entry_module_is_loaded_is_one_line_and_exit_143():
    code = "import os, signal, time, model.commands.main; os.kill(os.getpid(), signal.SIGTERM); time.sleep(10)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, cwd=ROOT)
    assert (done.returncode, done.stderr) == (143, "ttt-check: terminated\n")


def test_sigterm_ends_the_explorers_quint_with_it(tmp_path):
    """The expression box's REPL (a node process) ends with the server, not left behind."""
    import http.client
    import re

    quint_or_skip()
    process = subprocess.Popen([str(console.TTT_CHECK), "explore", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/")
        token = re.search(r'"explorer-token" content="([^"]+)"', connection.getresponse().read().decode())[1]
        connection.request("GET", "/api/eval/0?expr=gameOver", headers={"X-Explorer-Token": token})
        assert json.loads(connection.getresponse().read()) == {"expression": "gameOver", "value": "false"}
        repl = [pid for pid in map(str, descendants(process.pid))]
        assert repl  # Quint's REPL runs
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 143 and process.stderr.read() == "ttt-check: terminated\n"
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in repl) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(pid) for pid in repl)
    finally:
        if process.poll() is None:
            process.kill()


def descendants(pid: int) -> list[int]:
    """The processes below `pid` (its children, theirs, ...)."""
    parents = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            parents[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = [], [pid]
    while frontier:
        below = [child for child, parent in parents.items() if parent in frontier]
        found += below
        frontier = below
    return found


def alive(pid: str) -> bool:
    """Whether process `pid` runs (a zombie waiting for its parent does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# ---- Quint text, written once per node ------------------------------------------------------------------


def test_quint_text_of_a_long_chain_is_written_node_by_node():
    """A definition is shown as Quint text (`--list`, a counterexample's invariant): each node written once,
    so a chain of 25 matches, field reads or method calls takes 25 steps, not 2^25."""
    from checker.quint.show import Shower

    class Counting(Shower):
        calls = 0

        def text(self, e):
            Counting.calls += 1
            return super().text(e)

    def name(text, node_id):
        return {"kind": "name", "name": text, "id": node_id}

    def lam(param, body, node_id):
        return {"kind": "lambda", "params": [{"name": param, "id": -node_id}], "qualifier": "def", "expr": body, "id": node_id}

    levels = 25
    def field(e, i):
        return {"kind": "app", "opcode": "field", "id": i, "args": [e, {"kind": "str", "value": "a", "id": -i}]}

    def method(e, i):
        return {"kind": "app", "opcode": "map", "id": i, "args": [e, lam("y", name("y", 10 * i), i + 0.5)]}

    def match(e, i):
        zero = {"kind": "int", "value": "0", "id": 10 * i + 1}
        return {"kind": "app", "opcode": "matchVariant", "id": i, "args": [
            e, {"kind": "str", "value": "Some", "id": -i}, lam("v", name("v", 10 * i), i + 0.5),
            {"kind": "str", "value": "None", "id": -i - 0.5}, lam("_", zero, i + 0.25),
        ]}  # fmt: skip

    levels = 25
    chains = {  # the text written -> (the innermost name, how each level wraps the one inside)
        "x" + ".a" * levels: ("x", field),
        "S" + ".map(y => y)" * levels: ("S", method),
        chain(lambda e, i: f"match {e} {{ | Some(v) => v | None => 0 }}", levels, "x"): ("x", match),
    }
    for written, (start, make) in chains.items():
        expr = name(start, 0)
        for i in range(1, levels + 1):
            expr = make(expr, i)
        Counting.calls = 0
        assert Counting()(expr) == written
        assert Counting.calls <= 4 * levels + 1
