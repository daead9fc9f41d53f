"""ITF written by hand for tests, independently of `checker.quint.itf`.

Boards are text, `"XO./.X./..O"` (rows 1, 2, 3); the JSON is what Quint
writes for the tic-tac-toe specs (see tests/fixtures/quint).
"""

from __future__ import annotations

import json

UNIT = {"#tup": []}


def bigint(n: int) -> dict:
    return {"#bigint": str(n)}


def variant(tag: str, value=None) -> dict:
    return {"tag": tag, "value": UNIT if value is None else value}


def board(text: str, unit=UNIT) -> dict:
    """The ITF of `board` for a text board; `unit` is the empty value of X, O and Empty."""

    def square(mark):
        if mark == ".":
            return {"tag": "Empty", "value": unit}
        return {"tag": "Occupied", "value": {"tag": mark, "value": unit}}

    return {
        "#map": [
            [bigint(r), {"#map": [[bigint(c), square(mark)] for c, mark in enumerate(row, 1)]}]
            for r, row in enumerate(text.split("/"), 1)
        ]
    }


def state(text: str, turn: str, unit=UNIT) -> dict:
    return {"board": board(text, unit), "nextTurn": {"tag": turn, "value": unit}}


def trace(*states: dict, source: str = "specs/tictactoe_random.qnt", **extra) -> dict:
    """An ITF document of `states` (each from `state`, maybe with more variables), free to modify."""
    document = {
        "#meta": {"format": "ITF", "source": source, "status": "ok"},
        "vars": list(states[0]),
        "states": [{"#meta": {"index": i}, **s} for i, s in enumerate(states)],
        **extra,
    }
    return json.loads(json.dumps(document))


def write(path, document) -> str:
    path.write_text(json.dumps(document))
    return str(path)
