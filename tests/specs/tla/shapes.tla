------------------------------- MODULE shapes -------------------------------
\* A counter that may stop at 3 for good: the temporal formulas ttt-check decides beside <>P and []P, each
\* named by a cfg of its own (shapes-NAME.cfg), with TLC's verdict recorded in tests/test_tla_temporal.py.
EXTENDS Naturals

VARIABLE x

Init == x \in {0, 1}

Up == x < 3 /\ x' = x + 1

Reset == x = 3 /\ x' = 0

Next == Up \/ Reset

Spec == Init /\ [][Next]_x /\ WF_x(Up)

\* c => <>P: F of the behaviours from the initial states where c holds
FromZeroReachesTwo == (x = 0) => <>(x = 2)
FromOneReachesZero == (x = 1) => <>(x = 0)
\* IF c THEN F ELSE G
EitherWay == IF x = 0 THEN <>(x = 3) ELSE <>(x = 0)
\* []c => F: F of the behaviours in whose every state c holds
BoundedReachesThree == [](x < 3) => <>(x = 3)
NeverResetReachesThree == [](x # 0) => <>(x = 3)
\* [](P => <>Q): P ~> Q
ThreeLeadsToZero == [](x = 3 => <>(x = 0))
OneLeadsToThree == [](x = 1 => <>(x = 3))
\* [](P => []P): once P, P for good
StaysAboveZero == [](x > 0 => [](x > 0))
StaysBelowFour == [](x < 4 => [](x < 4))
=============================================================================
