"""Generic explicit-state model checking machinery.

Nothing in this package knows about tic-tac-toe: it works on any object that
implements the `checker.model.Model` interface.
"""
