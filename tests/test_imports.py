"""The layout's promises about imports, read from the source with `ast` (nothing is imported):
no circles among the project's modules, and every import goes one way, down the layers below."""

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("checker", "model")

#: (a package, the packages it must never import): each layer sees only those below it
LAYERS = [
    ("checker", ["model"]),
    ("checker.model", ["checker.explore", "checker.properties", "checker.games", "checker.quint", "checker.web",
                       "checker.cli"]),
    ("checker.explore", ["checker.cli", "checker.web"]),
    ("checker.properties", ["checker.cli", "checker.web"]),
    ("checker.games", ["checker.cli", "checker.web"]),
    ("checker.quint", ["checker.cli", "checker.web"]),
    ("checker.web", ["checker.cli"]),
    ("model.spec", ["model.players", "model.commands"]),
    ("model.players", ["model.commands"]),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, name: str) -> set[str]:
    """The project's modules `path` imports, anywhere in it (functions included)."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def graph() -> nx.DiGraph:
    modules = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    edges = nx.DiGraph()
    edges.add_nodes_from(modules)
    for name, path in modules.items():
        edges.add_edges_from((name, target) for target in imports(path, name) if target in modules and target != name)
    return edges


def test_no_module_imports_itself_through_others():
    cycles = list(nx.simple_cycles(graph()))
    assert cycles == []


@pytest.mark.parametrize("layer, forbidden", LAYERS, ids=[layer for layer, _ in LAYERS])
def test_imports_go_one_way(layer, forbidden):
    edges = graph()
    wrong = [
        (source, target)
        for source, target in edges.edges
        if (source == layer or source.startswith(layer + "."))
        and any(target == f or target.startswith(f + ".") for f in forbidden)
    ]
    assert wrong == []
