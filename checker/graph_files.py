"""Write a networkx graph to a file, in the format its extension names.

GraphML and JSON (networkx's node-link form) use networkx's own writers.
networkx writes DOT only through pydot or pygraphviz; DOT is simple enough to
write here, so an export needs neither (nor Graphviz, which only draws it).
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, TextIO

from checker.files import write_atomically

if TYPE_CHECKING:  # networkx loads only when a graph is written
    import networkx as nx

#: extension -> what the format is called
FORMATS = {".dot": "DOT", ".gv": "DOT", ".graphml": "GraphML", ".json": "JSON"}


def graph_format(path: str) -> str:
    """The format `path`'s extension names; ValueError for any other."""
    extension = os.path.splitext(path)[1].lower()
    if extension not in FORMATS:
        raise ValueError(f"cannot tell the format of '{path}': use one of {', '.join(FORMATS)}")
    return FORMATS[extension]


def write_graph(graph: nx.DiGraph, path: str) -> str:
    """Write `graph` to `path` in its extension's format, atomically; the format's name."""
    import networkx as nx

    kind = graph_format(path)
    if kind == "GraphML":
        write_atomically(path, lambda file: nx.write_graphml(graph, file), binary=True)
    elif kind == "JSON":
        data = nx.node_link_data(graph, edges="edges")
        write_atomically(path, lambda file: json.dump(data, file, ensure_ascii=False, indent=1))
    else:
        write_atomically(path, lambda file: write_dot(graph, file))
    return kind


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|-?[0-9]+")
_KEYWORDS = {"node", "edge", "graph", "digraph", "subgraph", "strict"}


def _quote(value) -> str:
    """A DOT ID: as it is when it is a name or an integer, else quoted (quotes and
    backslashes escaped, newlines as `\\n`)."""
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _KEYWORDS:
        return text
    text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{text}"'


def _attributes(data: dict) -> str:
    return " [" + ", ".join(f"{_quote(key)}={_quote(value)}" for key, value in data.items()) + "]" if data else ""


def write_dot(graph: nx.Graph, file: TextIO) -> None:
    """`graph` in Graphviz's DOT language: graph attributes, then nodes, then edges."""
    kind, arrow = ("digraph", "->") if graph.is_directed() else ("graph", "--")
    file.write(f"strict {kind} {{\n")
    for key, value in graph.graph.items():
        file.write(f"  {_quote(key)}={_quote(value)};\n")
    for node, data in graph.nodes(data=True):
        file.write(f"  {_quote(node)}{_attributes(data)};\n")
    for source, target, data in graph.edges(data=True):
        file.write(f"  {_quote(source)} {arrow} {_quote(target)}{_attributes(data)};\n")
    file.write("}\n")
