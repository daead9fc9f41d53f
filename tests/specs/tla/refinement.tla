------------------------------ MODULE refinement ------------------------------
\* Refinement properties through instances that substitute expressions for the
\* abstract variables. TLC decides ENABLED <<Finish>>_v of the abstract fairness
\* with the abstract variables chosen by the step itself (done' \in {TRUE}
\* chooses done'), the unprimed ones being the expressions substituted: so
\* Never!Spec fails although no state makes its `done` true, and
\* Never!CanFinish holds once x = 1 (ENABLED written in the instance is read so).
EXTENDS Naturals

VARIABLES x, y

vars == <<x, y>>

Init == x = 0 /\ y = 0

Next == \/ x = 0 /\ x' = 1 /\ y' = y
        \/ x = 1 /\ y = 0 /\ y' = 1 /\ x' = x

Fair == Init /\ [][Next]_vars /\ WF_vars(Next)

Unfair == Init /\ [][Next]_vars

H == INSTANCE refinement_abstract WITH on <- x, done <- (x = 1 /\ y = 1)

Never == INSTANCE refinement_abstract WITH on <- x, done <- (x = 1 /\ x = 2)

Refines == H!Spec

RefinesStrongly == H!StrongSpec

RefinesNever == Never!Spec

EnabledOnceOn == /\ Never!CanFinish <=> x = 1
                 /\ H!CanFinish <=> x = 1
=============================================================================
