"""Small specs of our own (tests/specs/), evaluated from their IR: each count and verdict against an
independent computation written here (plain Python rules and a breadth-first search, networkx for cycles)."""

from __future__ import annotations

import networkx as nx
import pytest

from checker.explore.bfs import explore
from checker.properties.liveness import check_properties
from lassos import assert_counterexample
from quint_specs import distances, spec


def mutex_steps(state):
    """(pc of a, pc of b, lock) -> successors, by request / enter / leave of either process."""
    for i, name in enumerate("ab"):
        pc, lock = list(state[:2]), state[2]
        if pc[i] == "Idle":
            pc[i] = "Waiting"
            yield (*pc, lock)
        elif pc[i] == "Waiting" and lock == "":
            pc[i] = "Critical"
            yield (*pc, name)
        elif pc[i] == "Critical":
            pc[i] = "Idle"
            yield (*pc, "")


def jug_steps(state):
    small, big = state
    poured_to_big, poured_to_small = min(small, 5 - big), min(big, 3 - small)
    return {(3, big), (small, 5), (0, big), (small, 0),
            (small - poured_to_big, big + poured_to_big), (small + poured_to_small, big - poured_to_small)}  # fmt: skip


def channel_steps(state):
    sent, queue, received = state
    if len(queue) < 2:
        yield (sent + 1) % 3, queue + (sent,), received
    if queue:
        yield sent, queue[1:], queue[0]


def check(name: str, invariants=(), temporal=(), fairness="weak"):
    model = spec(name)
    result = explore(model, [model.invariants[i] for i in invariants], keep_graph=bool(temporal))
    if not temporal:
        return result, {}
    verdicts = check_properties(model, result, [model.temporal_properties[t] for t in temporal], fairness)
    for verdict in verdicts:
        if not verdict.holds:  # the lasso is a behaviour that breaks the formula, checked apart from the checker
            assert_counterexample(model, verdict.property.formula, verdict.counterexample, verdict.fairness)
    return result, {v.property.name: v.holds for v in verdicts}


def test_mutex():
    reference = distances(("Idle", "Idle", ""), mutex_steps)
    result, verdicts = check("mutex", ["mutualExclusion", "nobodyCritical"], ["aGetsIn"])
    assert result.stats.distinct == len(reference) == 8
    assert not any(s[0] == s[1] == "Critical" for s in reference) and "mutualExclusion" not in result.violations
    assert len(result.violations["nobodyCritical"]) - 1 == min(d for s, d in reference.items() if "Critical" in s[:2])
    # a starves on a cycle of b's steps while a waits
    waiting = nx.DiGraph((s, t) for s in reference for t in mutex_steps(s) if s[0] == t[0] == "Waiting" and s != t)
    assert any(True for _ in nx.simple_cycles(waiting)) and verdicts == {"aGetsIn": False}


def test_jugs_puzzle():
    reference = distances((0, 0), jug_steps)
    result, _ = check("jugs", ["NotSolved", "TypeOk"])
    assert result.stats.distinct == len(reference) == 16
    trace = result.violations["NotSolved"]
    assert len(trace) - 1 == min(d for (small, big), d in reference.items() if big == 4) == 6
    assert "TypeOk" not in result.violations


def test_channel_fair_cycle():
    reference = distances((0, (), -1), channel_steps)
    graph = nx.DiGraph((s, t) for s in reference for t in channel_steps(s))
    # under weak fairness every behaviour ends in a cycle of steps (no state may stay: all have a successor)
    ends = [c for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert all(any(s[2] == 2 for s in c) for c in ends) and all(graph.out_degree(s) for s in reference)
    result, verdicts = check("channel", ["inOrder"], ["twoAgainAndAgain", "somethingArrives"], fairness="none")
    assert result.stats.distinct == len(reference) == 12 and not result.violations
    # `weakFair(step, ...) implies` checks under weak fairness even when --fairness is none
    assert verdicts == {"twoAgainAndAgain": True, "somethingArrives": False}


@pytest.mark.parametrize("name", ["mutex", "jugs", "channel"])
def test_labels_name_the_action_and_picks(name):
    model = spec(name)
    labels = {str(label) for label, _ in model.next_steps(model.init_states()[0])}
    expected = {
        "mutex": {"request  p=a", "request  p=b"},
        "jugs": {"FillSmall", "FillBig", "EmptySmall", "EmptyBig", "SmallToBig", "BigToSmall"},
        "channel": {"send"},
    }[name]
    assert labels == expected
