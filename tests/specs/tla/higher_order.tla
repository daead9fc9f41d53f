---------------------------- MODULE higher_order ----------------------------
\* Operators that take operators: defined ones and LAMBDAs, in steps and
\* invariants.
EXTENDS Integers, Sequences

VARIABLE s

Map(f, Op(_)) == [i \in DOMAIN f |-> Op(f[i])]
Fold(f, Op(_, _), init) == LET F[i \in 0..Len(f)] == IF i = 0 THEN init ELSE Op(F[i - 1], f[i]) IN F[Len(f)]
Shift(x) == (x + 1) % 3
AllOf(f, P(_)) == \A i \in DOMAIN f : P(f[i])

Init == s = <<0, 1>>

Next == \/ s' = Map(s, Shift)
        \/ s' = Map(s, LAMBDA x : (x * 2) % 3)
        \/ Fold(s, LAMBDA a, b : a + b, 0) > 2 /\ s' = <<0, 1>>

InRange == AllOf(s, LAMBDA x : x \in 0..2)

SumBelow4 == Fold(s, LAMBDA a, b : a + b, 0) < 4
=============================================================================
