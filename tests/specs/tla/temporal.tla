------------------------------ MODULE temporal ------------------------------
\* A request is granted, then released; a clock ticks on meanwhile. The
\* properties, each in a cfg of its own: [][A]_v, []P, P ~> Q, <>[]P, []<>P,
\* P ~> []Q and [](P => <>[]Q).
EXTENDS Naturals

VARIABLES req, granted, tick

vars == <<req, granted, tick>>

Init == req = FALSE /\ granted = FALSE /\ tick = 0

Ask == ~req /\ ~granted /\ req' = TRUE /\ UNCHANGED <<granted, tick>>
Grant == req /\ ~granted /\ granted' = TRUE /\ req' = FALSE /\ UNCHANGED tick
Release == granted /\ granted' = FALSE /\ UNCHANGED <<req, tick>>
Tick == tick < 2 /\ tick' = tick + 1 /\ UNCHANGED <<req, granted>>

Next == Ask \/ Grant \/ Release \/ Tick

Spec == Init /\ [][Next]_vars /\ WF_vars(Grant) /\ WF_vars(Release) /\ WF_vars(Tick)

\* hold
NoGrantWithoutRequest == [][~granted /\ granted' => req]_vars
NeverBoth == [](~(req /\ granted))
RequestsGranted == req ~> granted
ClockStops == <>[](tick = 2)
ClockReachesTwo == (tick = 1) ~> [](tick = 2)
\* fail: nothing makes Ask happen, and the clock stops
AlwaysAsksAgain == []<>req
ClockNeverStops == []<>(tick < 2)
TickOnlyUp == [][tick' > tick]_vars
GrantKept == [](granted => <>[]granted)
=============================================================================
