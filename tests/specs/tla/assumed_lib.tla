----------------------------- MODULE assumed_lib -----------------------------
\* A module with an assumption, instantiated by assumed.tla.
EXTENDS Naturals

CONSTANT Size

ASSUME SizeIsBig == Size > 5

Half == Size \div 2
=============================================================================
