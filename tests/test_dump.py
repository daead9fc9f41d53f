"""`--dump`: the exported state graph, loaded back with networkx (DOT through
pydot, a parser that is not ours), is the exploration's graph: as many nodes and
edges as the check reports, and the same states and steps as the independent
enumerator's (tests/enumerator.py)."""

import json
import os
import re

import networkx as nx
import pytest
from boards import drawn
from enumerator import INVARIANTS, RANDOM, STRATEGY
from hypothesis import given
from test_bfs_toy import Graph, labelled_edges

from checker.explore.bfs import explore
from checker.explore.graph import GraphRecorder
from checker.graph_files import write_graph
from checker.model import Invariant


def load(path: str) -> nx.DiGraph:
    """The graph in `path`, read by networkx; DOT's quoted values unquoted."""
    if path.endswith(".graphml"):
        return nx.read_graphml(path)
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as file:
            return nx.node_link_graph(json.load(file), edges="edges")
    graph = nx.nx_pydot.read_dot(path)
    attributes = [data for _, data in graph.nodes(data=True)] + [data for *_, data in graph.edges(data=True)]
    for data in attributes:
        for key, value in data.items():
            if value.startswith('"'):
                data[key] = value[1:-1].replace("\\n", "\n").replace('\\"', '"')
            elif key == "steps":
                data[key] = int(value)
    return graph


def state_of(board_text: str) -> tuple[str, str]:
    """`("X...O....", "X")` from the board view's drawing."""
    return drawn(board_text), re.search(r"nextTurn: ([XO])", board_text).group(1)


def reported(out: str) -> tuple[int, int]:
    """The distinct states and transitions of the check's statistics line."""
    match = re.search(r"([\d,]+) distinct states, [\d,]+ generated, ([\d,]+) transitions", out)
    return tuple(int(n.replace(",", "")) for n in match.groups())


#: pydot's parser uses pyparsing names that pyparsing now deprecates
PYDOT_WARNINGS = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CASES = [("strategy", STRATEGY, ".graphml"), ("strategy", STRATEGY, ".json")]
CASES += [pytest.param("strategy", STRATEGY, ".dot", marks=PYDOT_WARNINGS)]
CASES += [("random", RANDOM, ".graphml")]


@pytest.mark.parametrize("spec, game, extension", CASES)
def test_the_export_loads_back_as_the_explored_graph(ttt_check, tmp_path, spec, game, extension):
    path = str(tmp_path / f"graph{extension}")
    code, out, err = ttt_check("--spec", spec, "--no-deadlock", "--invariant", "XHasNotWon", "--dump", path)
    assert code == 12 and not err  # X can win in both specs
    graph = load(path)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == reported(out)
    assert os.listdir(tmp_path) == [os.path.basename(path)]  # no temporary file left behind

    exploration = game.explore()
    states = {node: state_of(data["board"]) for node, data in graph.nodes(data=True)}
    assert set(states.values()) == exploration.states
    assert len(states) == len(exploration.states)
    edges = {(states[a], states[b]) for a, b in graph.edges()}
    assert edges == {(s, t) for s, after in exploration.successors.items() for t in after}
    for node, data in graph.nodes(data=True):
        for name, holds in INVARIANTS.items():
            assert str(data[name]) == str(holds(states[node][0])), (node, name)


def test_edges_carry_the_step_and_how_many_steps_join_their_ends(ttt_check, tmp_path):
    path = str(tmp_path / "strategy.json")
    ttt_check("--dump", path)
    graph = load(path)
    start = next(node for node, data in graph.nodes(data=True) if state_of(data["board"]) == ("." * 9, "X"))
    labels = sorted(data["label"] for _, _, data in graph.out_edges(start, data=True))
    assert labels == [f"MoveX › StartInCorner  corner={c}" for c in ("(1,1)", "(1,3)", "(3,1)", "(3,3)")]
    # a step count per edge: together, every step of every state (generated, less the initial state)
    steps = sum(data["steps"] for _, _, data in graph.edges(data=True))
    exploration = STRATEGY.explore()
    assert steps == exploration.generated - 1


@pytest.mark.parametrize(
    "name, message",
    [
        ("graph.png", "cannot tell the format of"),
        (os.path.join("missing", "graph.dot"), "does not exist"),
    ],
)
def test_a_file_it_cannot_write_is_refused_before_exploring(ttt_check, tmp_path, name, message):
    code, out, err = ttt_check("--dump", str(tmp_path / name))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("ttt-check: error: ") and message in err


def numbered(edges) -> Graph:
    """The toy graph model of test_bfs_toy from state 0, its states shown as numbers, with an invariant."""
    model = Graph([0], edges)
    model.views = {"number": lambda state, previous=None: str(state)}
    model.invariants = {"even": Invariant("even", lambda state: state % 2 == 0)}
    return model


@given(labelled_edges)
def test_the_recorded_graph_is_the_reachable_part_of_any_graph(edges):
    model = numbered(edges)
    recorder = GraphRecorder(model)
    stats = explore(model, on_expand=recorder).stats
    graph = recorder.graph
    whole = nx.DiGraph([(a, b) for a, steps in edges.items() for _, b in steps])
    whole.add_node(0)
    reachable = nx.descendants(whole, 0) | {0}
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (stats.distinct, stats.transitions)
    states = {node: int(data["number"]) for node, data in graph.nodes(data=True)}
    assert set(states.values()) == reachable and states[0] == 0
    assert {(states[a], states[b]) for a, b in graph.edges()} == set(whole.subgraph(reachable).edges())
    assert all(data["even"] == (states[node] % 2 == 0) for node, data in graph.nodes(data=True))
    assert sum(data["steps"] for *_, data in graph.edges(data=True)) == sum(len(edges.get(s, [])) for s in reachable)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    path = tmp_path / "graph.graphml"
    path.write_text("the old graph")

    def fail(graph, file):
        file.write(b"half a graph")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(nx, "write_graphml", fail)
    with pytest.raises(OSError):
        write_graph(nx.DiGraph([(0, 1)]), str(path))
    assert path.read_text() == "the old graph"
    assert os.listdir(tmp_path) == ["graph.graphml"]


def canonical(board: str) -> str:
    """Seed 004's representative, computed here: the board of least base-3 value among its 8 images."""
    grid = [board[r * 3 : r * 3 + 3] for r in range(3)]
    images = []
    for _ in range(4):
        grid = ["".join(grid[2 - c][r] for c in range(3)) for r in range(3)]  # a quarter turn
        images += ["".join(grid), "".join(row[::-1] for row in grid)]  # and its mirror image
    value = {".": 0, "X": 1, "O": 2}
    return min(images, key=lambda b: sum(value[ch] * 3**i for i, ch in enumerate(b)))


def test_with_symmetry_the_export_is_the_graph_of_representatives(ttt_check, tmp_path):
    path = str(tmp_path / "graph.graphml")
    code, out, _ = ttt_check("--symmetry", "--no-deadlock", "-i", "OHasNotWon", "--dump", path)
    assert code == 0
    graph = load(path)
    states = {state_of(data["board"]) for _, data in graph.nodes(data=True)}
    classes = {(canonical(board), turn) for board, turn in STRATEGY.explore().states}
    assert all(board == canonical(board) for board, _ in states)  # each node is its class's representative
    assert {(canonical(board), turn) for board, turn in states} == classes
    assert graph.number_of_nodes() == len(classes) == reported(out)[0] == 121
