"""Tic-tac-toe for ttt-check: the lecture's spec in Python (`spec`), its players (`players`), and the
commands that offer them (`commands`)."""
