"""The Community Modules on graphs and relations, written in Python: Graphs (edges are pairs <<a, b>>),
UndirectedGraphs (edges are sets {a, b}), Relation (a relation is a boolean function on S \\X S) and
VectorClocks.

A graph is a record `[node |-> N, edge |-> E]`. SimplePath, AreConnectedIn, ConnectedComponents and
Graphs' IsStronglyConnected are computed as TLC's Java code computes them (a search of the graph, an
edge that is no pair of nodes ignored); the other operators as their TLA+ definitions (quoted in each
docstring) say. `Path(G)`, a set of sequences that is infinite as soon as G has a cycle, answers
membership only, as TLC's does.
"""

from __future__ import annotations

import itertools
from collections import deque
from typing import Any, Callable

from checker.tla import community as _c
from checker.tla import runtime as _rt
from checker.tla.errors import TlaError, Unsupported
from checker.tla.lazy import LIMIT as _LIMIT
from checker.tla.lazy import LazySet
from checker.tla.values import Rcd as _Rcd
from checker.tla.values import function as _function

# ---- graphs as records -----------------------------------------------------------------------------------


def _nodes_edges(g, loc) -> tuple[Any, Any]:
    """G.node and G.edge, read as TLA+ reads them."""
    return _rt.field(g, "node", loc), _rt.field(g, "edge", loc)


def _graph(g, op: str, position: int, kind: str, loc) -> tuple[list, list]:
    """The nodes and edges of G (each in TLC's order), checked as TLC's Java code checks a graph."""
    if type(g) is not _Rcd or not isinstance(g.get("node"), (frozenset, LazySet)) \
            or not isinstance(g.get("edge"), (frozenset, LazySet)):
        raise _c.wrong_argument(op, position, f"a {kind} (a record whose node and edge fields are sets)", g, loc)
    return _c.elements_of(g["node"], loc), _c.elements_of(g["edge"], loc)


def _is_record_of_graph(g, loc) -> bool:
    """`G = [node |-> G.node, edge |-> G.edge]`."""
    _nodes_edges(g, loc)
    return type(g) is _Rcd and len(g) == 2


def _pair(edge) -> tuple | None:
    """A directed edge's ends: a pair <<a, b>> (anything else is no edge for TLC's Java code)."""
    return edge if type(edge) is tuple and len(edge) == 2 else None


def _unordered(edge) -> tuple | None:
    """An undirected edge's ends: a set {a, b} or {a} (a loop)."""
    if not isinstance(edge, frozenset) or not 1 <= len(edge) <= 2:
        return None
    ends = _rt.ordered(edge)
    return (ends[0], ends[-1])


def _adjacency(nodes: list, edges: list, ends: Callable, symmetric: bool) -> dict:
    """Each node's successors, in the order of the edges (TLC's order), edges outside the nodes left out."""
    members = set(nodes)
    adjacent: dict = {}
    for edge in edges:
        found = ends(edge)
        if found is None or found[0] not in members or found[1] not in members:
            continue
        a, b = found
        adjacent.setdefault(a, []).append(b)
        if symmetric and a != b:
            adjacent.setdefault(b, []).append(a)
    return adjacent


def _reachable(source, adjacent: dict) -> set:
    seen = {source}
    frontier = deque([source])
    while frontier:
        for succ in adjacent.get(frontier.popleft(), ()):
            if succ not in seen:
                seen.add(succ)
                frontier.append(succ)
    return seen


def _simple_paths(nodes: list, adjacent: dict) -> frozenset:
    found = []

    def extend(path: list, seen: set) -> None:
        found.append(tuple(path))
        if len(found) > _LIMIT:
            raise Unsupported(f"SimplePath: the graph has more than {_LIMIT:,} simple paths", None)
        for succ in adjacent.get(path[-1], ()):
            if succ not in seen:
                seen.add(succ)
                path.append(succ)
                extend(path, seen)
                path.pop()
                seen.remove(succ)

    for start in nodes:
        extend([start], {start})
    return frozenset(found)


def _connected(m, n, nodes: list, adjacent: dict) -> bool:
    if m not in set(nodes) or n not in set(nodes):
        return False
    return m == n or n in _reachable(m, adjacent)


class Paths(LazySet):
    """`Path(G)`: the non-empty sequences of nodes, each two in a row joined by an edge (`joined(a, b)`)."""

    def __init__(self, nodes: Any, joined: Callable[[Any, Any], bool], loc=None):
        self.nodes, self.joined, self.loc = nodes, joined, loc
        self.written = "Path(G)"

    def contains(self, value):
        return (type(value) is tuple and len(value) > 0 and all(v in self.nodes for v in value)
                and all(self.joined(a, b) for a, b in zip(value, value[1:])))

    def size(self):
        return 0 if not self.nodes else None

    def generate(self):
        return iter(())

    def key(self):
        return ("Path", id(self))


def _subsets(members: list, op: str, loc, factor: int = 1):
    if factor * 2 ** len(members) > _LIMIT:
        raise Unsupported(f"{op} would list more than the {_LIMIT:,} sets ttt-check lists", loc)
    for r in range(len(members) + 1):
        yield from itertools.combinations(members, r)


# ---- Graphs (directed) ------------------------------------------------------------------------------------


def is_directed_graph(g, loc):
    """`IsDirectedGraph(G) == G = [node |-> G.node, edge |-> G.edge] /\\ G.edge \\subseteq (G.node \\X G.node)`."""
    if not _is_record_of_graph(g, loc):
        return False
    nodes, edges = g["node"], g["edge"]
    return all(_pair(e) is not None and _rt.member(e[0], nodes, loc) and _rt.member(e[1], nodes, loc)
               for e in _rt.each(edges, loc))


def directed_subgraph(g, loc):
    """`DirectedSubgraph(G) == {H \\in [node : SUBSET G.node, edge : SUBSET (G.node \\X G.node)] : IsDirectedGraph(H)
    /\\ H.edge \\subseteq G.edge}`."""
    nodes, edges = _nodes_edges(g, loc)
    made = set()
    for chosen in _subsets(_c.elements_of(nodes, loc), "DirectedSubgraph", loc):
        inside = set(chosen)
        within = [e for e in _c.elements_of(edges, loc) if _pair(e) is not None and e[0] in inside and e[1] in inside]
        for kept in _subsets(within, "DirectedSubgraph", loc, 2 ** len(inside)):
            made.add(_Rcd({"node": frozenset(chosen), "edge": frozenset(kept)}))
    return frozenset(made)


def transpose(g, loc):
    """`Transpose(G) == [edge |-> { <<e[2], e[1]>> : e \\in G.edge }, node |-> G.node]`."""
    nodes, edges = _nodes_edges(g, loc)
    return _Rcd({"edge": frozenset((_rt.apply(e, 2, loc), _rt.apply(e, 1, loc)) for e in _rt.each(edges, loc)),
                 "node": nodes})


def is_undirected_directed_graph(g, loc):
    """`IsUndirectedGraph(G) == IsDirectedGraph(G) /\\ \\A e \\in G.edge : <<e[2], e[1]>> \\in G.edge` (of Graphs)."""
    return is_directed_graph(g, loc) and all((e[1], e[0]) in g["edge"] for e in _rt.each(g["edge"], loc))


def undirected_directed_subgraph(g, loc):
    """`UndirectedSubgraph(G) == {H \\in DirectedSubgraph(G) : IsUndirectedGraph(H)}` (of Graphs)."""
    return frozenset(h for h in directed_subgraph(g, loc) if is_undirected_directed_graph(h, loc))


def directed_paths(g, loc):
    """`Path(G) == {p \\in Seq(G.node) : p # << >> /\\ \\A i \\in 1..(Len(p)-1) : <<p[i], p[i+1]>> \\in G.edge}`."""
    nodes, edges = _nodes_edges(g, loc)
    return Paths(nodes, lambda a, b: _rt.member((a, b), edges, loc), loc)


def directed_simple_paths(g, loc):
    """`SimplePath(G) == { p \\in Path(G) : \\A i,j \\in 1..Len(p) : p[i] = p[j] => i = j }`."""
    nodes, edges = _graph(g, "SimplePath", 0, "graph", loc)
    return _simple_paths(nodes, _adjacency(nodes, edges, _pair, False))


def directed_connected(m, n, g, loc):
    """`AreConnectedIn(m, n, G) == \\E p \\in Path(G) : (p[1] = m) /\\ (p[Len(p)] = n)`."""
    nodes, edges = _graph(g, "AreConnectedIn", 2, "graph", loc)
    return _connected(m, n, nodes, _adjacency(nodes, edges, _pair, False))


def is_strongly_connected(g, loc):
    """`IsStronglyConnected(G) == \\A m, n \\in G.node : AreConnectedIn(m, n, G)`."""
    nodes, edges = _graph(g, "IsStronglyConnected", 0, "graph", loc)
    if not nodes:
        return True
    forward = _adjacency(nodes, edges, _pair, False)
    backward = _adjacency(nodes, [(e[1], e[0]) for e in edges if _pair(e) is not None], _pair, False)
    return len(_reachable(nodes[0], forward)) == len(nodes) and len(_reachable(nodes[0], backward)) == len(nodes)


def _closure(nodes: list, related: Callable[[Any, Any], bool], reflexive: bool) -> dict:
    """(m, n) -> whether n is reachable from m by steps of `related` (in one step or more; or none, `reflexive`)."""
    reach = {m: {n for n in nodes if related(m, n)} for m in nodes}
    for u in nodes:  # Warshall's algorithm
        for m in nodes:
            if u in reach[m]:
                reach[m] |= reach[u]
    return {(m, n): (reflexive and m == n) or n in reach[m] for m in nodes for n in nodes}


def connections_in(g, loc):
    """`ConnectionsIn(G)`: `[m,n \\in G.node |-> ...]`, TRUE where a path leads from m to n (m = n included),
    computed by Warshall's algorithm as the TLA+ definition does."""
    nodes, edges = _nodes_edges(g, loc)
    return _function(_closure(_c.elements_of(nodes, loc), lambda m, n: _rt.member((m, n), edges, loc), True))


def is_tree_with_root(g, r, loc):
    """`IsTreeWithRoot(G, r) == IsDirectedGraph(G) /\\ r \\in G.node /\\ \\A e \\in G.edge : e[1] # r /\\ \\A f \\in
    G.edge : (e[1] = f[1]) => (e = f) /\\ \\A n \\in G.node : AreConnectedIn(n, r, G)`."""
    if not is_directed_graph(g, loc) or not _rt.member(r, g["node"], loc):
        return False
    edges = _c.elements_of(g["edge"], loc)
    for e in edges:
        if _rt.eq(e[0], r, loc) or any(_rt.eq(e[0], f[0], loc) and not _rt.eq(e, f, loc) for f in edges):
            return False
    nodes, _ = _graph(g, "AreConnectedIn", 2, "graph", loc)
    adjacent = _adjacency(nodes, edges, _pair, False)
    return all(_connected(n, r, nodes, adjacent) for n in nodes)


def graph_union(g, h, loc):
    """`GraphUnion(G, H) == [node |-> G.node \\union H.node, edge |-> G.edge \\union H.edge]`."""
    (gn, ge), (hn, he) = _nodes_edges(g, loc), _nodes_edges(h, loc)
    return _Rcd({"node": _rt.cup(gn, hn, loc), "edge": _rt.cup(ge, he, loc)})


def is_bipartite_with_partitions(g, u, v, loc):
    """`IsBipartiteWithPartitions(G, U, V) == U \\cap V = {} /\\ G.node \\subseteq (U \\cup V) /\\ \\A e \\in G.edge:
    \\/ e[1] \\in U /\\ e[2] \\in V \\/ e[2] \\in U /\\ e[1] \\in V`."""
    nodes, edges = _nodes_edges(g, loc)
    if _rt.cap(u, v, loc) or not _rt.subseteq(nodes, _rt.cup(u, v, loc), loc):
        return False

    def across(e):
        a, b = _rt.apply(e, 1, loc), _rt.apply(e, 2, loc)
        return (_rt.member(a, u, loc) and _rt.member(b, v, loc)) or (_rt.member(b, u, loc) and _rt.member(a, v, loc))

    return all(across(e) for e in _rt.each(edges, loc))


def has_cycle(g, loc):
    """`HasCycle(G) == \\/ \\E n \\in G.node: << n, n >> \\in G.edge \\/ \\E m, n \\in G.node: m # n /\\
    ConnectionsIn(G)[m, n] /\\ ConnectionsIn(G)[n, m]`."""
    nodes, edges = _nodes_edges(g, loc)
    members = _c.elements_of(nodes, loc)
    if any(_rt.member((n, n), edges, loc) for n in members):
        return True
    reach = _closure(members, lambda m, n: _rt.member((m, n), edges, loc), True)
    return any(m != n and reach[m, n] and reach[n, m] for m in members for n in members)


def is_dag(g, loc):
    """`IsDag(G) == IsDirectedGraph(G) /\\ ~HasCycle(G)`."""
    return is_directed_graph(g, loc) and not has_cycle(g, loc)


def successors(g, n, loc):
    """`Successors(G, n) == {m \\in G.node: << n, m >> \\in G.edge}`."""
    nodes, edges = _nodes_edges(g, loc)
    return frozenset(m for m in _rt.each(nodes, loc) if _rt.member((n, m), edges, loc))


def all_successors(g, s, loc):
    """`AllSuccessors(G, S) == UNION {Successors(G, n): n \\in S}`."""
    return frozenset().union(*(successors(g, n, loc) for n in _rt.each(s, loc)))


def predecessors(g, n, loc):
    """`Predecessors(G, n) == {m \\in G.node: << m, n >> \\in G.edge}`."""
    nodes, edges = _nodes_edges(g, loc)
    return frozenset(m for m in _rt.each(nodes, loc) if _rt.member((m, n), edges, loc))


def all_predecessors(g, s, loc):
    """`AllPredecessors(G, S) == UNION {Predecessors(G, n): n \\in S}`."""
    return frozenset().union(*(predecessors(g, n, loc) for n in _rt.each(s, loc)))


def _reaching(g, n, loc, backwards: bool) -> frozenset:
    nodes, edges = _nodes_edges(g, loc)
    members = _c.elements_of(nodes, loc)
    if members and n not in set(members):
        raise TlaError(f"Attempted to apply the transitive closure of G's edges to a pair with the "
                       f"{_rt.described(n)}, which is not a node of G", loc)
    reach = _closure(members, lambda a, b: _rt.member((a, b), edges, loc), False)
    return frozenset(m for m in members if (reach[m, n] if backwards else reach[n, m]))


def ancestors(g, n, loc):
    """`Ancestors(G, n) == LET EdgeRelation == [p \\in G.node \\X G.node |-> <<p[1], p[2]>> \\in G.edge] IN { m \\in
    G.node : TransitiveClosure(EdgeRelation, G.node)[m, n] }`."""
    return _reaching(g, n, loc, True)


def descendants(g, n, loc):
    """`Descendants(G, n) == LET EdgeRelation == [p \\in G.node \\X G.node |-> <<p[1], p[2]>> \\in G.edge] IN { m \\in
    G.node : TransitiveClosure(EdgeRelation, G.node)[n, m] }`."""
    return _reaching(g, n, loc, False)


def in_degree(g, n, loc):
    """`InDegree(G, n) == Cardinality(Predecessors(G, n))`."""
    return len(predecessors(g, n, loc))


def out_degree(g, n, loc):
    """`OutDegree(G, n) == Cardinality(Successors(G, n))`."""
    return len(successors(g, n, loc))


def roots(g, loc):
    """`Roots(G) == {n \\in G.node: Predecessors(G, n) = {}}`."""
    return frozenset(n for n in _rt.each(_rt.field(g, "node", loc), loc) if not predecessors(g, n, loc))


def leaves(g, loc):
    """`Leaves(G) == {n \\in G.node: Successors(G, n) = {}}`."""
    return frozenset(n for n in _rt.each(_rt.field(g, "node", loc), loc) if not successors(g, n, loc))


def empty_graph(loc):
    """`EmptyGraph == [node |-> {}, edge |-> {}]`."""
    return _Rcd({"node": frozenset(), "edge": frozenset()})


def directed_graphs(s, loc):
    """`Graphs(S) == [node: {S}, edge: SUBSET (S \\X S)]`."""
    return _rt.records((("node", frozenset({s})), ("edge", _rt.powerset(_rt.product((s, s), loc), loc))), loc)


# ---- UndirectedGraphs --------------------------------------------------------------------------------------


def _joins(e, nodes, loc, loops: bool) -> bool:
    """`\\E a,b \\in G.node : e = {a,b}` (with `a # b` unless `loops`)."""
    members = _c.elements_of(nodes, loc)
    if not members:
        return False
    _rt.eq(e, frozenset(members[:1]), loc)  # TLC's error for an edge that is no set
    ends = _unordered(e)
    return ends is not None and (loops or len(e) == 2) and all(x in set(members) for x in e)


def is_undirected_graph(g, loc):
    """`IsUndirectedGraph(G) == G = [node |-> G.node, edge |-> G.edge] /\\ \\A e \\in G.edge : \\E a,b \\in G.node : e =
    {a,b}`."""
    return _is_record_of_graph(g, loc) and all(_joins(e, g["node"], loc, True) for e in _rt.each(g["edge"], loc))


def is_loop_free_undirected_graph(g, loc):
    """`IsLoopFreeUndirectedGraph(G) == G = [node |-> G.node, edge |-> G.edge] /\\ \\A e \\in G.edge : \\E a,b \\in
    G.node : a # b /\\ e = {a,b}`."""
    return _is_record_of_graph(g, loc) and all(_joins(e, g["node"], loc, False) for e in _rt.each(g["edge"], loc))


def undirected_subgraph(g, loc):
    """`UndirectedSubgraph(G) == {H \\in [node : SUBSET G.node, edge : SUBSET G.edge] : IsUndirectedGraph(H)}`."""
    nodes, edges = _nodes_edges(g, loc)
    members, all_edges = _c.elements_of(nodes, loc), _c.elements_of(edges, loc)
    made = set()
    for chosen in _subsets(members, "UndirectedSubgraph", loc):
        within = [e for e in all_edges if _joins(e, frozenset(chosen), loc, True)]
        for kept in _subsets(within, "UndirectedSubgraph", loc, 2 ** len(chosen)):
            made.add(_Rcd({"node": frozenset(chosen), "edge": frozenset(kept)}))
    return frozenset(made)


def undirected_paths(g, loc):
    """`Path(G) == {p \\in Seq(G.node) : p # << >> /\\ \\A i \\in 1..(Len(p)-1) : {p[i], p[i+1]} \\in G.edge}`."""
    nodes, edges = _nodes_edges(g, loc)
    return Paths(nodes, lambda a, b: _rt.member(frozenset((a, b)), edges, loc), loc)


def undirected_simple_paths(g, loc):
    """`SimplePath(G) == { p \\in Path(G) : \\A i,j \\in 1..Len(p) : p[i] = p[j] => i = j }`."""
    nodes, edges = _graph(g, "SimplePath", 0, "undirected graph", loc)
    return _simple_paths(nodes, _adjacency(nodes, edges, _unordered, True))


def undirected_connected(m, n, g, loc):
    """`AreConnectedIn(m, n, G) == \\E p \\in Path(G) : (p[1] = m) /\\ (p[Len(p)] = n)`."""
    nodes, edges = _graph(g, "AreConnectedIn", 2, "undirected graph", loc)
    return _connected(m, n, nodes, _adjacency(nodes, edges, _unordered, True))


def connected_components(g, loc):
    """`ConnectedComponents(G)`: the maximal non-empty sets of nodes any two of which a path inside the set
    joins."""
    nodes, edges = _graph(g, "ConnectedComponents", 0, "undirected graph", loc)
    adjacent = _adjacency(nodes, edges, _unordered, True)
    left, made = set(nodes), set()
    for n in nodes:
        if n in left:
            component = _reachable(n, adjacent)
            left -= component
            made.add(frozenset(component))
    return frozenset(made)


def is_strongly_connected_undirected(g, loc):
    """`IsStronglyConnected(G) == ConnectedComponents(G) = {G.node}` (of UndirectedGraphs)."""
    return connected_components(g, loc) == frozenset({_rt.field(g, "node", loc)})


def undirected_graphs(s, loc):
    """`UndirectedGraphs(S) == [node: {S}, edge: SUBSET { {s, t} : <<s,t>> \\in S \\X S }]`."""
    members = _c.elements_of(s, loc)
    pairs = frozenset(frozenset((a, b)) for a in members for b in members)
    return _rt.records((("node", frozenset({s})), ("edge", _rt.powerset(pairs, loc))), loc)


# ---- Relation ------------------------------------------------------------------------------------------------


def _relation(r, loc) -> Callable[[Any, Any], bool]:
    """`R[x, y]`, which must be a boolean."""
    return lambda x, y: _rt.truth(_rt.apply(r, (x, y), loc), loc, "a relation's value R[x, y]")


def _under(op: Callable, loc) -> Callable[[Any, Any], bool]:
    """`[p \\in S \\X S |-> op(p[1], p[2])][x, y]`."""
    return lambda x, y: _rt.truth(op(x, y), loc, "a relation's value op(x, y)")


def _reflexive(rel, members) -> bool:
    return all(rel(x, x) for x in members)


def _irreflexive(rel, members) -> bool:
    return all(not rel(x, x) for x in members)


def _symmetric(rel, members) -> bool:
    return all(rel(x, y) == rel(y, x) for x in members for y in members)


def _antisymmetric(rel, members, loc) -> bool:
    return all(not (rel(x, y) and rel(y, x)) or _rt.eq(x, y, loc) for x in members for y in members)


def _asymmetric(rel, members) -> bool:
    return all(not (rel(x, y) and rel(y, x)) for x in members for y in members)


def _transitive(rel, members) -> bool:
    return all(not (rel(x, y) and rel(y, z)) or rel(x, z) for x in members for y in members for z in members)


def _trichotomous(rel, members, loc) -> bool:
    return all(_rt.eq(x, y, loc) or rel(x, y) or rel(y, x) for x in members for y in members)


def _total(rel, members) -> bool:
    return all(rel(x, y) or rel(y, x) for x in members for y in members)


_PROPERTIES: dict[str, Callable] = {
    "reflexive": lambda rel, m, loc: _reflexive(rel, m),
    "irreflexive": lambda rel, m, loc: _irreflexive(rel, m),
    "symmetric": lambda rel, m, loc: _symmetric(rel, m),
    "antisymmetric": _antisymmetric,
    "asymmetric": lambda rel, m, loc: _asymmetric(rel, m),
    "transitive": lambda rel, m, loc: _transitive(rel, m),
    "strict partial order": lambda rel, m, loc: _irreflexive(rel, m) and _antisymmetric(rel, m, loc)
    and _transitive(rel, m),
    "partial order": lambda rel, m, loc: _reflexive(rel, m) and _antisymmetric(rel, m, loc) and _transitive(rel, m),
    "strict total order": lambda rel, m, loc: _PROPERTIES["strict partial order"](rel, m, loc)
    and _trichotomous(rel, m, loc),
    "total order": lambda rel, m, loc: _PROPERTIES["partial order"](rel, m, loc) and _total(rel, m),
}


def _property(name: str, under: bool, definition: str) -> Callable:
    """The operator that tells whether a relation has property `name`: given as a function R on S \\X S, or
    (`under`) as an operator op(_,_)."""

    def check(relation, s, loc):
        holds_for = _under(relation, loc) if under else _relation(relation, loc)
        return _PROPERTIES[name](holds_for, _c.elements_of(s, loc), loc)

    check.__doc__ = definition
    return check


is_reflexive = _property("reflexive", False, "`IsReflexive(R, S) == \\A x \\in S : R[x,x]`.")
is_reflexive_under = _property("reflexive", True,
    "`IsReflexiveUnder(op(_,_), S) == "
    "IsReflexive([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_irreflexive = _property("irreflexive", False, "`IsIrreflexive(R, S) == \\A x \\in S : ~ R[x,x]`.")
is_irreflexive_under = _property("irreflexive", True,
    "`IsIrreflexiveUnder(op(_,_), S) == "
    "IsIrreflexive([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_symmetric = _property("symmetric", False, "`IsSymmetric(R, S) == \\A x,y \\in S : R[x,y] <=> R[y,x]`.")
is_symmetric_under = _property("symmetric", True,
    "`IsSymmetricUnder(op(_,_), S) == "
    "IsSymmetric([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_antisymmetric = _property("antisymmetric", False,
    "`IsAntiSymmetric(R, S) == "
    "\\A x,y \\in S : R[x,y] /\\ R[y,x] => x=y`.")
is_antisymmetric_under = _property("antisymmetric", True,
    "`IsAntiSymmetricUnder(op(_,_), S) == "
    "IsAntiSymmetric([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_asymmetric = _property("asymmetric", False, "`IsAsymmetric(R, S) == \\A x,y \\in S : ~(R[x,y] /\\ R[y,x])`.")
is_asymmetric_under = _property("asymmetric", True,
    "`IsAsymmetricUnder(op(_,_), S) == "
    "IsAsymmetric([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_transitive = _property("transitive", False,
    "`IsTransitive(R, S) == "
    "\\A x,y,z \\in S : R[x,y] /\\ R[y,z] => R[x,z]`.")
is_transitive_under = _property("transitive", True,
    "`IsTransitiveUnder(op(_,_), S) == "
    "IsTransitive([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_strictly_partially_ordered = _property("strict partial order", False,
    "`IsStrictlyPartiallyOrdered(R, S) == "
    "IsIrreflexive(R, S) /\\ IsAntiSymmetric(R, S) /\\ IsTransitive(R, S)`.")
is_strictly_partially_ordered_under = _property("strict partial order", True,
    "`IsStrictlyPartiallyOrderedUnder(op(_,_), S) == "
    "IsStrictlyPartiallyOrdered([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_partially_ordered = _property("partial order", False,
    "`IsPartiallyOrdered(R, S) == "
    "IsReflexive(R, S) /\\ IsAntiSymmetric(R, S) /\\ IsTransitive(R, S)`.")
is_partially_ordered_under = _property("partial order", True,
    "`IsPartiallyOrderedUnder(op(_,_), S) == "
    "IsPartiallyOrdered([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_strictly_totally_ordered = _property("strict total order", False,
    "`IsStrictlyTotallyOrdered(R, S) == "
    "IsStrictlyPartiallyOrdered(R, S) /\\ \\A x,y \\in S : x # y => R[x,y] \\/ R[y,x]`.")
is_strictly_totally_ordered_under = _property("strict total order", True,
    "`IsStrictlyTotallyOrderedUnder(op(_,_), S) == "
    "IsStrictlyTotallyOrdered([p \\in S \\X S |-> op(p[1], p[2])], S)`.")
is_totally_ordered = _property("total order", False,
    "`IsTotallyOrdered(R, S) == "
    "IsPartiallyOrdered(R, S) /\\ \\A x,y \\in S : R[x,y] \\/ R[y,x]`.")
is_totally_ordered_under = _property("total order", True,
    "`IsTotallyOrderedUnder(op(_,_), S) == "
    "IsTotallyOrdered([p \\in S \\X S |-> op(p[1], p[2])], S)`.")


def transitive_closure(r, s, loc):
    """`TransitiveClosure(R, S) == LET N == Cardinality(S) trcl[n \\in Nat] == [x,y \\in S |-> IF n=0 THEN R[x,y] ELSE
    \\/ trcl[n-1][x,y] \\/ \\E z \\in S : trcl[n-1][x,z] /\\ trcl[n-1][z,y]] IN trcl[N]`."""
    return _function(_closure(_c.elements_of(s, loc), _relation(r, loc), False))


def reflexive_transitive_closure(r, s, loc):
    """`ReflexiveTransitiveClosure(R, S) == LET trcl == TransitiveClosure(R,S) IN [x,y \\in S |-> x=y \\/ trcl[x,y]]`."""
    return _function(_closure(_c.elements_of(s, loc), _relation(r, loc), True))


def is_connected(r, s, loc):
    """`IsConnected(R, S) == LET rtrcl == ReflexiveTransitiveClosure(R,S) IN \\A x,y \\in S : rtrcl[x,y]`."""
    return all(reflexive_transitive_closure(r, s, loc).values()) if _c.elements_of(s, loc) else True


# ---- VectorClocks --------------------------------------------------------------------------------------------


def is_causal_order(log, clock: Callable, loc):
    """`IsCausalOrder(log, clock(_)) == \\A i \\in 1..Len(log) : \\A j \\in 1..(i - 1) : happenedBefore(vcj, vci) \\/
    concurrent(vcj, vci)`, vci and vcj the clocks of log[i] and log[j] filled with 0 over both their domains."""
    log = _c.sequence_of(log, "IsCausalOrder", 0, loc)
    clocks = [dict(_c.pairs_of(clock(entry), "IsCausalOrder", 1, loc)) for entry in log]
    for i in range(len(log)):
        for j in range(i):
            hosts = _c.elements_of(frozenset(clocks[i]) | frozenset(clocks[j]), loc)
            later = [clocks[i].get(h, 0) for h in hosts]
            earlier = [clocks[j].get(h, 0) for h in hosts]
            below = [_rt.lt(a, b, loc) for a, b in zip(earlier, later)]
            above = [_rt.gt(a, b, loc) for a, b in zip(earlier, later)]
            before = all(_rt.le(a, b, loc) for a, b in zip(earlier, later)) and any(below)
            concurrent = any(below[x] and above[y] for x in range(len(hosts)) for y in range(len(hosts)) if x != y)
            if not (before or concurrent):
                return False
    return True


def causal_order(log, clock, node, domain, loc):
    """`CausalOrder(log, clock(_), node(_), domain(_))`: refused (see the message)."""
    raise Unsupported("CausalOrder is not supported: TLC orders concurrent events in the order of a Java hash map, "
                      "which ttt-check cannot reproduce", loc)

