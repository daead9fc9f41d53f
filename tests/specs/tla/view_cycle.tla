---- MODULE view_cycle ----
\* Under VIEW x, the states (0, 0) and (0, 1) are one: the search keeps (0, 0), whose steps
\* lead on to x = 1 and back, while (0, 1) only stays. The cycle of views is no cycle of states.
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Next == \/ x = 0 /\ y = 0 /\ x' = 1 /\ y' = 0
        \/ x = 1 /\ x' = 0 /\ y' = 1
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
View == x
NeverTwo == <>(x = 2)
====
