"""The lecture's Quint tic-tac-toe specification, written in Python.

`model.tictactoe` is part 1 of the lecture (both players move anywhere),
`model.strategy` is part 2 (X follows a strategy). Each Quint definition is a
Python definition of the same name whose docstring quotes the Quint source.
"""
