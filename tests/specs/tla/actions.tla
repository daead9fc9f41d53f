------------------------------- MODULE actions -------------------------------
\* Actions with arguments passed by name (a variable primed inside the
\* action, a primed expression given as an argument), UNCHANGED of a tuple, of
\* a nested tuple and of a definition, and ENABLED in an invariant.
EXTENDS Naturals, Sequences

VARIABLES inbox, outbox, sent, mode

vars == <<inbox, outbox, sent, mode>>
boxes == <<inbox, outbox>>

Send(box, m) == Len(box) < 2 /\ box' = Append(box, m)
Lose(box) == box /= <<>> /\ box' = Tail(box)
Moved(before, after) == after = before + 1
Toggle(v) == v' = 1 - v

Init == inbox = <<>> /\ outbox = <<>> /\ sent = 0 /\ mode = 0

Next == \/ /\ sent < 3 /\ Send(outbox, sent) /\ Moved(sent, sent') /\ UNCHANGED <<inbox, mode>>
        \/ /\ outbox /= <<>> /\ Send(inbox, Head(outbox)) /\ Lose(outbox) /\ UNCHANGED <<sent, <<mode>>>>
        \/ Lose(inbox) /\ UNCHANGED <<outbox, sent, mode>>
        \/ Toggle(mode) /\ UNCHANGED boxes /\ UNCHANGED sent
        \/ sent = 3 /\ boxes = <<<<>>, <<>>>> /\ sent' = 0 /\ UNCHANGED <<boxes, mode>>

\* a message can always be lost or sent on, unless both boxes are empty
CanMove == (inbox /= <<>> \/ outbox /= <<>>) => ENABLED (Lose(inbox) /\ UNCHANGED <<outbox, sent, mode>>) \/
                                                ENABLED (Lose(outbox) /\ UNCHANGED <<inbox, sent, mode>>)
AlwaysToggles == ENABLED (Toggle(mode) /\ UNCHANGED <<boxes, sent>>)
\* fails: the inbox fills
InboxShort == Len(inbox) < 2
=============================================================================
