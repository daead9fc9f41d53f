----------------------------- MODULE precedence -----------------------------
\* \/ and /\ of the same precedence level mixed without parentheses: SANY
\* refuses the spec.
EXTENDS Naturals

VARIABLE x

Init == x = 0 \/ x = 1 /\ x = 2

Next == x' = x
=============================================================================
