---------------------------- MODULE booleans_inside ----------------------------
\* Booleans inside values where numbers could be: <<0, {1}>> and <<FALSE, {TRUE}>>,
\* [a |-> 0] and [a |-> FALSE], 0 :> 1 and FALSE :> TRUE are different values to
\* TLC, which Python counts equal; so are the states that hold them, and their views.
EXTENDS Naturals, TLC

VARIABLES p, r, f, n

Init == p = <<0, {1}>> /\ r = [a |-> 0] /\ f = (0 :> 1) /\ n = 0

Next == \/ p' = <<FALSE, {TRUE}>> /\ UNCHANGED <<r, f, n>>
        \/ r' = [a |-> FALSE] /\ UNCHANGED <<p, f, n>>
        \/ f' = (FALSE :> TRUE) /\ UNCHANGED <<p, r, n>>
        \/ n' = (n + 1) % 2 /\ UNCHANGED <<p, r, f>>

View == <<p, n>>
=============================================================================
