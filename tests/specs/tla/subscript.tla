------------------------------ MODULE subscript ------------------------------
\* Fairness of an action that leaves a variable unchosen. TLC decides
\* ENABLED <<A>>_v by reading v' where A's step leaves it: Keep chooses x'
\* unchanged and y' not at all, so WF_x(Keep) asks for nothing (Kept holds),
\* and WF_<<x, y>>(Keep) reads y', which nothing chose: TLC stops (Stopped).
EXTENDS Naturals

VARIABLES x, y

Init == x = 0 /\ y = 0

Keep == x' = x

Next == Keep /\ y' = 1 - y

Spec == Init /\ [][Next]_<<x, y>>

Kept == WF_x(Keep)

Stopped == WF_<<x, y>>(Keep)
=============================================================================
