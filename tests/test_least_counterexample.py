"""The shortest counterexample printed is chosen by one rule, the same in every engine.

The rule (docs/reference.md, "Which shortest trace"): of all shortest paths to a violating state, the
least compared step by step from the start; states compared by their Quint values, steps by their
label's action path, then the values it picks, then the state they lead to. It is computed here from
scratch, differently from the checker (forwards, keeping for each state the least path to it at its
depth), over the independent enumerator's game with labels worked out here from the lecture, and over
random labelled graphs. Each engine of a spec must print that trace: the Python transcription, the
packed engine, both under symmetry, and the `.qnt` evaluated from its IR (the fixture Quint wrote).
"""

from __future__ import annotations

import random
from functools import lru_cache

import enumerator
import pytest
import quint_specs
from boards import flat
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.explore.bfs import explore
from checker.explore.packed import explore_packed
from checker.model import Invariant, Label, Model
from checker.properties.layered import check_layered
from checker.properties.liveness import check_properties
from checker.properties.temporal import StatePredicate, TemporalProperty, always
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe

INVARIANTS = ("XHasNotWon", "OHasNotWon", "NotStalemate")

# ---- the lecture's game with its labels, from the enumerator's boards -------------------------------


def coordinate(i: int, n: int = 3) -> tuple[int, int]:
    return (i // n + 1, i % n + 1)


def pattern(line) -> tuple:
    """A set of squares as the rule compares sets: its elements sorted."""
    return tuple(sorted(coordinate(i) for i in line))


def x_branch(board: str, x_plays) -> str:
    """Which branch of MoveX the lecture's strategy takes on `board` (its `if`s in order)."""
    if board == enumerator.EMPTY * 9:
        return "StartInCorner"
    if enumerator.lines_with(board, "X", 2):
        return "Win"
    if x_plays is enumerator.strategy and enumerator.lines_with(board, "O", 2):
        return "Block"
    if board[enumerator.CENTER] == enumerator.EMPTY:
        return "TakeCenter"
    if enumerator.lines_with(board, "X", 1):
        return "SetupWin"
    return "MoveToEmpty"


def labelled_steps(state: tuple, x_plays, stutter: bool) -> list[tuple[tuple, tuple]]:
    """(label, next state) of each step, the label as the rule compares it: (action path, picks)."""
    board, turn = state
    steps = []
    plays = enumerator.any_square if turn == "O" else x_plays
    for line, i in plays(board, turn):
        after = (enumerator.play(board, i, turn), enumerator.OTHER[turn])
        if turn == "O" or x_plays is enumerator.any_square:
            label = ((f"Move{turn}", "MoveToEmpty"), (("coordinate", coordinate(i)),))
        else:
            branch = x_branch(board, x_plays)
            if branch in ("Win", "Block", "SetupWin"):
                picks = (("pattern", pattern(line)), ("coordinate", coordinate(i)))
            else:
                picks = (("corner" if branch == "StartInCorner" else "coordinate", coordinate(i)),)
                picks = () if branch == "TakeCenter" else picks
            label = (("MoveX", branch), picks)
        steps.append((label, after))
    if stutter and enumerator.is_over(board):
        steps.append(((("GameOverStutter",), ()), state))
    return steps


def board_key(state: tuple) -> tuple:
    """A state as the rule compares it: its board's squares row by row (Quint's `Empty` before
    `Occupied(O)` before `Occupied(X)`, as variants compare by tag, then value), then whose turn."""
    board, turn = state
    return tuple(".OX".index(mark) for mark in board), turn


def least_shortest(starts, steps, key, is_target):
    """The rule's trace, computed forwards, level by level: the states of a level ranked by the least
    path to each (the path to the previous level's state it comes from, by rank, then the step's label,
    then the state's key); the first level holding a target gives the target of least rank, and the
    path is followed back. Returns (states, labels), or None when no target is reachable."""
    level = sorted(starts, key=key)
    rank = {s: i for i, s in enumerate(level)}
    back = dict.fromkeys(level)
    while level:
        targets = [s for s in level if is_target(s)]
        if targets:
            states, labels = [min(targets, key=rank.__getitem__)], []
            while back[states[-1]] is not None:
                before, label = back[states[-1]]
                states.append(before)
                labels.append(label)
            return states[::-1], [None, *labels[::-1]]
        reached = {}
        for s in level:
            for label, t in steps(s):
                if t not in rank:
                    candidate = (rank[s], label, key(t))
                    if t not in reached or candidate < reached[t][0]:
                        reached[t] = (candidate, s, label)
        level = sorted(reached, key=lambda t: reached[t][0])
        rank.update((t, i) for i, t in enumerate(level))
        back.update((t, reached[t][1:]) for t in level)
    return None


@lru_cache(maxsize=None)
def expected(x_plays, stutter: bool, target: str) -> tuple:
    """The rule's trace of the lecture's game (`x_plays` for X) to a state violating `target` (an
    invariant's name, or "deadlock"), with labels as the rule compares them."""
    if target == "deadlock":
        def is_target(s):
            return not labelled_steps(s, x_plays, stutter)
    else:
        def is_target(s):
            return not enumerator.INVARIANTS[target](s[0])
    found = least_shortest([enumerator.START], lambda s: labelled_steps(s, x_plays, stutter), board_key, is_target)
    return None if found is None else (tuple(found[0]), tuple(found[1]))


def compared(value):
    """A pick's value as the rule compares it (a set: its elements sorted)."""
    return tuple(sorted(value)) if isinstance(value, frozenset) else value


def shown(model, trace) -> tuple:
    """A trace of a model as the enumerator writes states and the rule compares labels."""
    labels = tuple(
        None if label is None else (label.path, tuple((name, compared(v)) for name, v in label.picks))
        for label in trace.labels
    )
    return tuple(flat(model, s) for s in trace.states), labels


# ---- the engines ------------------------------------------------------------------------------------

HAND = {"strategy": StrategyTicTacToe, "random": TicTacToe}
X_PLAYS = {"strategy": enumerator.strategy, "random": enumerator.any_square, "no_block": enumerator.without_block}


def traces(model, target: str, engines) -> dict:
    """The trace each engine prints for `target` (an invariant, or "deadlock")."""
    found = {}
    for engine in engines:
        symmetry = engine.endswith("symmetry")
        options = dict(check_deadlock=target == "deadlock", symmetry=symmetry)
        invariants = [] if target == "deadlock" else [model.invariants[target]]
        if engine.startswith("packed"):
            result = explore_packed(model, invariants, packed=model.pack(), **options)
        else:
            result = explore(model, invariants, **options)
        found[engine] = result.deadlock if target == "deadlock" else result.violations.get(target)
    return found


ENGINES = ("generic", "generic+symmetry", "packed", "packed+symmetry")


@pytest.mark.parametrize("stutter", [True, False], ids=["stutter", "no-stutter"])
@pytest.mark.parametrize("spec", HAND)
def test_every_engine_of_the_transcription_prints_the_rules_trace(spec, stutter):
    model = HAND[spec](stutter=stutter)
    for target in (*INVARIANTS, *(["deadlock"] if not stutter else [])):
        want = expected(X_PLAYS[spec], stutter, target)
        for engine, trace in traces(model, target, ENGINES).items():
            assert (trace and shown(model, trace)) == want, (spec, target, engine)


@pytest.mark.parametrize(
    "name, x_plays, stutter",
    [("tictactoe", "strategy", True), ("tictactoe_random", "random", True), ("tictactoe_no_block", "no_block", True),
     ("tictactoe_no_stutter", "strategy", False)],
)  # fmt: skip
def test_the_evaluated_spec_prints_the_rules_trace(name, x_plays, stutter):
    """The `.qnt` evaluated (the lecture's two, the lecture's exercise without Block, one that deadlocks)."""
    model = quint_specs.spec(name)
    for target in [*INVARIANTS, *(["deadlock"] if not stutter else [])]:
        trace = traces(model, target, ["generic"])["generic"]
        assert (trace and shown(model, trace)) == expected(X_PLAYS[x_plays], stutter, target), (name, target)
    if x_plays != "no_block":  # the same trace, label for label, as the transcription's
        hand = HAND[x_plays](stutter=stutter)
        for target in INVARIANTS:
            if target == "OHasNotWon" and x_plays == "strategy":
                continue
            mine = traces(model, target, ["generic"])["generic"]
            theirs = traces(hand, target, ["generic"])["generic"]
            assert [model.to_quint(s) for s in mine.states] == [hand.to_quint(s) for s in theirs.states]
            assert list(map(str, mine.labels[1:])) == list(map(str, theirs.labels[1:]))


def test_the_rule_picks_the_first_square_of_a_row_first():
    """What the rule means on the lecture's NotStalemate: X's first corner is (1,1), O's first reply (1,2)."""
    states, labels = expected(enumerator.strategy, True, "NotStalemate")
    assert labels[1] == (("MoveX", "StartInCorner"), (("corner", (1, 1)),))
    assert labels[2] == (("MoveO", "MoveToEmpty"), (("coordinate", (1, 2)),))
    assert len(states) == 10 and enumerator.is_stalemate(states[-1][0])


# ---- N x N: the engines agree, and the free game's trace is the rule's ----------------------------------


def free_game(n: int, k: int):
    """Both players anywhere on n x n, k in a row: (steps, is_won(board, mark)), boards as strings."""
    lines = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * j, c + dc * j) for j in range(k)]
                if all(0 <= a < n and 0 <= b < n for a, b in cells):
                    lines.append([a * n + b for a, b in cells])

    def won(board, mark):
        return any(all(board[i] == mark for i in line) for line in lines)

    def steps(state):
        board, turn = state
        if won(board, "X") or won(board, "O") or "." not in board:
            return [((("GameOverStutter",), ()), state)]
        return [
            (((f"Move{turn}", "MoveToEmpty"), (("coordinate", coordinate(i, n)),)),
             (board[:i] + turn + board[i + 1 :], enumerator.OTHER[turn]))
            for i in range(n * n) if board[i] == "."
        ]  # fmt: skip

    return steps, won


def as_text(model, state, n: int) -> tuple:
    rows = model.to_quint(state)["board"]
    marks = "".join(
        "." if rows[r][c].tag == "Empty" else rows[r][c].value.tag for r in range(1, n + 1) for c in range(1, n + 1)
    )
    return marks, model.to_quint(state)["nextTurn"].tag


def test_on_4x4_the_free_game_prints_the_rules_trace():
    n, k = 4, 3
    steps, won = free_game(n, k)
    states, labels = least_shortest(
        [("." * n * n, "X")], steps, lambda s: (tuple(".OX".index(m) for m in s[0]), s[1]), lambda s: won(s[0], "X")
    )
    model = TicTacToe(n, k)
    for engine, trace in traces(model, "XHasNotWon", ENGINES).items():
        assert [as_text(model, s, n) for s in trace.states] == states, engine
        assert [None if l is None else (l.path, l.picks) for l in trace.labels] == labels, engine


@pytest.mark.parametrize(
    "n, k, target, engines",
    [(4, 3, "XHasNotWon", ENGINES), (4, 3, "NotStalemate", ENGINES[2:]), (4, 4, "XHasNotWon", ENGINES[2:]),
     (5, 3, "XHasNotWon", ENGINES[:2])],
)  # fmt: skip
def test_on_larger_boards_every_engine_of_the_strategy_prints_one_trace(n, k, target, engines):
    """(The generic engine, seconds where the packed one takes a blink, is left out of the longer searches.)"""
    model = StrategyTicTacToe(n, k)
    found = traces(model, target, engines)
    printed = {engine: (trace.states, tuple(map(str, trace.labels))) for engine, trace in found.items()}
    assert len(set(printed.values())) == 1, printed.keys()


# ---- the law, on random labelled graphs ---------------------------------------------------------------------


class Graph(Model):
    """A labelled graph over integer states, listing its steps in an order of its own."""

    name = "graph"

    def __init__(self, starts, edges, bad, seed):
        self.starts, self.edges, self.seed = starts, edges, seed
        self.invariants = {"good": Invariant("good", lambda s: s not in bad)}

    def shuffled(self, items):
        items = list(items)
        random.Random(self.seed).shuffle(items)
        return items

    def init_states(self):
        return self.shuffled(self.starts)

    def next_steps(self, state):
        return iter(self.shuffled((Label((action,), (("pick", pick),)), t) for action, pick, t in self.edges.get(state, ())))


graphs = st.integers(2, 12).flatmap(
    lambda n: st.tuples(
        st.sets(st.integers(0, n - 1), min_size=1, max_size=3),
        st.dictionaries(
            st.integers(0, n - 1),
            st.lists(st.tuples(st.sampled_from(["A", "B"]), st.integers(0, 2), st.integers(0, n - 1)), max_size=5),
        ),
        st.sets(st.integers(0, n - 1), min_size=1),
    )
)


@settings(max_examples=300, deadline=None)
@given(graph=graphs, seeds=st.tuples(st.integers(0, 99), st.integers(0, 99)))
def test_the_trace_is_the_least_shortest_one_whatever_order_steps_are_listed_in(graph, seeds):
    starts, edges, bad = graph

    def labelled(s):
        return [(((action,), (("pick", pick),)), t) for action, pick, t in edges.get(s, ())]

    want = least_shortest(sorted(starts), labelled, lambda s: s, lambda s: s in bad)
    for seed in seeds:
        model = Graph(starts, edges, bad, seed)
        trace = explore(model, [model.invariants["good"]], check_deadlock=False).violations.get("good")
        if want is None:
            assert trace is None
            continue
        assert list(trace.states) == want[0]
        assert [None if l is None else (l.path, l.picks) for l in trace.labels] == want[1]


@settings(max_examples=100, deadline=None)
@given(graph=graphs, seed=st.integers(0, 99))
def test_a_lasso_breaking_always_p_without_fairness_is_the_invariants_trace_then_stutters(graph, seed):
    """`always(P)` under no fairness: the rule's path to a state where P fails, which then repeats."""
    starts, edges, bad = graph
    model = Graph(starts, edges, bad, seed)
    result = explore(model, keep_graph=True, check_deadlock=False)
    never_bad = TemporalProperty("P", always(StatePredicate("good", lambda s: s not in bad)))
    [verdict] = check_properties(model, result, [never_bad], "none")

    def labelled(s):
        return [(((action,), (("pick", pick),)), t) for action, pick, t in edges.get(s, ())]

    want = least_shortest(sorted(starts), labelled, lambda s: s, lambda s: s in bad)
    if want is None:
        assert verdict.holds
        return
    trace = verdict.counterexample
    assert list(trace.states) == want[0] and trace.loop == len(trace) - 1
    assert [None if l is None else (l.path, l.picks) for l in trace.labels] == want[1]


# ---- temporal properties: the same lasso from every engine ----------------------------------------------


@pytest.mark.parametrize("fairness", ["weak", "none"])
@pytest.mark.parametrize("name, spec", [("tictactoe", "strategy"), ("tictactoe_random", "random")])
def test_every_engine_prints_the_same_lasso(name, spec, fairness):
    """The transcription (networkx, and level by level on its packed form) and the evaluated `.qnt`."""
    evaluated, hand = quint_specs.spec(name), HAND[spec]()
    packed = hand.pack()
    layers = explore_packed(hand, [], check_deadlock=False, packed=packed, check_layers=True)
    found = {
        "evaluated": check_properties(evaluated, explore(evaluated, keep_graph=True, check_deadlock=False),
                                      list(evaluated.temporal_properties.values()), fairness),
        "transcription": check_properties(hand, explore(hand, keep_graph=True, check_deadlock=False),
                                          list(hand.temporal_properties.values()), fairness),
        "layered": check_layered(hand, layers, list(hand.temporal_properties.values()), fairness, packed),
    }  # fmt: skip
    models = {"evaluated": evaluated, "transcription": hand, "layered": hand}
    shown_by = {}
    for engine, verdicts in found.items():
        model = models[engine]
        shown_by[engine] = [
            (v.property.name, v.holds)
            + (() if v.holds else (
                [model.to_quint(s) for s in v.counterexample.states], list(map(str, v.counterexample.labels)),
                v.counterexample.loop, v.trigger,
            ))
            for v in verdicts
        ]  # fmt: skip
    assert shown_by["evaluated"] == shown_by["transcription"] == shown_by["layered"]
    assert any(not holds for _, holds, *_ in shown_by["layered"])
