------------------------------ MODULE recursion ------------------------------
\* Recursion in a spec's steps and invariants: a RECURSIVE operator, a
\* recursive function, and a RECURSIVE operator of a LET.
EXTENDS Naturals, Sequences

VARIABLES stack, total

RECURSIVE Sum(_)
Sum(s) == IF s = <<>> THEN 0 ELSE Head(s) + Sum(Tail(s))

fib[n \in 0..6] == IF n < 2 THEN n ELSE fib[n - 1] + fib[n - 2]

Init == stack = <<>> /\ total = 0

Push == Len(stack) < 3 /\ \E n \in 1..2 : stack' = Append(stack, fib[n + 2]) /\ total' = Sum(stack')

Pop == stack /= <<>> /\ stack' = Tail(stack) /\ total' = total - Head(stack)

Next == Push \/ Pop

\* the total is the stack's sum, however it is computed
TotalRight == LET RECURSIVE Add(_, _)
                  Add(s, i) == IF i > Len(s) THEN 0 ELSE s[i] + Add(s, i + 1)
              IN total = Add(stack, 1) /\ total = Sum(stack)

\* fails: the total reaches 6
Under6 == total < 6
=============================================================================
