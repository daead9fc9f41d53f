-------------------------- MODULE subexpressions_lib --------------------------
\* Definitions whose parts module subexpressions names by position, through an
\* instance (a named one, and one with a parameter).
EXTENDS Naturals

CONSTANT K

Both(a, b) == /\ a < K
              /\ b > a + K

Sum == K + 1 = 2 /\ K * 2 = 4 /\ K - 1 = 0
=============================================================================
