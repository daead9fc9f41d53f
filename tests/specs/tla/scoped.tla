-------------------------------- MODULE scoped --------------------------------
\* The cfg gives a value or a replacement to a definition of one module
\* (`Op = [M] value`, `Op <- [M] Other`): scoped_lib's Limit, not this
\* module's.
EXTENDS Naturals

VARIABLE x

L == INSTANCE scoped_lib

Limit == 100

Twice(n) == 2 * n

Init == x = 1

Next == x /= L!None /\ x' = L!Later(x)

LimitsApart == Limit = 100 /\ L!Limit = 6

NeverPastLimit == x /= L!None
=============================================================================
