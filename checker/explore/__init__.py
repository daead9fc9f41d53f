"""Exploring a model: breadth-first search, traces, random simulation."""
