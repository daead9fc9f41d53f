--------------------------- MODULE modules_counter ---------------------------
\* A counter up to Limit, instantiated by modules.tla.
EXTENDS Naturals

CONSTANT Limit

VARIABLE count

Inc == count < Limit /\ count' = count + 1

Reset == count' = 0

AtLimit == count = Limit

Counted == count \in 0..Limit
=============================================================================
