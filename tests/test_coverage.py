"""`--coverage`: the figures are recounted by brute force over the boards of
the independent enumerator (tests/enumerator.py), naming each state's branch
of X's strategy here, from the lecture's priority list."""

import re
from collections import Counter

import networkx as nx
import pytest
from enumerator import CENTER, EMPTY, RANDOM, STRATEGY, is_over, lines_with, outcome
from hypothesis import given
from test_bfs_toy import Graph, labelled_edges

from checker.explore.bfs import explore
from checker.explore.coverage import Coverage
from checker.model import Invariant, Label, Model


def strategy_branch(board: str) -> str:
    """The branch of MoveX's `if` chain that decides X's move on `board`."""
    if board == EMPTY * 9:
        return "StartInCorner"
    if lines_with(board, "X", 2):
        return "Win"
    if lines_with(board, "O", 2):
        return "Block"
    if board[CENTER] == EMPTY:
        return "TakeCenter"
    if lines_with(board, "X", 1):
        return "SetupWin"
    return "MoveToEmpty"


def expected_rows(game, branch_of) -> dict:
    """(states, steps) by table row, counted over the enumerator's reachable states."""
    exploration = game.explore()
    rows: dict = {}

    def count(name, steps):
        states, total = rows.get(name, (0, 0))
        rows[name] = (states + 1, total + steps)

    for board, turn in exploration.states:
        steps = game.choices((board, turn))
        moves = [step for step in steps if step[0] != "stutter"]
        if moves:
            action = f"Move{turn}"
            count(action, len(moves))
            count(f"{action} › {branch_of(board) if turn == 'X' else 'MoveToEmpty'}", len(moves))
        if len(moves) < len(steps):
            count("GameOverStutter", 1)
    ends = Counter(outcome(board) for board, _ in exploration.final)
    return rows, len(exploration.states), len(exploration.final), ends


def parse(output: str) -> tuple[dict, int, str, str]:
    """The coverage table as {'MoveX › Win': (states, steps)}, with the states covered and the last lines."""
    section = output[output.index("Coverage over") :]
    covered = int(re.match(r"Coverage over ([\d,]+) reachable states", section).group(1).replace(",", ""))
    rows, action = {}, None
    for line in section.splitlines()[2:]:
        match = re.match(r"  ( *)(›\s)?(\w+)\s+([\d,]+)\s+([\d,]+)$", line)
        if not match:
            continue
        if match.group(2):
            name = f"{action} › {match.group(3)}"
        else:
            name = action = match.group(3)
        rows[name] = tuple(int(n.replace(",", "")) for n in match.group(4, 5))
    dead = re.search(r"^Never taken \(dead\): (.*)$", section, re.M).group(1)
    final = re.search(r"^Final states: (.*)$", section, re.M).group(1)
    return rows, covered, dead, final


@pytest.mark.parametrize(
    "spec, game, branch_of, exit_code",
    # in part 1, `inv` (OHasNotWon) is violated: exit code 12
    [("strategy", STRATEGY, strategy_branch, 0), ("random", RANDOM, lambda board: "MoveToEmpty", 12)],
)
def test_coverage_counts_every_branch_as_the_brute_force_does(ttt_check, spec, game, branch_of, exit_code):
    code, out, err = ttt_check("--spec", spec, "--coverage")
    assert code == exit_code and not err
    rows, covered, dead, final = parse(out)
    expected, states, finals, ends = expected_rows(game, branch_of)
    assert rows == expected
    assert covered == states
    assert dead == "none"
    wins = f"X won {ends['X']:,}, O won {ends['O']:,}, draw {ends['draw']:,}"
    assert final == f"{finals:,} ({wins})"


def test_the_strategy_figures_over_the_states_where_x_is_to_move():
    """The published split of the 489 states where X moves, recounted by the brute force."""
    split = Counter(
        strategy_branch(board)
        for board, turn in STRATEGY.explore().states
        if turn == "X" and not is_over(board)
    )
    assert split == {
        "Win": 320, "Block": 72, "SetupWin": 36, "MoveToEmpty": 32, "TakeCenter": 28, "StartInCorner": 1
    }


def test_coverage_explores_everything_even_after_a_violation(ttt_check):
    code, out, _ = ttt_check("--invariant", "NotStalemate", "--coverage")
    assert code == 12
    rows, covered, _, _ = parse(out)
    assert covered == len(STRATEGY.explore().states)
    assert rows["MoveX › Win"][0] == 320


def test_without_the_stutter_step_the_final_states_are_deadlocks(ttt_check):
    code, out, _ = ttt_check("--no-stutter", "--no-deadlock", "--coverage")
    assert code == 0
    rows, _, dead, final = parse(out)
    assert "GameOverStutter" not in rows and dead == "none"
    assert final.startswith(f"{len(STRATEGY.explore().final):,} ")


class Lamp(Model):
    """off -> on by `press › click`; on -> on by `hold` (not declared); `press › jam` never fires."""

    name = "lamp"
    action_paths = (("press", "click"), ("press", "jam"), ("rest",))
    outcomes = {"lit": lambda state: state == "on", "dark": lambda state: state == "off"}

    def init_states(self):
        return ["off"]

    def next_steps(self, state):
        if state == "off":
            yield Label(("press", "click")), "on"
        else:
            yield Label(("hold",)), "on"


def test_declared_branches_no_step_takes_are_dead_and_undeclared_ones_are_flagged():
    coverage = Coverage(Lamp())
    explore(Lamp(), [Invariant("dark", lambda state: state == "off")], on_expand=coverage)
    assert [" › ".join(b.path) for b in coverage.dead] == ["press › jam", "rest"]
    report = coverage.report()
    assert "Never taken (dead): press › jam, rest" in report
    assert re.search(r"hold  \(not declared by the spec\)\s+1\s+1$", report, re.M)
    assert report.endswith("Final states: 1 (lit 1, dark 0)")


@given(labelled_edges)
def test_on_any_graph_each_action_counts_the_reachable_states_and_steps_that_take_it(edges):
    model = Graph([0], edges)
    model.action_paths = (("a",), ("b",))
    coverage = Coverage(model)
    explore(model, on_expand=coverage)
    whole = nx.DiGraph([(s, t) for s, steps in edges.items() for _, t in steps])
    whole.add_node(0)
    reachable = nx.descendants(whole, 0) | {0}
    for action in "ab":
        taking = [s for s in reachable if any(a == action for a, _ in edges.get(s, []))]
        steps = sum(a == action for s in reachable for a, _ in edges.get(s, []))
        branch = coverage.branches[(action,)]
        assert (branch.states, branch.steps) == (len(taking), steps)
        assert (branch in coverage.dead) == (not taking)
    assert coverage.states == len(reachable)
    assert coverage.final == sum({t for _, t in edges.get(s, [])} <= {s} for s in reachable)


def test_dead_branches_are_unknown_when_the_search_stopped_early(ttt_check):
    code, out, _ = ttt_check("--size", "4", "--coverage", "--max-states", "1000")
    assert code == 4
    assert "Never taken (dead): unknown: the search stopped before every state was explored" in out


def test_a_learned_players_moves_count_under_its_branch(ttt_check, tmp_path):
    policy = tmp_path / "p.json"
    assert ttt_check("learn", "--epochs", "50", "--seed", "1", "--out", policy)[0] == 0
    code, out, _ = ttt_check("--spec", "random", "--o", f"learned:{policy}", "--coverage", "--no-deadlock")
    rows = dict(re.findall(r"^\s+(› \w+|\w+)\s+[\d,]+\s+([\d,]+)$", out, re.MULTILINE))
    assert int(rows["› learned"].replace(",", "")) > 0 and "(not declared by the spec)" not in out
    assert "Never taken (dead): none" in out
