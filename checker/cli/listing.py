"""`--list`: the specs, with their invariants and temporal properties."""

from __future__ import annotations

from typing import Mapping

from checker.cli.common import boolean_definitions
from checker.model import Model


def format_listing(models: Mapping[str, Model]) -> str:
    """Each spec with its properties and their doc comments."""
    blocks = []
    for name, model in models.items():
        lines = [f"spec {name}  ({model.source}): {model.description}"]
        default = ", ".join(model.default_invariants)
        if model.invariants_declared:
            lines.append(f"  invariants (default: {default}):")
        else:  # Quint's: any boolean definition may be checked as an invariant
            lines.append(f"  boolean definitions, each an invariant --invariant NAME may check (default: {default or 'none'}):")
        lines += [f"    {inv.name:<22} {inv.doc}" for inv in model.invariants.values()]
        booleans = boolean_definitions(model)
        if booleans:
            lines.append(f"  boolean definitions, also invariants --invariant NAME may check: {', '.join(booleans)}")
        if model.temporal_properties or model.unchecked_temporal:
            lines.append("  temporal properties:")
            lines += [f"    {p.name:<22} {p.doc}" for p in model.temporal_properties.values()]
            lines += [f"    {name:<22} (not checked: {why.split('is not checked by ttt-check: ', 1)[-1]})"
                      for name, why in model.unchecked_temporal.items()]
        lines.append(f"  views: {', '.join(model.views)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
