------------------------------ MODULE primed_let ------------------------------
\* A LET definition read primed: v' is v's body read in the next state (x'),
\* not v's value in the current one, so the counter counts to 3.
EXTENDS Naturals

VARIABLE x

Init == x = 0

Next == LET v == x IN x < 3 /\ x' = x + 1 /\ v' = x + 1

Inv == x <= 3
=============================================================================
