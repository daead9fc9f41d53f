"""Draw the first levels of the strategy spec's state graph: docs/strategy-graph.png.

    python docs/strategy_graph.py [DEPTH] [OUT.png]

The graph is the one `ttt-check --dump` writes (`checker.explore.graph`), cut
to the states at most DEPTH steps (default 3) from the initial state; past the
first step only the first corner's states are kept (the other corners are the
same up to symmetry). It is written as DOT by `checker.graph_files` and drawn
by Graphviz's `dot` (`apt-get install graphviz`); the export itself needs no
Graphviz.
"""

import subprocess
import sys
import tempfile

import networkx as nx

from checker.explore.bfs import explore
from checker.explore.graph import GraphRecorder
from checker.graph_files import write_dot
from model.spec.strategy import StrategyTicTacToe


def squares(board: str) -> str:
    """The board view's drawing without its row and column numbers: `X . .` per row."""
    rows = board.splitlines()[1:]
    return "\n".join(" ".join(row.split()[1:4]) for row in rows)


def main(depth: int = 3, out: str = "docs/strategy-graph.png") -> None:
    model = StrategyTicTacToe()
    recorder = GraphRecorder(model)
    explore(model, on_expand=recorder)
    full = recorder.graph
    first_corner = next(iter(full.successors(0)))
    near = {0: 0, **{node: 1 for node in full.successors(0)}}
    near.update({node: d + 1 for node, d in nx.single_source_shortest_path_length(full, first_corner, depth - 1).items()})
    graph = nx.DiGraph(rankdir="LR", nodesep=0.1, ranksep=0.9)
    for node in near:
        graph.add_node(node, label=squares(full.nodes[node]["board"]), shape="box", fontname="DejaVu Sans Mono")
    for source, target, data in full.subgraph(near).edges(data=True):
        if near[target] == near[source] + 1:
            step = data["label"].split(" › ", 1)[1]  # the action is clear from the turn: keep the branch
            graph.add_edge(source, target, label=step, fontsize=9, fontname="DejaVu Sans")
    with tempfile.NamedTemporaryFile("w", suffix=".dot", encoding="utf-8") as dot:
        write_dot(graph, dot)
        dot.flush()
        subprocess.run(["dot", "-Tpng", "-Gdpi=100", dot.name, "-o", out], check=True)
    print(f"{out}: {graph.number_of_nodes()} states, {graph.number_of_edges()} steps, depth <= {depth}, past depth 1 from one corner")


if __name__ == "__main__":
    main(*(int(a) if a.isdigit() else a for a in sys.argv[1:]))
