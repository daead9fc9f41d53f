"""Liveness level by level (`checker.properties.layered`) against the networkx checker.

On every 3x3 variant and both fairness modes, each property (the specs' own
and one of each other operator) gets the same verdict, the same counterexample
(the lasso chosen by one rule, state for state and label for label), and the
same warning; every lasso is replayed
through the model and the formula evaluated on it directly. The same under
fairness conditions of single actions, with [][A]_v and WF/SF as properties.
"""

from functools import lru_cache

import numpy as np
import pytest
from lassos import assert_counterexample

from checker.cli.app import make_cli
from checker.cli.guard import run_guarded
from checker.cli.common import Specs
from checker.explore.bfs import explore
from checker.explore.packed import Expansion, explore_packed
from checker.model import Invariant, Label, Model
from checker.properties import liveness
from checker.properties.layered import check_layered
from checker.properties.liveness import action_fairness, check_properties
from checker.properties.temporal import (
    ActionPredicate,
    Fair,
    Fairness,
    StatePredicate,
    TemporalProperty,
    always,
    eventually,
    fair,
    leadsTo,
)
from model.commands.cli import SPECS
from model.spec.strategy import StrategyTicTacToe
from model.players.kinds import build
from model.spec.tictactoe import TicTacToe

VARIANTS = [(spec, stutter) for spec in (TicTacToe, StrategyTicTacToe) for stutter in (True, False)]


def properties(model):
    won_x = StatePredicate("won(X)", lambda s: model.won(s.board, "X"))
    over = StatePredicate("gameOver", lambda s: model.gameOver(s.board))
    extra = {
        "AlwaysWonX": always(won_x),
        "InfinitelyOftenWonX": always(eventually(won_x)),
        "EventuallyAlwaysWonX": eventually(always(won_x)),
        "EventuallyAlwaysOver": eventually(always(over)),
        "OverLeadsToWonX": leadsTo(over, won_x),
    }
    return [*model.temporal_properties.values(), *(TemporalProperty(n, f) for n, f in extra.items())]


@lru_cache(maxsize=None)
def explored(spec, stutter: bool):
    """(model, packed, its layered exploration, the generic one with its graph)."""
    model = spec(stutter=stutter)
    packed = model.pack()
    fast = explore_packed(model, [], check_deadlock=False, packed=packed, check_layers=True)
    return model, packed, fast, explore(model, [], check_deadlock=False, keep_graph=True)


@pytest.mark.parametrize("fairness", ["weak", "none"])
@pytest.mark.parametrize("spec,stutter", VARIANTS, ids=lambda v: getattr(v, "name", str(v)))
def test_layered_liveness_agrees_with_networkx(spec, stutter, fairness):
    model, packed, fast, graph = explored(spec, stutter)
    assert fast.layered
    props = properties(model)
    for mine, theirs in zip(
        check_layered(model, fast, props, fairness, packed), check_properties(model, graph, props, fairness)
    ):
        name = mine.property.name
        assert mine.holds == theirs.holds, name
        if not mine.holds:
            assert mine.counterexample == theirs.counterexample, name  # the same lasso, state for state
            assert mine.holds_under_weak == theirs.holds_under_weak, name
            assert_counterexample(model, mine.property.formula, mine.counterexample, fairness)


def under_conditions(model) -> dict:
    """Name -> fairness of single actions, as a spec states it."""
    wf_x = action_fairness(model, "MoveX", False, "WF_vars(MoveX)")
    sf_o = action_fairness(model, "MoveO", True, "SF_vars(MoveO)")
    return {
        "WF(MoveX)": Fairness((wf_x,), "WF_vars(Next)"),
        "WF(Next), SF(MoveO)": Fairness((Fair(False, "WF_vars(Next)"), sf_o), "WF_vars(Next)"),
    }


@pytest.mark.parametrize(
    "spec,stutter,fairness",
    [(*variant, fairness) for variant, fairness in zip(VARIANTS, ["WF(MoveX)", "WF(Next), SF(MoveO)"] * 2)],
    ids=lambda v: getattr(v, "name", str(v)),
)
def test_layered_liveness_under_conditions_agrees_with_networkx(spec, stutter, fairness):
    model, packed, fast, graph = explored(spec, stutter)
    conditions = under_conditions(model)[fairness]
    more = {
        "OnlyX": always(ActionPredicate("[MoveX]_vars", action_fairness(model, "MoveX", False, "").step)),
        "FairO": fair(action_fairness(model, "MoveO", False, "WF_vars(MoveO)")),
        "StrongX": fair(action_fairness(model, "MoveX", True, "SF_vars(MoveX)")),
    }
    props = properties(model) + [TemporalProperty(n, f) for n, f in more.items()]
    layered = check_layered(model, fast, props, conditions, packed)
    for mine, theirs in zip(layered, check_properties(model, graph, props, conditions)):
        name = mine.property.name
        assert (mine.holds, mine.line(), mine.holds_under_weak) == (theirs.holds, theirs.line(), theirs.holds_under_weak)
        if mine.holds:
            continue
        trace = mine.counterexample
        assert (trace, mine.trigger) == (theirs.counterexample, theirs.trigger), name
        assert trace.states[0] in list(model.init_states())
        assert all(t in {u for _, u in model.next_steps(s)} for s, t in zip(trace.states, trace.states[1:]))
        if trace.loop is not None:  # it stays in its last state: fair only where no condition's action is enabled
            last = trace.states[-1]
            moves = any(t != last for _, t in model.next_steps(last))
            assert not any(c.enabled(last) if c.enabled else moves for c in conditions.conditions), name
    # X moves, then O: not every step is X's
    assert not next(v for v in layered if v.property.name == "OnlyX").holds


class Ring(Model):
    """0 -> 1 -> ... -> n-1 -> 0, packed: a graph with a cycle, hence not layered."""

    name = "ring"

    def __init__(self, n):
        self.n, self.space, self.dtype = n, n, np.dtype(np.int64)
        self.invariants = self.predicates = {}
        self.packed = self

    def init_states(self):
        return [0]

    def next_steps(self, state):
        yield Label(("inc",)), (state + 1) % self.n

    def encode(self, state):
        return state

    def decode(self, code):
        return code

    def expand(self, codes, symmetry):
        every = np.ones(codes.size, bool)
        return Expansion([(every, (codes + 1) % self.n)], True, codes.size, ~every, every)


def test_the_packed_search_stops_at_a_violation_with_the_deadlock_check_on():
    """A ring of a million states has no deadlock: the violation at step 5 must end the search there."""
    result = explore_packed(Ring(10**6), [Invariant("below5", lambda s: s < 5)])
    assert len(result.violations["below5"]) - 1 == 5
    assert result.stats.per_depth == [1] * 6 and not result.stats.complete


def test_a_cycle_is_noticed():
    assert explore_packed(Ring(4), [], check_layers=True).layered is False
    with pytest.raises(ValueError):
        check_layered(Ring(4), explore_packed(Ring(4), [], check_layers=True), [], "weak")


def packed_3x3(**options):
    """The random spec on 3x3, offering its packed engine (which it keeps for 4x4 otherwise)."""
    model = build(TicTacToe, **options)  # with no --x/--o: the spec itself
    model.packed = model.pack()
    return model


def test_the_command_line_checks_liveness_level_by_level(ttt_check, monkeypatch):
    cli = make_cli(Specs({"random": packed_3x3}, default="random", options=SPECS.options))
    with monkeypatch.context() as patched:  # no networkx graph this time
        patched.setattr(liveness, "check_properties", None)
        code, out, _ = ttt_check("--engine", "packed", "--temporal", "XMustEventuallyWin", main=lambda: run_guarded(lambda: cli, "ttt-check"))
    generic = ttt_check("--engine", "generic", "--temporal", "XMustEventuallyWin", main=lambda: run_guarded(lambda: cli, "ttt-check"))
    assert code == generic[0] == 13
    verdict = [line for line in out.splitlines() if line.startswith("[violation] temporal")]
    assert verdict == [line for line in generic[1].splitlines() if line.startswith("[violation] temporal")]
