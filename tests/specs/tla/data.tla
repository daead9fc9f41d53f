-------------------------------- MODULE data --------------------------------
\* A state of every kind of value, its steps made of the language's
\* constructs: x' \in a function set, a record set, SUBSET and a product;
\* EXCEPT with @ and nested paths; CHOOSE, UNION, DOMAIN, CASE, IF, LET, the
\* sequences' operators, Cardinality, \E and \A over tuples.
EXTENDS Integers, Sequences, FiniteSets

VARIABLES f, r, q, picked

Keys == {"a", "b"}

Init == /\ f \in [Keys -> {0, 1}]
        /\ r \in [pos : {<<0, 0>>}, tags : {{}}]
        /\ q = <<>>
        /\ picked = {}

Bump(k) == /\ f[k] < 2
           /\ f' = [f EXCEPT ![k] = @ + 1]
           /\ r' = [r EXCEPT !.pos[1] = (@ + f[k]) % 2, !.tags = @ \cup {k}]
           /\ UNCHANGED <<q, picked>>

Enqueue == /\ Len(q) < 2
           /\ \E <<k, n>> \in Keys \X {1, 2} : q' = Append(q, [key |-> k, n |-> n])
           /\ UNCHANGED <<f, r, picked>>

Dequeue == /\ q /= <<>>
           /\ LET m == Head(q) IN
                 /\ picked' \in SUBSET (picked \cup {m.key})
                 /\ Cardinality(picked') = Cardinality(picked) + (IF m.key \in picked THEN 0 ELSE 1)
           /\ q' = SubSeq(q, 2, Len(q))
           /\ UNCHANGED <<f, r>>

Sweep == /\ picked = Keys
         /\ picked' = {}
         /\ f' = [k \in DOMAIN f |-> CASE f[k] = 2 -> 0 [] f[k] = 1 -> 1 [] OTHER -> 2]
         /\ r' = [r EXCEPT !.tags = UNION {{}, @ \ Keys}]
         /\ q' = SelectSeq(q, LAMBDA m : m.n = 2) \o <<>>

Next == (\E k \in Keys : Bump(k)) \/ Enqueue \/ Dequeue \/ Sweep

TypeOK == /\ f \in [Keys -> 0..2]
          /\ r.tags \subseteq Keys /\ r.pos \in Seq(Nat) /\ Len(r.pos) = 2
          /\ q \in Seq([key : Keys, n : {1, 2}])
          /\ \A <<k, m>> \in (DOMAIN f) \X (DOMAIN f) : f[k] + f[m] <= 4
          /\ picked \in SUBSET Keys

\* fails: both keys are picked, in a few steps
NotBoth == CHOOSE b \in BOOLEAN : b = (picked /= Keys)
=============================================================================
