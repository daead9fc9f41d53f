------------------------------- MODULE errors -------------------------------
\* TLC's errors while it searches, each a few steps in, one per cfg: a
\* CHOOSE with nothing to choose, a CASE with no true guard, a variable a step
\* leaves unassigned, 0 ^ 0, a record's missing field, a function applied
\* outside its domain.
EXTENDS Integers

VARIABLES x, y

Init == x = 0 /\ y = 0

ChooseNone == x' = CHOOSE n \in 1..3 : n < x - 1 /\ y' = y
CaseNone == x' = (CASE x = 0 -> 1 [] x = 1 -> 2) /\ y' = y
Unassigned == \/ x < 2 /\ x' = x + 1 /\ y' = y
              \/ x = 2 /\ x' = 0
ZeroPower == x' = (IF x < 2 THEN x + 1 ELSE 2) /\ y' = (2 - x') ^ (2 - x')
NoField == x' = x + 1 /\ y' = IF x < 2 THEN y ELSE [a |-> 1].b
OutOfDomain == x' = x + 1 /\ y' = [n \in 0..1 |-> n * 2][x]
=============================================================================
