----------------------------- MODULE reductions -----------------------------
\* Three processes, each counting up to 2, and a clock: reduced by SYMMETRY
\* (the processes are interchangeable), by a VIEW (the clock left out), by a
\* CONSTRAINT and by an ACTION_CONSTRAINT, each in a cfg of its own.
EXTENDS Naturals, TLC

CONSTANT Procs

VARIABLES count, clock

vars == <<count, clock>>

Init == count = [p \in Procs |-> 0] /\ clock = 0

Step(p) == count[p] < 2 /\ count' = [count EXCEPT ![p] = @ + 1] /\ clock' = (clock + 1) % 3

Reset(p) == count[p] = 2 /\ count' = [count EXCEPT ![p] = 0] /\ UNCHANGED clock

Next == \E p \in Procs : Step(p) \/ Reset(p)

Perms == Permutations(Procs)

Counts == count

Small == \A p \in Procs : count[p] + clock < 4

OnlyUp == clock' /= 0

\* fails: some process reaches 2
NeverTwo == \A p \in Procs : count[p] < 2
=============================================================================
