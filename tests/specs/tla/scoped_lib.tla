------------------------------ MODULE scoped_lib ------------------------------
\* A module whose definitions scoped.cfg replaces for it alone.
EXTENDS Naturals

None == CHOOSE v : v \notin Nat

Limit == 9

Step(n) == n + 1

Later(n) == IF Step(n) > Limit THEN None ELSE Step(n)
=============================================================================
