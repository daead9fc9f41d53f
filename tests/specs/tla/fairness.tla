------------------------------ MODULE fairness ------------------------------
\* A light that blinks forever and a switch that can be pressed only while the
\* light is on: weak fairness of Press does not make it happen (Press is
\* never enabled for good), strong fairness does.
VARIABLES on, pressed

vars == <<on, pressed>>

Init == on = FALSE /\ pressed = FALSE

Blink == on' = ~on /\ UNCHANGED pressed

Press == on /\ ~pressed /\ pressed' = TRUE /\ UNCHANGED on

Next == Blink \/ Press

Weak == Init /\ [][Next]_vars /\ WF_vars(Blink) /\ WF_vars(Press)

Strong == Init /\ [][Next]_vars /\ WF_vars(Blink) /\ SF_vars(Press)

Pressed == <>pressed

\* Press's fairness written out, ~on and ~(on /\ ~pressed) for its ENABLED:
\* weak (Weak implies it), then strong (Strong implies it, Weak does not)
PressWeaklyFair == []<>~on \/ []<><<Press>>_vars

PressStronglyFair == []<><<Press>>_vars \/ <>[]~(on /\ ~pressed)
=============================================================================
