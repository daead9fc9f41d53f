---------------------------- MODULE expressions ----------------------------
\* One definition per construct of the language and of its standard modules,
\* each printed by TLC as it checks the assumptions: the values TLC prints are
\* recorded in manifest.json beside this file.
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS p1, p2, p3, Procs

RECURSIVE SetSum(_)
SetSum(S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN x + SetSum(S \ {x})

Twice(Op(_), x) == Op(Op(x))
Compose(F(_), G(_), x) == F(G(x))
MapSeq(s, Op(_)) == [i \in DOMAIN s |-> Op(s[i])]
Pick(S) == CHOOSE x \in S : TRUE
Same(x) == x

RECURSIVE Even(_), Odd(_)
Even(n) == IF n = 0 THEN TRUE ELSE Odd(n - 1)
Odd(n) == IF n = 0 THEN FALSE ELSE Even(n - 1)

fact[n \in 0..5] == IF n = 0 THEN 1 ELSE n * fact[n - 1]

Divisions == <<7 \div 2, -7 \div 2, 7 \div (-2), -7 \div (-2), 7 % 3, -7 % 3, -1 % 5, 2 ^ 10, (-3) ^ 3, 0 ^ 3, -2 ^ 2, 1 - -1>>
Chosen == <<CHOOSE x \in 1..10 : x * x > 20, CHOOSE x \in {"b", "a", "c"} : x /= "b" /\ x /= "c",
            CHOOSE s \in SUBSET {1, 2, 3} : Cardinality(s) = 2, CHOOSE p \in Procs : p /= p1,
            CHOOSE r \in [a : {1, 2}, b : {"x", "y"}] : r.b = "y",
            CHOOSE f \in [{1, 2} -> {TRUE, FALSE}] : f[1], CHOOSE t \in {<<2, 1>>, <<1, 2, 3>>, <<1, 3>>} : TRUE>>
Subsets == SUBSET {1, 2}
SubsetsOfModelValues == SUBSET {p2, p1}
Unions == <<UNION {{1, 2}, {2, 3}, {}}, UNION {}, UNION {SUBSET {1}, {{2}}}>>
Domains == <<DOMAIN <<"a", "b">>, DOMAIN [a |-> 1, b |-> 2], DOMAIN (p1 :> 1 @@ p2 :> 2), DOMAIN <<>>>>
Excepts ==
    LET f == [p \in {p1, p2} |-> [n |-> 0, s |-> <<1, 2>>]]
    IN <<[f EXCEPT ![p1].n = @ + 5], [f EXCEPT ![p2].s[2] = 7, ![p1] = [n |-> -1, s |-> <<>>]],
         [<<1, 2, 3>> EXCEPT ![2] = @ * 10], [[a |-> 1, b |-> 2] EXCEPT !.b = @ - 2, !["a"] = 9],
         [<<1, 2>> EXCEPT ![5] = 0]>>
FunctionSets == <<[{1, 2} -> {"x", "y"}], Cardinality([1..3 -> 1..4]), [{} -> {1}], [{1} -> {}]>>
RecordSets == <<[a : {1, 2}, b : {"x"}], Cardinality([a : 1..3, b : BOOLEAN, c : {p1, p2}])>>
SeqMembership == <<<<1, 2>> \in Seq({1, 2}), <<1, 3>> \in Seq({1, 2}), <<>> \in Seq({}), "ab" \in Seq({"a"}),
                   [i \in 1..2 |-> i] \in Seq(Nat), <<1, 2>> \in Seq(Nat)>>
Sequences_ == <<Append(<<1>>, 2), <<1>> \o <<2, 3>>, "ab" \o "c", SubSeq(<<1, 2, 3, 4>>, 2, 3), SubSeq(<<1, 2>>, 3, 2),
                SelectSeq(<<1, 2, 3, 4>>, LAMBDA x : x % 2 = 0), Head(<<5, 6>>), Tail(<<5, 6>>), Tail(<<5>>), Len(<<>>),
                Len(<<1, <<2, 3>>>>), Len("abc")>>
Cardinalities == <<Cardinality({}), Cardinality({1, 1, 2}), Cardinality(SUBSET (1..4)), Cardinality(1..0),
                   Cardinality({<<1, 2>>, <<2, 1>>}), IsFiniteSet(1..3)>>
Cases == <<CASE 1 > 2 -> "a" [] 2 > 1 -> "b" [] OTHER -> "c", CASE FALSE -> 1 [] OTHER -> 2,
           IF 1 \in {} THEN 0 ELSE IF TRUE THEN 1 ELSE 2>>
Lets == <<LET x == 2 y == x * x IN y + x, LET F(a, b) == a - b IN F(5, 3), LET f[n \in 0..4] == IF n = 0 THEN 0 ELSE n + f[n - 1] IN f[4],
          LET RECURSIVE G(_) G(n) == IF n <= 1 THEN 1 ELSE 2 * G(n - 1) IN G(6)>>
Quantifiers == <<\E <<x, y>> \in {1, 2} \X {3, 4} : x + y = 6, \A <<x, y>> \in {<<1, 1>>, <<2, 2>>} : x = y,
                 \E x, y \in 1..3, z \in {10} : x + y + z = 16, \A x \in {} : FALSE, \E x \in {} : TRUE,
                 {x + y : <<x, y>> \in {<<1, 2>>, <<3, 4>>}}, {<<x, y>> \in {1, 2} \X {1, 2} : x < y},
                 {x \in SUBSET {1, 2} : 1 \in x}>>
HigherOrder == <<Twice(LAMBDA x : x * 3, 2), Compose(LAMBDA x : x + 1, LAMBDA x : x * 2, 5), MapSeq(<<1, 2>>, LAMBDA x : -x),
                 Twice(Same, 4), LET Add(a, b) == a + b Apply2(Op(_, _), a, b) == Op(a, b) IN Apply2(Add, 2, 3)>>
Recursion == <<SetSum({1, 5, 10}), fact[5], fact, <<Even(4), Odd(4)>>>>
Functions == <<[x \in {1, 2} |-> x * x], [x \in {"a"} |-> 1], (1 :> "a" @@ 2 :> "b"), (p1 :> 0) @@ (p1 :> 1 @@ p2 :> 2),
               [x \in {} |-> 1] = <<>>, [i \in 1..2 |-> i] = <<1, 2>>, [a |-> 1] = [x \in {"a"} |-> 1]>>
Sets == <<{1, 2} \cup {3}, {1, 2} \cap {2, 3}, {1, 2} \ {2}, {1} \subseteq {1, 2}, 3 \notin {1}, {x * 2 : x \in 1..3},
          {x \in 1..6 : x % 2 = 0}, {1, 2} \X {"a"}, -1..1, {{}, {{}}}, BOOLEAN, 5 \in Nat, -5 \in Nat, "a" \in STRING>>
Strings == <<"a" = "a", "a" /= "b", "say \"hi\"\\", <<"x", "y">>>>
Booleans == <<TRUE /\ FALSE, TRUE \/ FALSE, ~TRUE, FALSE => TRUE, TRUE <=> FALSE, TRUE \equiv TRUE, FALSE # TRUE>>
ModelValues == <<p1 = p1, p1 = p2, Procs, {p3, p1}, [p \in Procs |-> p = p2], Permutations({p1, p2})>>
\* a value remembered for {TRUE} is not {1}'s, nor <<FALSE>>'s <<0>>'s: TRUE and FALSE are no numbers
BooleansAreNoNumbers == <<Pick({TRUE}), Pick({1}), Same(<<FALSE>>), Same(<<0>>), {TRUE} = {TRUE}, Pick({0}), Pick({FALSE})>>
ASSUME PrintT(<<"Divisions", Divisions>>)
ASSUME PrintT(<<"Chosen", Chosen>>)
ASSUME PrintT(<<"Subsets", Subsets>>)
ASSUME PrintT(<<"SubsetsOfModelValues", SubsetsOfModelValues>>)
ASSUME PrintT(<<"Unions", Unions>>)
ASSUME PrintT(<<"Domains", Domains>>)
ASSUME PrintT(<<"Excepts", Excepts>>)
ASSUME PrintT(<<"FunctionSets", FunctionSets>>)
ASSUME PrintT(<<"RecordSets", RecordSets>>)
ASSUME PrintT(<<"SeqMembership", SeqMembership>>)
ASSUME PrintT(<<"Sequences_", Sequences_>>)
ASSUME PrintT(<<"Cardinalities", Cardinalities>>)
ASSUME PrintT(<<"Cases", Cases>>)
ASSUME PrintT(<<"Lets", Lets>>)
ASSUME PrintT(<<"Quantifiers", Quantifiers>>)
ASSUME PrintT(<<"HigherOrder", HigherOrder>>)
ASSUME PrintT(<<"Recursion", Recursion>>)
ASSUME PrintT(<<"Functions", Functions>>)
ASSUME PrintT(<<"Sets", Sets>>)
ASSUME PrintT(<<"Strings", Strings>>)
ASSUME PrintT(<<"Booleans", Booleans>>)
ASSUME PrintT(<<"ModelValues", ModelValues>>)
ASSUME PrintT(<<"BooleansAreNoNumbers", BooleansAreNoNumbers>>)
=============================================================================
