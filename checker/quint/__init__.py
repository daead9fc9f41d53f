"""Quint's side: its values, the ITF trace format, and replaying traces through a model."""
