"""The explored state graph as a networkx graph: for `--dump` and for pictures.

Fed state by state by `explore`'s `on_expand`. Nodes are numbered in the
order they are first seen (0 is the first initial state) and carry the state
in the model's default view (its first), as text under the view's name, and
each invariant's value; an edge carries the label of
the first step (in the model's order) joining its ends, and how many steps do.
Its nodes and edges are the exploration's distinct states and transitions.
"""

from __future__ import annotations

from typing import Hashable

import networkx as nx

from checker.model import Label, Model


class GraphRecorder:
    """Builds `graph`, a `networkx.DiGraph`, from the states `explore` expands."""

    def __init__(self, model: Model):
        self.model = model
        self.graph = nx.DiGraph(spec=model.name)
        self.ids: dict[Hashable, int] = {}
        #: the default view's name and function (other views would only repeat the state at length)
        self.view = next(iter(model.views.items()), None)

    def node(self, state: Hashable) -> int:
        """The id of `state`, numbering it when first seen."""
        found = self.ids.get(state)
        if found is None:
            found = self.ids[state] = len(self.ids)
            self.graph.add_node(found)
        return found

    def __call__(self, state: Hashable, steps: list[tuple[Label, Hashable]]) -> None:
        source = self.node(state)
        attributes = {}
        if self.view is not None:
            name, show = self.view
            attributes[name] = show(state)
        attributes.update({name: inv.holds(state) for name, inv in self.model.invariants.items()})
        self.graph.nodes[source].update(attributes)
        for label, successor in steps:
            target = self.node(successor)
            edge = self.graph.get_edge_data(source, target)
            if edge is None:
                self.graph.add_edge(source, target, label=str(label), steps=1)
            else:
                edge["steps"] += 1
