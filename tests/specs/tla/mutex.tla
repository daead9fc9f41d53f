------------------------------- MODULE mutex -------------------------------
\* Two processes enter a critical section in turn (Peterson's algorithm), in
\* PlusCal: the translation below is the one `pcal.trans` writes.
EXTENDS Integers, Sequences, TLC

(* --algorithm mutex
variables flag = [i \in {0, 1} |-> FALSE], turn = 0;

define
    MutualExclusion == ~(pc[0] = "cs" /\ pc[1] = "cs")
end define;

procedure Enter(me)
begin
  want: flag[me] := TRUE;
  give: turn := 1 - me;
  wait: await ~flag[1 - me] \/ turn = me;
  back: return;
end procedure;

fair process proc \in {0, 1}
begin
  loop: while TRUE do
    enter: call Enter(self);
    cs:    skip;
    leave: flag[self] := FALSE;
  end while;
end process;
end algorithm; *)
\* BEGIN TRANSLATION - the hash of the PCal code: PCal-1d9e3d6b0481f2f9cf0a1bf008667d45
CONSTANT defaultInitValue
VARIABLES flag, turn, pc, stack

(* define statement *)
MutualExclusion == ~(pc[0] = "cs" /\ pc[1] = "cs")

VARIABLE me

vars == << flag, turn, pc, stack, me >>

ProcSet == ({0, 1})

Init == (* Global variables *)
        /\ flag = [i \in {0, 1} |-> FALSE]
        /\ turn = 0
        (* Procedure Enter *)
        /\ me = [ self \in ProcSet |-> defaultInitValue]
        /\ stack = [self \in ProcSet |-> << >>]
        /\ pc = [self \in ProcSet |-> "loop"]

want(self) == /\ pc[self] = "want"
              /\ flag' = [flag EXCEPT ![me[self]] = TRUE]
              /\ pc' = [pc EXCEPT ![self] = "give"]
              /\ UNCHANGED << turn, stack, me >>

give(self) == /\ pc[self] = "give"
              /\ turn' = 1 - me[self]
              /\ pc' = [pc EXCEPT ![self] = "wait"]
              /\ UNCHANGED << flag, stack, me >>

wait(self) == /\ pc[self] = "wait"
              /\ ~flag[1 - me[self]] \/ turn = me[self]
              /\ pc' = [pc EXCEPT ![self] = "back"]
              /\ UNCHANGED << flag, turn, stack, me >>

back(self) == /\ pc[self] = "back"
              /\ pc' = [pc EXCEPT ![self] = Head(stack[self]).pc]
              /\ me' = [me EXCEPT ![self] = Head(stack[self]).me]
              /\ stack' = [stack EXCEPT ![self] = Tail(stack[self])]
              /\ UNCHANGED << flag, turn >>

Enter(self) == want(self) \/ give(self) \/ wait(self) \/ back(self)

loop(self) == /\ pc[self] = "loop"
              /\ pc' = [pc EXCEPT ![self] = "enter"]
              /\ UNCHANGED << flag, turn, stack, me >>

enter(self) == /\ pc[self] = "enter"
               /\ /\ me' = [me EXCEPT ![self] = self]
                  /\ stack' = [stack EXCEPT ![self] = << [ procedure |->  "Enter",
                                                           pc        |->  "cs",
                                                           me        |->  me[self] ] >>
                                                       \o stack[self]]
               /\ pc' = [pc EXCEPT ![self] = "want"]
               /\ UNCHANGED << flag, turn >>

cs(self) == /\ pc[self] = "cs"
            /\ TRUE
            /\ pc' = [pc EXCEPT ![self] = "leave"]
            /\ UNCHANGED << flag, turn, stack, me >>

leave(self) == /\ pc[self] = "leave"
               /\ flag' = [flag EXCEPT ![self] = FALSE]
               /\ pc' = [pc EXCEPT ![self] = "loop"]
               /\ UNCHANGED << turn, stack, me >>

proc(self) == loop(self) \/ enter(self) \/ cs(self) \/ leave(self)

Next == (\E self \in ProcSet: Enter(self))
           \/ (\E self \in {0, 1}: proc(self))

Spec == /\ Init /\ [][Next]_vars
        /\ \A self \in {0, 1} : WF_vars(proc(self)) /\ WF_vars(Enter(self))

\* END TRANSLATION - the hash of the generated TLA code (remove to silence divergence warnings): TLA-27713dbe1c9fcea36ea76ba4c4660792
=============================================================================
