"""The lecture's Quint spec, transcribed: one Python definition per Quint definition, quoting it.

`tictactoe` is part 1 (`specs/tictactoe_random.qnt`: both players move anywhere),
`strategy` part 2 (`specs/tictactoe.qnt`: X follows the strategy); `state` and
`grid` are the variables and coordinates they share, `symmetry` and `packed`
the board's rotations and the fast engine's form, `quint` and `views` the ways
a state is written and drawn.
"""
