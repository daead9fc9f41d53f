------------------------------- MODULE modules -------------------------------
\* Modules of the spec's own: one extended (modules_lib, beside this file), one
\* instantiated four ways (modules_counter): into this module with its variable
\* and constant given, as a named instance, and as a parameterised one.
EXTENDS Naturals, modules_lib

VARIABLES a, b

\* the counter's variable is a, its constant Limit 3: Inc, Reset, AtLimit, Counted
INSTANCE modules_counter WITH count <- a, Limit <- 3

\* the same counter over b, with a limit of 2, read as B!Inc
B == INSTANCE modules_counter WITH count <- b, Limit <- 2

\* the counter over a given expression: C(2)!Counted is a \in 0..2, C(5)!Counted a \in 0..5
C(n) == INSTANCE modules_counter WITH count <- a, Limit <- n

LOCAL Both == <<a, b>>

Init == a = Zero /\ b = Double(Zero)

Next == \/ Inc /\ UNCHANGED b
        \/ B!Inc /\ UNCHANGED a
        \/ AtLimit /\ B!AtLimit /\ Reset /\ B!Reset

Inv == /\ Counted /\ B!Counted
       /\ C(3)!Counted
       /\ Both \in (0..3) \X (0..2)
       /\ IsSmall(a + b)

\* fails once a passes 2
SmallA == C(2)!Counted
=============================================================================
