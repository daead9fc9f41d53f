---------------------------- MODULE symmetry_group ----------------------------
\* A SYMMETRY given as the permutations of two sets, Permutations(Procs) \cup
\* Permutations(Values): TLC reduces by the group they generate, which permutes
\* the processes and the values together too (not by the listed ones alone).
EXTENDS TLC

CONSTANTS Procs, Values, None

VARIABLE vote

Init == vote = [p \in Procs |-> None]

Next == \E p \in Procs, v \in Values : vote[p] = None /\ vote' = [vote EXCEPT ![p] = v]

Sym == Permutations(Procs) \cup Permutations(Values)
=============================================================================
