------------------------------- MODULE pluscal -------------------------------
\* A PlusCal algorithm and its translation (java -cp tla2tools.jar pcal.trans
\* pluscal.tla): two processes add one to a shared counter in two steps each,
\* under a lock when UseLock is TRUE; without it, an update may be lost.
EXTENDS Naturals

CONSTANT UseLock

(* --algorithm adders
variables counter = 0, locked = FALSE;

fair process adder \in {1, 2}
variables tmp = 0;
begin
  Acquire:
    await ~UseLock \/ ~locked;
    locked := UseLock;
  Read:
    tmp := counter;
  Write:
    counter := tmp + 1;
    locked := FALSE;
end process;
end algorithm; *)
\* BEGIN TRANSLATION - the hash of the PCal code: PCal-dd63a8fd11c61b177c1355b01345a04f
VARIABLES counter, locked, pc, tmp

vars == << counter, locked, pc, tmp >>

ProcSet == ({1, 2})

Init == (* Global variables *)
        /\ counter = 0
        /\ locked = FALSE
        (* Process adder *)
        /\ tmp = [self \in {1, 2} |-> 0]
        /\ pc = [self \in ProcSet |-> "Acquire"]

Acquire(self) == /\ pc[self] = "Acquire"
                 /\ ~UseLock \/ ~locked
                 /\ locked' = UseLock
                 /\ pc' = [pc EXCEPT ![self] = "Read"]
                 /\ UNCHANGED << counter, tmp >>

Read(self) == /\ pc[self] = "Read"
              /\ tmp' = [tmp EXCEPT ![self] = counter]
              /\ pc' = [pc EXCEPT ![self] = "Write"]
              /\ UNCHANGED << counter, locked >>

Write(self) == /\ pc[self] = "Write"
               /\ counter' = tmp[self] + 1
               /\ locked' = FALSE
               /\ pc' = [pc EXCEPT ![self] = "Done"]
               /\ tmp' = tmp

adder(self) == Acquire(self) \/ Read(self) \/ Write(self)

(* Allow infinite stuttering to prevent deadlock on termination. *)
Terminating == /\ \A self \in ProcSet: pc[self] = "Done"
               /\ UNCHANGED vars

Next == (\E self \in {1, 2}: adder(self))
           \/ Terminating

Spec == /\ Init /\ [][Next]_vars
        /\ \A self \in {1, 2} : WF_vars(adder(self))

Termination == <>(\A self \in ProcSet: pc[self] = "Done")

\* END TRANSLATION - the hash of the generated TLA code (remove to silence divergence warnings): TLA-8205e27f9d4fb156f9e33d4a0f6fa34b
Sum == (\A p \in {1, 2} : pc[p] = "Done") => counter = 2
=============================================================================
