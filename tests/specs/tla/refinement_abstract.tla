------------------------- MODULE refinement_abstract -------------------------
\* The abstract spec refinement.tla implements: a machine that starts, then
\* finishes; fairness makes it finish.
VARIABLES on, done

v == <<on, done>>

Finished == done /\ on = 1

Start == on = 0 /\ on' = 1 /\ UNCHANGED done

\* done' is chosen by \in, on' by UNCHANGED; Finished' reads both once chosen
Finish == on = 1 /\ done' \in {TRUE} /\ UNCHANGED on /\ Finished'

CanFinish == ENABLED Finish

Spec == [][Start \/ Finish]_v /\ WF_v(Finish)

StrongSpec == [][Start \/ Finish]_v /\ SF_v(Finish)
=============================================================================
