------------------------------- MODULE instances -------------------------------
\* Module instances_graph instantiated through an operator's parameter: in
\* P(Succ) the parameter Succ is substituted for the constant Succ of the same
\* name, in Q(s) explicitly (WITH Succ <- s); and inside LET, where the module's
\* names are read as a module's instance (Nodes is this module's Nodes).
EXTENDS Naturals, FiniteSets

Nodes == 1..3

VARIABLE succ

P(Succ) == INSTANCE instances_graph
Q(s) == INSTANCE instances_graph WITH Succ <- s

Init == succ = [n \in Nodes |-> {}]

Next == \E a \in Nodes, b \in Nodes \ {1} : /\ a # b
                                            /\ b \notin succ[a]
                                            /\ succ' = [succ EXCEPT ![a] = @ \cup {b}]

\* the two instances agree, each given the graph as a bound name or an expression
Agree == /\ \A Succ \in {succ} : P(Succ)!Edges = Q(succ)!Edges
         /\ \A a, b \in Nodes : P(succ)!Reaches(a, b) = Q(succ)!Reaches(a, b)

\* nobody reaches node 1, which has no edge into it
NoneReachesOne == \A a \in Nodes \ {1} : ~P(succ)!Reaches(a, 1)

\* fails once there are three edges
FewEdges == LET G == INSTANCE instances_graph WITH Succ <- succ
            IN  Cardinality(G!Edges) < 3

\* a LET instance with a parameter
Connected(s) == LET R(t) == INSTANCE instances_graph WITH Succ <- t
                IN  \A b \in Nodes \ {1} : R(s)!Reaches(1, b)
NotConnected == ~Connected(succ)
=============================================================================
