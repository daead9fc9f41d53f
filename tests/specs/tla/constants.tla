------------------------------ MODULE constants ------------------------------
\* Constants the cfg gives: a number, a set of model values, an operator
\* replaced by another (Op <- Other), and a definition made a model value
\* (NoOwner = NoOwner: the CHOOSE is never evaluated).
EXTENDS Naturals, FiniteSets

CONSTANTS N, Procs, Weight(_)

VARIABLES owner, load

NoOwner == CHOOSE p : p \notin Procs

Light(p) == 1
Heavy(p) == IF p = CHOOSE q \in Procs : TRUE THEN 2 ELSE 1

Init == owner = NoOwner /\ load = 0

Take(p) == owner = NoOwner /\ load < 8 /\ owner' = p /\ load' = load + Weight(p)
Give == owner /= NoOwner /\ owner' = NoOwner /\ UNCHANGED load

Next == (\E p \in Procs : Take(p)) \/ Give

Bounded == load <= N

OwnerKnown == owner \in Procs \cup {NoOwner}
=============================================================================
