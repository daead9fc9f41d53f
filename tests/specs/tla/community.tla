------------------------------ MODULE community ------------------------------
\* The Community Modules' operators (and the standard Bags') against definitions
\* of their own, written here another way, in every state: S and T range over
\* the subsets of 1..3, s over the sequences of at most 3 elements of 1..2. The
\* model community_wrong.cfg replaces one definition by a wrong one.
EXTENDS Integers, Sequences, FiniteSets, TLC, Graphs, BagsExt, Combinatorics

VARIABLES S, T, s

Init ==
    /\ S \in SUBSET (1..3)
    /\ T \in SUBSET (1..3)
    /\ s \in UNION {[1..n -> 1..2] : n \in 0..3}

Next == UNCHANGED <<S, T, s>>

RECURSIVE MySum(_), MyProduct(_), MySeqSum(_)
MySum(X) == IF X = {} THEN 0 ELSE LET x == CHOOSE y \in X : TRUE IN x + MySum(X \ {x})
MyProduct(X) == IF X = {} THEN 1 ELSE LET x == CHOOSE y \in X : TRUE IN x * MyProduct(X \ {x})
MySeqSum(q) == IF q = <<>> THEN 0 ELSE Head(q) + MySeqSum(Tail(q))

MyReverse(q) == [i \in DOMAIN q |-> q[Len(q) + 1 - i]]
WrongReverse(q) == q

RECURSIVE MyFoldLeft(_, _)
MyFoldLeft(acc, q) == IF q = <<>> THEN acc ELSE MyFoldLeft(10 * acc + Head(q), Tail(q))

MyBag(q) == [x \in {q[i] : i \in DOMAIN q} |-> Cardinality({i \in DOMAIN q : q[i] = x})]

MyPrefixes(q) == {p \in UNION {[1..n -> 1..2] : n \in 0..Len(q)} : \A i \in DOMAIN p : p[i] = q[i]}

MySubSeqs(q) == {[i \in 1..(n - m) |-> q[m + i]] : m, n \in 0..Len(q)}

MyRelation == [p \in S \X S |-> p[1] <= p[2] /\ p \in T \X T]

G == [node |-> S, edge |-> {e \in S \X S : e[1] < e[2] /\ e[1] \in T}]

MyReach(a) == {b \in S : \E p \in UNION {[1..n -> S] : n \in 1..3} :
                   p[1] = a /\ p[Len(p)] = b /\ \A i \in 1..(Len(p) - 1) : <<p[i], p[i + 1]>> \in G.edge}

Agree ==
    /\ SumSet(S) = MySum(S)
    /\ ProductSet(S) = MyProduct(S)
    /\ SymDiff(S, T) = (S \cup T) \ (S \cap T)
    /\ kSubset(2, S) = {X \in SUBSET S : Cardinality(X) = 2}
    /\ Quantify(S, LAMBDA x : x \in T) = Cardinality(S \cap T)
    /\ S # {} => Max(S) \in S /\ \A x \in S : Max(S) >= x
    /\ S # {} => Min(S) \in S /\ \A x \in S : Min(S) <= x
    /\ Reverse(s) = MyReverse(s)
    /\ FoldLeft(LAMBDA acc, x : 10 * acc + x, 0, s) = MyFoldLeft(0, s)
    /\ FoldRight(LAMBDA x, acc : 10 * acc + x, s, 0) = MyFoldLeft(0, MyReverse(s))
    /\ ToBag(s) = MyBag(s)
    /\ BagCardinality(ToBag(s)) = Len(s)
    /\ ToBag(s) (+) ToBag(s) = [x \in DOMAIN MyBag(s) |-> 2 * MyBag(s)[x]]
    /\ (ToBag(s) (-) ToBag(s)) = EmptyBag
    /\ Prefixes(s) = MyPrefixes(s)
    /\ SubSeqs(s) = MySubSeqs(s)
    /\ Cons(3, s) = <<3>> \o s /\ Snoc(3, s) = Append(s, 3)
    /\ s # <<>> => Front(s) \o <<Last(s)>> = s
    /\ IsPrefix(s, s \o s) /\ IsSuffix(s, s \o s)
    /\ SetToSeq(S) \in [1..Cardinality(S) -> S] /\ ToSet(SetToSeq(S)) = S
    /\ Range([x \in S |-> x * x]) = {x * x : x \in S}
    /\ IsInjective([x \in S |-> x % 2]) = (Cardinality({x % 2 : x \in S}) = Cardinality(S))
    /\ ExistsBijection(S, T) = (Cardinality(S) = Cardinality(T))
    /\ IsPartiallyOrdered(MyRelation, S) = (S \subseteq T)
    /\ IsTransitive(MyRelation, S)
    /\ Successors(G, 1) = {b \in S : <<1, b>> \in G.edge}
    /\ \A a \in S : Descendants(G, a) = MyReach(a) \ {a}
    /\ 3 \in S => \A a \in S : ConnectionsIn(G)[a, 3] = (3 \in MyReach(a))
    /\ IsDag(G) /\ ~HasCycle(G)
    /\ Cardinality(S) >= 2 => choose(Cardinality(S), 2) = Cardinality(kSubset(2, S))
    /\ factorial[Cardinality(S)] = Cardinality(SetToSeqs(S))
    /\ SumBag(ToBag(s)) = MySeqSum(s)
    /\ FoldSeq(LAMBDA x, acc : x + acc, 0, s) = MySeqSum(s)
=============================================================================
