---------------------------- MODULE out_of_domain ----------------------------
\* A spec error after a few steps: the sequence is applied outside its domain
\* from the third state on.
EXTENDS Naturals

VARIABLE x

Init == x = 0

Next == x' = x + <<1, 2>>[x + 1]
=============================================================================
