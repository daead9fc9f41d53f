----------------------------- MODULE partial_step -----------------------------
\* Specifying Systems' real-time hour clock, made small: TNext reads the action
\* HCnxt as a condition after hr' is chosen and before t' is, so HCnxt must
\* read only the primed variables it needs.
EXTENDS Naturals

VARIABLES hr, t, now

HCnxt == hr' = IF hr # 3 THEN hr + 1 ELSE 1

TNext == t' = IF HCnxt THEN 0 ELSE t + (now' - now)

Init == hr = 1 /\ t = 0 /\ now = 0

Next == /\ \/ now' \in {r \in 0..3 : r > now} /\ UNCHANGED hr
           \/ UNCHANGED now
        /\ [HCnxt]_hr
        /\ TNext
        /\ t' <= 3

TimerBounded == t <= 2
=============================================================================
