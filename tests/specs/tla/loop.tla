-------------------------------- MODULE loop --------------------------------
\* A counter modulo 3 that never reaches 5: TLC's counterexample to <>(x = 5)
\* goes back to the initial state.
EXTENDS Naturals

VARIABLE x

Init == x = 0

Next == x' = (x + 1) % 3

Spec == Init /\ [][Next]_x /\ WF_x(Next)

ReachesFive == <>(x = 5)
=============================================================================
