------------------------------- MODULE values -------------------------------
\* Every kind of value TLC prints, for the tests' reader of TLC's output: integers,
\* strings with escapes, booleans, model values, sets, sequences, records,
\* functions, an interval, a value too long for one line; the invariant fails in
\* the second state.
EXTENDS Integers, Sequences, TLC

CONSTANTS Red, Green

VARIABLES n, text, flags, colours, seq, rec, fun, range, wide

Init ==
    /\ n = -2
    /\ text = "say \"hi\"\\\n"
    /\ flags = {TRUE}
    /\ colours = {Red, Green}
    /\ seq = <<1, <<>>, "a">>
    /\ rec = [name |-> "x", size |-> 0]
    /\ fun = (Red :> 1 @@ Green :> 2)
    /\ range = 1..3
    /\ wide = [i \in 1..12 |-> [row |-> i, cells |-> {i, -i}]]

Next ==
    /\ n' = n + 1
    /\ text' = ""
    /\ flags' = SUBSET {FALSE}
    /\ colours' = {}
    /\ seq' = Append(seq, [k \in {1, 2} |-> k * k])
    /\ rec' = [rec EXCEPT !.size = @ + 1]
    /\ fun' = [c \in {Red} |-> {c}]
    /\ range' = {1..0, 2..2}
    /\ UNCHANGED wide

Inv == n < -1
=============================================================================
