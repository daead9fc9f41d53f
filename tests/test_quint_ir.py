"""The evaluator of Quint's IR on the lecture's specs: the same state graphs as the hand-written model,
and the lecture's exercise (drop Block) counted by the independent enumerator."""

from __future__ import annotations

import pytest

from checker.explore.bfs import explore
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe
import enumerator as en
from quint_specs import spec, state_graph


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
    result = explore(model, [model.invariants["OHasNotWon"]])
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
