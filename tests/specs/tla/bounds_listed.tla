------------------------------ MODULE bounds_listed -----------------------------
\* The sets of a quantifier's bounds are all evaluated before its loops, as TLC
\* does: the second set fails two steps in, though the first is then empty
\* (each read s, bound around them, so neither is computed once for all).
EXTENDS Integers

VARIABLE x

Init == x = 0

Next == x < 3 /\ x' = x + 1

NoPair == \A s \in {x} : ~\E a \in 3..s, b \in {1 \div (2 - s)} : a < b
=============================================================================
