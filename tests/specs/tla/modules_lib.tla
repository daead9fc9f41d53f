----------------------------- MODULE modules_lib -----------------------------
\* Definitions a spec extends: one LOCAL, which the extending spec cannot see.
EXTENDS Naturals

LOCAL Two == 2

Zero == 0

Double(n) == n * Two

IsSmall(n) == n <= 5
=============================================================================
