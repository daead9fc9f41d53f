"""The click command line: the check, `run`, `replay`, and what they print."""
