---------------------------- MODULE kinds_compared ----------------------------
\* A boolean compared with a number inside two values (TLC stops there; Python
\* counts TRUE equal to 1), a few steps in, one per cfg: tuples, sets, records,
\* membership in a set of numbers and in an interval, and a set of 1 and TRUE
\* (one element to Python), written out or made (by a map, \cup, \cap, \,
\* UNION), and a set of 2 and TRUE (TLC cannot order it). Alike holds: the
\* same values compared, which TLC answers.
EXTENDS Integers

VARIABLES x, y

Init == x = 0 /\ y = FALSE

Step(e) == x < 3 /\ x' = x + 1 /\ y' = IF x < 2 THEN y ELSE e

Tuples == Step(<<x = 2>> = <<1>>)
Sets == Step({x = 2} = {1})
Records == Step([a |-> x = 2, b |-> 0] /= [a |-> 1, b |-> 0])
InSet == Step((x = 2) \in {1, 2})
InInterval == Step((x = 2) \in 1..3)
NumberInFlags == Step(1 \in {x = 2})
Enumerated == Step({x - 1, x = 2})
Alike == Step(<<x = 2, 1>> = <<TRUE, 1>> /\ (x = 2) \in {TRUE} /\ [a |-> 1] /= [a |-> 2])
Mapped == Step({IF v = 0 THEN x - 1 ELSE x = 2 : v \in {0, 1}})
Union == Step({x - 1} \cup {x = 2})
Intersection == Step({x - 1} \cap {x = 2})
Difference == Step({x - 1} \ {x = 2})
BigUnion == Step(UNION {{x - 1, 5}, {x = 2}})
Unordered == Step({x, x = 2})
=============================================================================
