------------------------ MODULE tictactoe_after_win ------------------------
(***************************************************************************)
(* Tic-tac-toe, part 1 written as the TLA+ lecture's blog first writes it: *)
(* both players move to any empty square until the board is full, even     *)
(* after one of them has won.  MoveToEmpty has no ~GameOver guard: that    *)
(* and the invariant NotBothWon are all that differ from                   *)
(* specs/tictactoe_random.tla, and the missing guard adds the positions    *)
(* and moves that follow a win.  A translation of the Quint spec that      *)
(* forgets the guard looks like this; comparing the two finds a game in    *)
(* which a player moves after the other has won.                           *)
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

\* `player` moves to some empty square, whether or not the game is over
MoveToEmpty(player) ==
    \E coordinate \in Coordinates : Move(player, coordinate)

MoveX ==
    /\ nextTurn = "X"
    /\ MoveToEmpty("X")
    /\ nextTurn' = "O"

MoveO ==
    /\ nextTurn = "O"
    /\ MoveToEmpty("O")
    /\ nextTurn' = "X"

Next == MoveX \/ MoveO

\* Every game, played on until the board is full
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

\* Both players never have a line: violated here only, O completes a line
\* after X has won
NotBothWon == ~(Won("X") /\ Won("O"))

(***************************************************************************)
(* Temporal properties                                                     *)
(***************************************************************************)

\* X wins in the end: violated, the game may end in a draw or with O winning
XMustEventuallyWin == <>Won("X")

\* Every game ends: holds under WF_vars(Next); without fairness a behaviour
\* may stutter forever before the game is over
GameEventuallyEnds == <>GameOver

=============================================================================
