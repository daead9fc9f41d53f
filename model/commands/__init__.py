"""The console script (`main`), the command line offered the tic-tac-toe specs (`cli`), and the
commands of the game itself: `play` and `learn` (with `plot`)."""
