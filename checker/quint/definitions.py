"""The state-dependent nullary definitions of an evaluated `.qnt`: what Quint's REPL shows for a name."""

from __future__ import annotations

import re
from typing import Any, Callable

from checker.files import ReadError, read_bounded

#: the most of a spec's source read to order its definitions
LIMIT = 4 * 1024 * 1024


def state_values(spec) -> dict[str, Callable[[Any], Any]]:
    """name -> the value of each `val` and nullary `def` of `spec`'s main module (not a pure one, not a
    variant's constructor) as a function of a state, in the order of the source."""
    names = [
        d["name"] for d in spec.module["declarations"]
        if d["kind"] == "def" and d.get("qualifier") in ("val", "def") and "::" not in d["name"]
        and d["expr"].get("kind") != "lambda"
        and not (d["expr"].get("kind") == "app" and d["expr"].get("opcode") == "variant")
    ]
    try:
        text = read_bounded(spec.source, LIMIT).decode("utf-8", "replace")
    except ReadError:
        text = ""
    found = {m[1]: m.start() for m in re.finditer(r"\b(?:val|def)\s+(\w+)", text)}
    names.sort(key=lambda name: found.get(name, len(text) + 1))
    return {name: spec.program.value(name) for name in names}
