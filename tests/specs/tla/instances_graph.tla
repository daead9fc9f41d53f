---------------------------- MODULE instances_graph ----------------------------
\* A directed graph on Nodes, given by its successor function Succ: what module
\* instances reads through an operator's parameter and inside LET.
EXTENDS Naturals, FiniteSets

CONSTANTS Nodes, Succ

\* (not checked under P(Succ) == INSTANCE ..., where Succ is a parameter, nor under LET)
ASSUME IsGraph == Succ \in [Nodes -> SUBSET Nodes]

Edges == {e \in Nodes \X Nodes : e[2] \in Succ[e[1]]}

RECURSIVE ReachedFrom(_, _)
ReachedFrom(S, n) == IF n = 0 THEN S ELSE ReachedFrom(S \cup UNION {Succ[m] : m \in S}, n - 1)

Reaches(a, b) == b \in ReachedFrom({a}, Cardinality(Nodes))
=============================================================================
