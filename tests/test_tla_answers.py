"""ttt-check on the lecture's tic-tac-toe in TLA+ answers as TLC does.

What it must answer comes from TLC (specs/manifest.json's "tla" entries, checked against TLC run now
in test_tla_lecture.py) and from the specs' independent reading (tests/tla_oracle.py), never from
ttt-check's own code. The whole module is skipped, saying so, while ttt-check does not read a .tla
file (it answers that the file is no spec it knows).
"""

import json
import re
import shlex
from pathlib import Path

import pytest
import tla_oracle as oracle

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = json.loads((ROOT / "specs" / "manifest.json").read_text())["tla"]["models"]
#: the test specs' cfgs, checked against the oracle alone
TEST_CONFIGS = sorted((ROOT / "tests/specs/tla").glob("tictactoe*.cfg"))
#: ttt-check's exit code for each result
EXIT = {"success": 0, "deadlock failure": 11, "safety failure": 12, "liveness failure": 13}
KIND = {"holds": "success", "deadlock": "deadlock failure", "invariant": "safety failure", "temporal": "liveness failure"}


@pytest.fixture
def check(ttt_check, monkeypatch):
    """`ttt-check ARGS` from the project's folder: (exit code, what it printed); skipped while ttt-check
    reads no .tla file."""
    monkeypatch.chdir(ROOT)

    def run(*args):
        code, out, err = ttt_check(*args)
        if code == 2 and ("is neither a spec" in err or "No such option '--config'" in err):
            pytest.skip("ttt-check does not read a .tla file yet")
        return code, out + err

    return run


def command(config: Path) -> list[str]:
    spec = oracle.spec_of(config)
    given = ["--spec", str(spec.relative_to(ROOT))]
    return given + ([] if config.stem == spec.stem else ["--config", str(config.relative_to(ROOT))])


def figures(printed: str) -> dict:
    """The distinct states, the depth in steps, and the counterexample's steps ttt-check printed."""
    found = {}
    if counted := re.search(r"^([\d,]+) distinct states.*, depth (\d+);", printed, re.MULTILINE):
        found["distinct"], found["depth"] = int(counted.group(1).replace(",", "")), int(counted.group(2))
    if steps := re.search(r"after (\d+) steps?|(\d+) steps? from an initial state", printed):
        found["steps"] = int(steps.group(1) or steps.group(2))
    return found


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: Path(e["config"]).name)
def test_ttt_check_gives_tlcs_answer(entry, check):
    assert entry["command"].startswith("ttt-check ")
    code, printed = check(*shlex.split(entry["command"])[1:])
    assert code == EXIT[entry["result"]], printed
    if entry["violated"]:
        assert entry["violated"] in printed
    found = figures(printed)
    if entry["complete"]:  # TLC saw every state: so must ttt-check (TLC counts depth in states)
        assert found["distinct"] == entry["distinctStates"]
        if entry["stateDepth"] is not None:
            assert found["depth"] == entry["stateDepth"] - 1
    if entry["result"] in ("safety failure", "deadlock failure"):  # TLC's is a shortest counterexample
        assert found["steps"] == entry["counterexampleStates"] - 1
    if entry["result"] == "liveness failure":  # TLC's lasso need not be the shortest
        shortest = oracle.expected(ROOT / entry["config"])["states"]
        assert shortest - 1 <= found["steps"] <= entry["counterexampleStates"] - 1


@pytest.mark.parametrize("config", TEST_CONFIGS, ids=lambda c: c.name)
def test_ttt_check_answers_as_the_oracle_on_the_test_specs(config, check):
    code, printed = check(*command(config))
    want, model = oracle.expected(config), oracle.graph(oracle.spec_of(config).stem)
    assert code == EXIT[KIND[want["kind"]]], printed
    found = figures(printed)
    if want["kind"] == "holds":
        assert (found["distinct"], found["depth"]) == (model.distinct, model.depth - 1)
    else:
        assert found["steps"] == want["states"] - 1


@pytest.mark.parametrize("entry", [e for e in MANIFEST if e["result"] != "success"], ids=lambda e: Path(e["config"]).name)
def test_every_counterexample_replays_as_a_behaviour_of_the_spec(entry, check, tmp_path):
    trace = tmp_path / "cex.itf.json"
    args = shlex.split(entry["command"])[1:]
    code, printed = check(*args, "--out-itf", str(trace))
    assert code == EXIT[entry["result"]] and trace.is_file(), printed
    code, printed = check("replay", *args, str(trace))
    assert code in (0, 12) and "[ok] The trace is a behaviour" in printed, printed


@pytest.mark.parametrize("quint, tla", [("strategy", "specs/tictactoe.tla"), ("random", "specs/tictactoe_random.tla")])
def test_the_tla_specs_have_the_quint_specs_positions_and_moves(quint, tla, check):
    code, printed = check("compare", quint, tla)
    assert code == 0 and "[same]" in printed, printed
    model = oracle.graph(Path(tla).stem)
    assert f"the same {model.distinct:,} reachable positions" in printed


def test_where_a_player_moves_after_a_win_compare_shows_that_game(check):
    code, printed = check("compare", "random", "tests/specs/tla/tictactoe_after_win.tla")
    assert code == 1 and "[differ] tests/specs/tla/tictactoe_after_win.tla allows a game" in printed, printed
    moves = int(re.search(r"allows a game of (\d+) moves", printed).group(1))
    # the shortest game after a win: X wins in 5 moves, then O moves once more
    assert moves == 6
