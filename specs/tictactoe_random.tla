-------------------------- MODULE tictactoe_random --------------------------
(***************************************************************************)
(* Tic-tac-toe, part 1 of the lecture ("Jogando de qualquer jeito"): both  *)
(* players move to any empty square, until the game is over.               *)
(*                                                                         *)
(* The same game as tictactoe_random.qnt, written in TLA+ as the next      *)
(* lecture writes it.  Nobody moves once a player has won or the board is  *)
(* full (MoveToEmpty's guard ~GameOver, as in the Quint spec); a finished  *)
(* game then stutters, which [Next]_vars allows, instead of taking the     *)
(* Quint spec's explicit do-nothing step.  Its models therefore say        *)
(* CHECK_DEADLOCK FALSE.                                                   *)
(***************************************************************************)
EXTENDS Naturals

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

Square(coordinate) == board[coordinate[1]][coordinate[2]]

IsEmpty(coordinate) == Square(coordinate) = "_"

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

MoveX ==
    /\ nextTurn = "X"
    /\ MoveToEmpty("X")
    /\ nextTurn' = "O"

MoveO ==
    /\ nextTurn = "O"
    /\ MoveToEmpty("O")
    /\ nextTurn' = "X"

Next == MoveX \/ MoveO

\* Every game, each player moving while it can
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)

(***************************************************************************)
(* Invariants                                                              *)
(***************************************************************************)

\* X has not won: violated, X can win
XHasNotWon == ~Won("X")

\* O has not won: violated too, without a strategy X can lose
OHasNotWon == ~Won("O")

\* The game does not end in a draw: violated, a full board with no line
NotStalemate == ~Stalemate

(***************************************************************************)
(* Temporal properties                                                     *)
(***************************************************************************)

\* X wins in the end: violated, the game may end in a draw or with O winning
XMustEventuallyWin == <>Won("X")

\* Every game ends: holds under WF_vars(Next); without fairness a behaviour
\* may stutter forever before the game is over
GameEventuallyEnds == <>GameOver

=============================================================================
