----------------------------- MODULE tictactoe -----------------------------
(***************************************************************************)
(* Tic-tac-toe, part 2 of the lecture ("Jogando pra ganhar"): X follows a  *)
(* strategy, O moves to any empty square.                                  *)
(*                                                                         *)
(* Strategy for X: the first move is always in a corner; every later move  *)
(* is the first possible one in this list: Win, BlockWin, TakeCenter,      *)
(* SetupWin, MoveToEmpty.                                                  *)
(*                                                                         *)
(* The same game as tictactoe.qnt, written in TLA+ as the next lecture     *)
(* writes it: the Quint spec's chain of if/else is a chain of disjuncts,   *)
(* each guarded by the negation of the ones before it.  Its reachable      *)
(* positions and moves are the Quint spec's; a finished game stutters,     *)
(* which [Next]_vars allows, instead of taking the Quint spec's explicit   *)
(* do-nothing step.  Its models therefore say CHECK_DEADLOCK FALSE.        *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

VARIABLES
    board,    \* board[i][j] is the square in row i, column j: "X", "O" or "_" (empty)
    nextTurn  \* who goes next: "X" or "O"

vars == <<board, nextTurn>>

\* Every <<row, column>> of the 3x3 board
Coordinates == (1..3) \X (1..3)

\* The lines that win: three in a row, in a column or on a diagonal
WinningPatterns == {
    {<<1, 1>>, <<1, 2>>, <<1, 3>>},   \* rows
    {<<2, 1>>, <<2, 2>>, <<2, 3>>},
    {<<3, 1>>, <<3, 2>>, <<3, 3>>},
    {<<1, 1>>, <<2, 1>>, <<3, 1>>},   \* columns
    {<<1, 2>>, <<2, 2>>, <<3, 2>>},
    {<<1, 3>>, <<2, 3>>, <<3, 3>>},
    {<<1, 1>>, <<2, 2>>, <<3, 3>>},   \* diagonals
    {<<3, 1>>, <<2, 2>>, <<1, 3>>}
}

Corners == {<<1, 1>>, <<3, 1>>, <<1, 3>>, <<3, 3>>}

Center == <<2, 2>>

Square(coordinate) == board[coordinate[1]][coordinate[2]]

IsEmpty(coordinate) == Square(coordinate) = "_"

BoardEmpty == \A coordinate \in Coordinates : IsEmpty(coordinate)

BoardFull == ~\E coordinate \in Coordinates : IsEmpty(coordinate)

Won(player) ==
    \E pattern \in WinningPatterns :
        \A coordinate \in pattern : Square(coordinate) = player

\* The board is full and nobody has won: a draw
Stalemate == BoardFull /\ ~Won("X") /\ ~Won("O")

GameOver == Won("X") \/ Won("O") \/ BoardFull

Init ==
    /\ nextTurn = "X"                                  \* X always goes first
    /\ board = [i \in 1..3 |-> [j \in 1..3 |-> "_"]]  \* every square starts empty

\* `player` puts a mark on the square at `coordinate`, which must be empty
Move(player, coordinate) ==
    /\ IsEmpty(coordinate)
    /\ board' = [board EXCEPT ![coordinate[1]][coordinate[2]] = player]

\* `player` moves to some empty square, while the game is not over
MoveToEmpty(player) ==
    /\ ~GameOver
    /\ \E coordinate \in Coordinates : Move(player, coordinate)

(***************************************************************************)
(* X's strategy                                                            *)
(***************************************************************************)

\* How many squares of `pattern` hold `piece` ("X", "O" or "_")
Count(pattern, piece) == Cardinality({c \in pattern : Square(c) = piece})

\* The empty squares of `pattern`
EmptyIn(pattern) == {c \in pattern : IsEmpty(c)}

\* X has two in the line and the third square is empty
CanWinWithPattern(pattern) == Count(pattern, "X") = 2 /\ Count(pattern, "_") = 1

\* O has two in the line and the third square is empty
CanBlockWithPattern(pattern) == Count(pattern, "O") = 2 /\ Count(pattern, "_") = 1

\* X has one in the line and the other two squares are empty
CanSetupWinWithPattern(pattern) == Count(pattern, "X") = 1 /\ Count(pattern, "_") = 2

CanWin == \E pattern \in WinningPatterns : CanWinWithPattern(pattern)

CanBlockWin == \E pattern \in WinningPatterns : CanBlockWithPattern(pattern)

CanTakeCenter == IsEmpty(Center)

CanSetupWin == \E pattern \in WinningPatterns : CanSetupWinWithPattern(pattern)

StartInCorner == \E corner \in Corners : Move("X", corner)

\* X completes its line
Win ==
    \E pattern \in {p \in WinningPatterns : CanWinWithPattern(p)} :
        \E coordinate \in EmptyIn(pattern) : Move("X", coordinate)

\* X takes the square that would complete O's line
BlockWin ==
    \E pattern \in {p \in WinningPatterns : CanBlockWithPattern(p)} :
        \E coordinate \in EmptyIn(pattern) : Move("X", coordinate)

TakeCenter == Move("X", Center)

\* X puts a second mark in a line where it has one and O has none
SetupWin ==
    \E pattern \in {p \in WinningPatterns : CanSetupWinWithPattern(p)} :
        \E coordinate \in EmptyIn(pattern) : Move("X", coordinate)

MoveX ==
    /\ nextTurn = "X"
    /\ ~GameOver
    /\ \/ /\ BoardEmpty
          /\ StartInCorner
       \/ /\ ~BoardEmpty
          /\ \/ /\ CanWin
                /\ Win
             \/ /\ ~CanWin
                /\ \/ /\ CanBlockWin
                      /\ BlockWin
                   \/ /\ ~CanBlockWin
                      /\ \/ /\ CanTakeCenter
                            /\ TakeCenter
                         \/ /\ ~CanTakeCenter
                            /\ \/ /\ CanSetupWin
                                  /\ SetupWin
                               \/ /\ ~CanSetupWin
                                  /\ MoveToEmpty("X")
    /\ nextTurn' = "O"

MoveO ==
    /\ nextTurn = "O"
    /\ MoveToEmpty("O")
    /\ nextTurn' = "X"

Next == MoveX \/ MoveO

\* Every game, X by its strategy, each player moving while it can
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)

(***************************************************************************)
(* Invariants                                                              *)
(***************************************************************************)

\* X has not won: violated, X wins most of the time
XHasNotWon == ~Won("X")

\* O has not won: holds, against this strategy O can at best draw
OHasNotWon == ~Won("O")

\* The game does not end in a draw: violated, O can force a draw
NotStalemate == ~Stalemate

(***************************************************************************)
(* Temporal properties                                                     *)
(***************************************************************************)

\* X wins in the end: violated, if O picks the right moves the game is a draw
XMustEventuallyWin == <>Won("X")

\* Every game ends: holds under WF_vars(Next); without fairness a behaviour
\* may stutter forever before the game is over
GameEventuallyEnds == <>GameOver

=============================================================================
