---------------------------- MODULE two_invariants ----------------------------
\* Three invariants, one violated after three steps, one after five, one never:
\* TLC stops at the first violation and says nothing of the others.
EXTENDS Naturals

VARIABLE x

Init == x = 0
Next == x < 6 /\ x' = x + 1

BelowThree == x < 3
BelowFive == x < 5
NotNegative == x >= 0
=============================================================================
