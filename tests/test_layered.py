"""Liveness level by level (`checker.properties.layered`) against the networkx checker.

On every 3x3 variant and both fairness modes, each property (the specs' own
and one of each other operator) gets the same verdict, a counterexample of
the same length and shape, and the same warning; every lasso is replayed
through the model and the formula evaluated on it directly.
"""

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
from checker.properties.liveness import check_properties
from checker.properties.temporal import StatePredicate, TemporalProperty, always, eventually, leadsTo
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


@pytest.mark.parametrize("fairness", ["weak", "none"])
@pytest.mark.parametrize("spec,stutter", VARIANTS, ids=lambda v: getattr(v, "name", str(v)))
def test_layered_liveness_agrees_with_networkx(spec, stutter, fairness):
    model = spec(stutter=stutter)
    packed = model.pack()
    fast = explore_packed(model, [], check_deadlock=False, packed=packed, check_layers=True)
    assert fast.layered
    graph = explore(model, [], check_deadlock=False, keep_graph=True)
    props = properties(model)
    for mine, theirs in zip(
        check_layered(model, fast, props, fairness, packed), check_properties(model, graph, props, fairness)
    ):
        name = mine.property.name
        assert mine.holds == theirs.holds, name
        if not mine.holds:
            assert len(mine.counterexample) == len(theirs.counterexample), name
            assert mine.counterexample.loop == theirs.counterexample.loop, name
            assert mine.holds_under_weak == theirs.holds_under_weak, name
            assert_counterexample(model, mine.property.formula, mine.counterexample, fairness)


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
