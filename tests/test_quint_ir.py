"""The evaluator of Quint's IR on the lecture's specs: the same state graphs as the hand-written model,
and the lecture's exercise (drop Block) counted by the independent enumerator."""

from __future__ import annotations

import json

import pytest

from checker.explore.bfs import explore
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
import enumerator as en
from quint_specs import compiled, spec, state_graph


@pytest.mark.parametrize(
    "name, hand",
    [
        ("tictactoe", lambda: StrategyTicTacToe()),
        ("tictactoe_random", lambda: TicTacToe()),
        ("tictactoe_no_stutter", lambda: StrategyTicTacToe(stutter=False)),
    ],
)
def test_same_state_graph_as_the_hand_written_model(name, hand):
    """States, edges, and the label of every step are the same."""
    ours_states, ours_edges = state_graph(spec(name))
    hand_states, hand_edges = state_graph(hand())
    assert ours_states == hand_states
    assert ours_edges == hand_edges
    assert len(ours_states) == {"tictactoe": 871, "tictactoe_random": 5478, "tictactoe_no_stutter": 871}[name]


def test_labels_read_like_the_hand_models():
    _, edges = state_graph(spec("tictactoe"))
    labels = {label for _, label, _ in edges}
    assert "MoveX › Block  pattern={(3,1),(3,2),(3,3)} coordinate=(3,2)" in labels
    assert "GameOverStutter" in labels
    assert "MoveX › TakeCenter" in labels


#: X's strategy with the Block rule dropped
no_block = en.without_block


def test_dropping_block_lets_o_win_in_six_steps():
    """The lecture's exercise: 1,211 states, and O wins after 6 steps (counted by the enumerator)."""
    reference = en.Game(x_plays=no_block).explore()
    model = spec("tictactoe_no_block")
    result = explore(model, [model.invariants["OHasNotWon"]], keep_going=True)
    assert result.stats.distinct == len(reference.states) == 1211
    trace = result.violations["OHasNotWon"]
    assert len(trace) - 1 == reference.shortest(reference.violating("OHasNotWon")) == 6


def test_the_spec_as_written_holds_where_the_lecture_says():
    model = spec("tictactoe")
    result = explore(model, [model.invariants[name] for name in model.default_invariants])
    assert result.stats.distinct == 871 and not result.violations


def test_without_the_stutter_disjunct_finished_games_deadlock():
    reference = en.Game(x_plays=lambda b, m: [] if en.is_over(b) else en.strategy(b, m), stutter=False).explore()
    result = explore(spec("tictactoe_no_stutter"), check_deadlock=True)
    assert result.deadlock is not None
    assert len(result.deadlock) - 1 == min(reference.distance[s] for s in reference.deadlocks)
    everything = explore(spec("tictactoe_no_stutter"), check_deadlock=False).stats
    assert everything.deadlocks == len(reference.deadlocks) == everything.final


@pytest.mark.parametrize(
    "trace, name",
    [
        ("tictactoe.mbt.itf.json", "tictactoe"),
        ("tictactoe_random.mbt.itf.json", "tictactoe_random"),
        ("tictactoe_random.NotStalemate.itf.json", "tictactoe_random"),
        ("mutex.mbt.itf.json", "mutex"),
        ("jugs.mbt.itf.json", "jugs"),
        ("channel.mbt.itf.json", "channel"),
        ("voting.mbt.itf.json", "voting"),
        ("picks.mbt.itf.json", "picks"),
    ],
)
def test_quints_traces_replay_through_the_evaluator(trace, name):
    """Quint's own traces are behaviours of the evaluated spec, with its mbt:: fields, written as ttt-check writes ITF."""
    from checker.quint.itf import read_trace
    from checker.quint.replay import Replayer
    from quint_specs import ROOT

    folder = "quint" if trace.startswith("tictactoe") else "quint_ir"
    itf = read_trace(str(ROOT / "tests/fixtures" / folder / trace))
    replayed = Replayer(spec(name), []).replay(itf, same_encoding=True)
    assert len(replayed.trace) == len(itf.states) and replayed.mbt


def test_counterexamples_are_written_as_quint_writes_itf():
    """The drop-Block counterexample as ITF with mbt:: fields, read back and replayed with Quint's encoding."""
    from checker.quint.itf import decode_trace, encode_trace
    from checker.quint.replay import Replayer

    model = spec("tictactoe_no_block")
    trace = explore(model, [model.invariants["OHasNotWon"]]).violations["OHasNotWon"]
    document = encode_trace(model, trace, "violation")
    replayed = Replayer(model, [model.invariants["OHasNotWon"]]).replay(decode_trace(document), same_encoding=True)
    assert replayed.trace.states == trace.states and replayed.violated[-1] == ("OHasNotWon",)
    assert document["states"][5]["mbt::actionTaken"] == "MoveX"


@pytest.mark.parametrize("fairness", ["weak", "none"])
@pytest.mark.parametrize("name, hand", [("tictactoe", StrategyTicTacToe), ("tictactoe_random", TicTacToe)])
def test_temporal_verdicts_as_the_hand_written_models(name, hand, fairness):
    """Both temporal definitions: the same verdicts, and lassos of the same length and shape."""
    from checker.properties.liveness import check_properties

    outcomes = []
    for model in (spec(name), hand()):
        result = explore(model, keep_graph=True, check_deadlock=False)
        verdicts = check_properties(model, result, list(model.temporal_properties.values()), fairness)
        outcomes.append(
            [(v.property.name, str(v.property.formula), v.holds, v.counterexample and len(v.counterexample)) for v in verdicts]
        )
    assert outcomes[0] == outcomes[1] and len(outcomes[0]) == 2


def coverage_rows(text: str) -> list[str]:
    """The rows of a coverage table (action › branch, states, steps) and its line of dead branches."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "action › branch" in line)
    end = next(i for i, line in enumerate(lines) if line.startswith("Never taken"))
    return lines[start : end + 1]


@pytest.mark.parametrize("name, registered", [("tictactoe", "strategy"), ("tictactoe_random", "random")])
def test_coverage_declared_from_the_ir_as_the_transcription_declares_it(name, registered, ttt_check, monkeypatch):
    """`--coverage` on the evaluated spec: the same branches, figures and dead branches (none) as the
    transcription's, whose branches are declared by hand (the IR of the fixture stands for Quint's compiler)."""
    from checker.quint import spec_model
    from quint_specs import ROOT

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(spec_model, "compile_spec", compiled(name))
    code, hand, _ = ttt_check("--spec", registered, "--coverage")
    code_qnt, evaluated, _ = ttt_check("--spec", f"specs/{name}.qnt", "--coverage")
    assert code == code_qnt
    assert coverage_rows(evaluated) == coverage_rows(hand)
    assert coverage_rows(hand)[-1] == "Never taken (dead): none"
    if name == "tictactoe":
        figures = {row.split()[-3]: int(row.split()[-2]) for row in coverage_rows(hand)[1:-1] if "›" in row}
        assert {k: figures[k] for k in ("Win", "Block", "SetupWin", "TakeCenter", "StartInCorner")} == {
            "Win": 320, "Block": 72, "SetupWin": 36, "TakeCenter": 28, "StartInCorner": 1,
        }  # fmt: skip


def test_a_dead_branch_of_the_ir_is_named():
    """`if (canTakeCenter) TakeCenter` made `if (false) TakeCenter` in the IR: that branch is declared and never taken."""
    from checker.explore.coverage import Coverage
    from quint_specs import FIXTURES, SOURCES

    ir = json.loads((FIXTURES / "tictactoe.json").read_text())

    def edit(e):
        if isinstance(e, dict):
            if e.get("kind") == "app" and e.get("opcode") == "ite" and e["args"][0] == {**e["args"][0], "kind": "name", "name": "canTakeCenter"}:
                e["args"][0] = {"id": e["args"][0]["id"], "kind": "bool", "value": False}
            for value in e.values():
                edit(value)
        elif isinstance(e, list):
            for value in e:
                edit(value)

    edit(ir)
    from checker.quint.spec_model import QuintSpec

    model = QuintSpec(ir, "specs/tictactoe.qnt", SOURCES["tictactoe"].read_text())
    coverage = Coverage(model)
    explore(model, check_deadlock=False, on_expand=coverage)
    assert [b.path for b in coverage.dead] == [("MoveX", "TakeCenter")]


@pytest.mark.parametrize("name", ["tictactoe", "tictactoe_random", "mutex", "jugs", "channel", "voting", "picks", "dice"])
def test_successors_alone_and_drawn_are_steps_of_the_spec(name):
    """`next_states` is `next_steps` without the labels, and every step `random_step` draws is one of them
    (the three are written apart from one IR, in three modes)."""
    from random import Random

    model = spec(name)
    rng = Random(1)
    for state in list(explore(model, check_deadlock=False, keep_graph=True).graph)[:400]:
        steps = list(model.next_steps(state))
        assert model.next_states(state) == [successor for _, successor in steps]
        for _ in range(3):
            drawn = model.random_step(state, rng)
            assert (drawn is None) == (not steps) and (drawn is None or drawn in steps)


def test_quint_records_the_parameterised_action_and_the_picks_since_the_last_any():
    """As Quint's --mbt traces of tests/specs/voting.qnt and picks.qnt show (tests/fixtures/quint_ir/)."""
    voting, picks = spec("voting"), spec("picks")
    (label, _), *_ = voting.next_steps(voting.init_states()[0])
    assert str(label) == "vote  voter=alice candidate=1" and voting.action_taken(label) == "vote"
    assert [(voting.action_taken(l), voting.mbt_picks(l)) for l, _ in voting.init_steps()] == [
        ("init", {"start": 0}), ("init", {"start": 1}),
    ]  # fmt: skip
    taken = {(str(l), picks.action_taken(l), tuple(picks.mbt_picks(l))) for l, _ in picks.next_steps(picks.init_states()[0])}
    assert ("bump  first=0 d=1", "bump", ("d",)) in taken and ("step#2Stutter  first=1 d=2", "", ("d",)) in taken
