"""The lecture's tic-tac-toe in TLA+ (specs/*.tla and tests/specs/tla/tictactoe_after_win.tla), checked
three ways that share no code: TLC itself (tests/tlc.py), an independent reading of the specs' text
(tests/tla_oracle.py), and the Quint specs' state graphs (tests/enumerator.py).

specs/manifest.json's "tla" section records TLC's figures for each spec and cfg; here they are checked
against TLC run now and against the oracle, and every counterexample TLC prints is replayed through
the oracle's moves.
"""

import json
from pathlib import Path

import enumerator
import pytest
import tla_oracle as oracle
import tlc

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = json.loads((ROOT / "specs" / "manifest.json").read_text())["tla"]["models"]
#: every cfg of a tic-tac-toe spec in TLA+, the project's and the tests'
CONFIGS = sorted((ROOT / "specs").glob("*.cfg")) + sorted((ROOT / "tests/specs/tla").glob("tictactoe*.cfg"))
graph, spec_of, expected = oracle.graph, oracle.spec_of, oracle.expected


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def replays(report: tlc.Report, name: str) -> None:
    """TLC's counterexample is a behaviour of the oracle's graph: Init first, then a move of the action
    TLC names at each step; a lasso stutters at a position with no move."""
    model = graph(name)
    positions = [(state["board"], state["nextTurn"]) for state in report.states]
    assert positions[0] == oracle.INIT and report.trace[0].action is None
    for before, step, after in zip(positions, report.trace[1:], positions[1:]):
        assert (step.action, after) in model.moves[before], f"{step.action} is no move of {name} from {before}"
    if report.loop == "stuttering":
        assert not model.moves[positions[-1]]
    else:
        assert report.loop is None


# ---- the oracle against the Quint specs' graphs (no TLC) --------------------------------------------


def quint_graph(plays) -> dict:
    """The Quint spec's position -> next positions, without its stutter step on finished games."""
    space = enumerator.Game(plays, stutter=False).explore()
    return {state: set(after) for state, after in space.successors.items()}


@pytest.mark.parametrize("name, plays", [("tictactoe", enumerator.strategy), ("tictactoe_random", enumerator.any_square)])
def test_the_tla_spec_has_the_quint_specs_positions_and_moves(name, plays):
    tla, quint = oracle.string_moves(name), quint_graph(plays)
    assert tla == quint
    assert oracle.first_difference(tla, quint) is None and oracle.first_difference(quint, tla) is None


def test_where_a_player_may_move_after_a_win_the_extra_moves_follow_a_win():
    after_win, quint = oracle.string_moves("tictactoe_after_win"), quint_graph(enumerator.any_square)
    assert set(quint) < set(after_win) and oracle.first_difference(quint, after_win) is None
    extra = {(s, t) for s, targets in after_win.items() for t in targets if t not in quint.get(s, set())}
    assert extra and all(enumerator.has_won(s[0], "X") or enumerator.has_won(s[0], "O") for s, _ in extra)
    # the shortest game one spec allows and the other does not: X wins in 5 moves, then O moves
    game = oracle.first_difference(after_win, quint)
    assert len(game) == 7 and enumerator.has_won(game[5][0], "X") and game[5][1] == "O"
    assert all(not enumerator.is_over(board) for board, _ in game[:5])


# ---- the manifest against the oracle (no TLC) -----------------------------------------------------


def test_every_cfg_of_the_lectures_specs_is_in_the_manifest():
    listed = [(entry["spec"], entry["config"]) for entry in MANIFEST]
    assert sorted(listed) == sorted((relative(spec_of(c)), relative(c)) for c in (ROOT / "specs").glob("*.cfg"))
    for entry in MANIFEST:
        default = Path(entry["config"]) == Path(entry["spec"]).with_suffix(".cfg")
        assert entry["command"] == f"ttt-check --spec {entry['spec']}" + ("" if default else f" --config {entry['config']}")


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: Path(e["config"]).name)
def test_the_manifest_agrees_with_the_oracle(entry):
    model, want = graph(Path(entry["spec"]).stem), expected(ROOT / entry["config"])
    assert entry["result"] == tlc.Verdict(want["kind"]).result
    assert entry["violated"] == want["name"]
    if entry["complete"]:
        assert (entry["distinctStates"], entry["totalStates"]) == (model.distinct, model.generated)
        assert entry["stateDepth"] in (model.depth, None)
    else:
        assert entry["distinctStates"] < model.distinct and entry["totalStates"] < model.generated
    if want["kind"] == "temporal":  # TLC's lasso need not be the shortest
        assert entry["counterexampleStates"] >= want["states"] and entry["counterexampleEnd"] == "stuttering"
    else:
        assert entry["counterexampleStates"] == want["states"] and entry["counterexampleEnd"] is None
    if want["kind"] == "invariant":
        assert entry["stateDepth"] == want["states"]


# ---- TLC ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: Path(e["config"]).name)
def test_tlc_gives_the_manifests_figures(entry):
    report = tlc.checked(ROOT / entry["spec"], ROOT / entry["config"])
    assert report.verdict.result == entry["result"], report.output
    assert report.verdict.name == entry["violated"] or report.verdict.kind != "invariant"
    assert (report.distinct, report.generated, report.depth) == (
        entry["distinctStates"], entry["totalStates"], entry["stateDepth"]
    )  # fmt: skip
    assert (report.left == 0) == entry["complete"]
    assert (len(report.trace) or None, report.loop) == (entry["counterexampleStates"], entry["counterexampleEnd"])


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_tlc_agrees_with_the_oracle_and_its_counterexample_is_a_behaviour(config):
    report, want = tlc.checked(spec_of(config), config), expected(config)
    model = graph(spec_of(config).stem)
    assert report.verdict.kind == want["kind"], report.output
    assert report.verdict.name == want["name"]
    if want["kind"] in ("holds", "temporal"):  # TLC saw the whole state space
        assert (report.distinct, report.generated) == (model.distinct, model.generated)
        assert report.depth == (model.depth if want["kind"] == "holds" else None)
    if want["kind"] == "temporal":
        assert len(report.trace) >= want["states"] and report.loop == "stuttering"
        never = oracle.EVENTUALLY[oracle.asked(config)["properties"][0]]
        assert not any(never(p) for p in [(s["board"], s["nextTurn"]) for s in report.states])
    elif want["kind"] != "holds":
        assert len(report.trace) == want["states"]
    if report.trace:
        replays(report, spec_of(config).stem)
    if want["kind"] == "invariant":
        holds = oracle.PREDICATES[want["name"]]
        positions = [(s["board"], s["nextTurn"]) for s in report.states]
        assert not holds(positions[-1]) and all(map(holds, positions[:-1]))
