------------------------------- MODULE assumed -------------------------------
\* TLC checks the assumptions of the main module and of the modules it
\* extends, not those of the modules it instantiates: Small's Size breaks
\* assumed_lib's assumption, and the model is checked all the same.
EXTENDS Naturals

VARIABLE x

Small == INSTANCE assumed_lib WITH Size <- 2

Init == x = Small!Half

Next == x' = 1 - x

AssumptionBroken == ~Small!SizeIsBig
=============================================================================
