"""`--list`: the specs, with their invariants and temporal properties."""

from __future__ import annotations

from typing import Mapping

from checker.model import Model


def format_listing(models: Mapping[str, Model]) -> str:
    """Each spec with its properties and their doc comments."""
    blocks = []
    for name, model in models.items():
        lines = [f"spec {name}  ({model.source}): {model.description}"]
        default = ", ".join(model.default_invariants)
        lines.append(f"  invariants (default: {default}):")
        lines += [f"    {inv.name:<22} {inv.doc}" for inv in model.invariants.values()]
        if model.temporal_properties:
            lines.append("  temporal properties:")
            lines += [f"    {p.name:<22} {p.doc}" for p in model.temporal_properties.values()]
        lines.append(f"  views: {', '.join(model.views)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
