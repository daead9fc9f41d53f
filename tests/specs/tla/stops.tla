-------------------------------- MODULE stops --------------------------------
\* Two initial states that count up to 2 and stop there: a deadlock.
EXTENDS Naturals

VARIABLE x

Init == x \in {0, 1}

Next == x < 2 /\ x' = x + 1
=============================================================================
