------------------------- MODULE numbers_and_booleans -------------------------
\* Numbers beside booleans, which Python counts equal (1 = TRUE, 0 = FALSE) and
\* TLA+ does not: x ranges over {0, 1} as b over BOOLEAN, and y, first 0, may
\* become FALSE: two different states.
EXTENDS Naturals

VARIABLES b, x, y

Init == b \in BOOLEAN /\ x \in {0, 1} /\ y = 0

Flip == b' = ~b /\ x' = 1 - x /\ UNCHANGED y

Next == Flip \/ (y' = FALSE /\ UNCHANGED <<b, x>>)
=============================================================================
