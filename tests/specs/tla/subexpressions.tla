---------------------------- MODULE subexpressions ----------------------------
\* Parts of definitions named by their position, as SANY reads them: Op!n the
\* n-th item of a bulleted list or operand of an operator (a /\ b /\ c is
\* (a /\ b) /\ c), Op!<< and Op!>> the operands of an infix operator, Thm!: a
\* theorem's statement; Op(args)!n with Op's arguments, I!Op!n of an instance.
EXTENDS Naturals, TLC

VARIABLE x

Step == /\ x < 3
        /\ x' = x + 1

Init == x = 0

Next == \/ Step!1 /\ Step!2
        \/ x = 3 /\ x' = 0

Limits == /\ x >= 0
          /\ x < 3

Inv == /\ 1 = 1
       /\ 2 + 3 = 6
       /\ \/ 7 > 8
          \/ 9 * 2 = 18
Op(a, b) == a + b < a * b
Chain == 1 = 1 /\ 2 = 2 /\ 3 = 4
Paren == (1 + 2) * 3

THEOREM Thm == 1 + 1 = 2
ASSUME Thm!:

L == INSTANCE subexpressions_lib WITH K <- 1
M(k) == INSTANCE subexpressions_lib WITH K <- k

Values == << Inv!1, Inv!2, Inv!2!<<, Inv!2!1!2, Inv!3!2, Inv!3!2!>>,
             Op(2, 3)!1, Op(2, 3)!<<!>>, Op(2, 3)!>>!1,
             Chain!1, Chain!2, Chain!1!1, Chain!<<!>>!<<,
             Paren!1, Paren!1!2, Thm!:,
             L!Both(0, 2)!1, L!Both(0, 2)!2!>>, L!Sum!1, L!Sum!2, L!Sum!1!1!<<,
             M(3)!Both(1, 9)!2, M(2)!Sum!1!2!1!1, M(x)!Both(0, x)!2!>> >>

\* the values TLC gives them
AsTLC == Values = << TRUE, FALSE, 5, 3, TRUE, 18, 5, 3, 2, TRUE, FALSE, TRUE, 2, 3, 2, TRUE,
                     TRUE, 1, FALSE, TRUE, 2, TRUE, 2, x >>

NonNegative == Limits!1

\* fails once x is 3
Below3 == Limits!2
=============================================================================
