"""Properties beyond invariants: temporal formulas and their checker."""
