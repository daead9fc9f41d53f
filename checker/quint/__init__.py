"""Quint's side: its values, the ITF trace format, replaying traces through a model, and
evaluating a `.qnt` spec itself (Quint's compiler as the front end, its IR compiled to Python)."""
