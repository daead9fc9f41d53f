------------------------------- MODULE settles -------------------------------
\* A counter that counts up to 3 or is reset. Weak fairness of Up alone lets
\* it be reset forever; <>[][Up]_vars (from some state on, only Up steps or
\* none) makes it settle at 3.
EXTENDS Naturals

VARIABLE x

vars == <<x>>

Init == x = 0

Up == x < 3 /\ x' = x + 1

Reset == x > 0 /\ x' = 0

Next == Up \/ Reset

Spec == Init /\ [][Next]_vars /\ WF_vars(Up)

Settled == Spec /\ <>[][Up]_vars

ReachesThree == <>(x = 3)

StaysThree == <>[](x = 3)
=============================================================================
