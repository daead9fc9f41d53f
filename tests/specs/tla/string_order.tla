---------------------------- MODULE string_order ----------------------------
\* TLC orders strings as it first read them, not alphabetically: "zeta" before
\* "beta" here, "\\" (the name of an operator, read before the spec) before
\* any other, "" after. CHOOSE takes the first in that order.
EXTENDS TLC

Names == <<"zeta", "beta", "alpha">>

VARIABLE name

Init == name = CHOOSE n \in {"beta", "zeta"} : TRUE

Next == name' = CHOOSE n \in {"alpha", "\\", ""} : n /= name

IsFirstRead == name \in {"zeta", "\\"}
=============================================================================
