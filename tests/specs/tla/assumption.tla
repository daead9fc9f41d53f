----------------------------- MODULE assumption -----------------------------
\* A model whose constant breaks the spec's assumption: TLC stops before the
\* search.
EXTENDS Naturals

CONSTANT N

VARIABLE x

ASSUME N > 5

Init == x = 0

Next == x' = (x + 1) % N
=============================================================================
