"""Readable boards for tests: `"XO./.X./..O"` is rows 1, 2, 3 (A, B, C in a drawing) separated by `/`.

Boards go in and out through the model's Quint values (`from_quint` /
`to_quint`), so the tests never depend on how the model stores a state.
"""

from __future__ import annotations

import re

from checker.quint.value import Variant


def quint_board(text: str) -> dict:
    """`"XO./.X./..O"` as the Quint value of `board`."""
    rows = text.split("/")
    assert len(rows) == 3 and all(len(row) == 3 for row in rows), text
    square = {"X": Variant("Occupied", Variant("X")), "O": Variant("Occupied", Variant("O")), ".": Variant("Empty")}
    return {r: {c: square[mark] for c, mark in enumerate(row, 1)} for r, row in enumerate(rows, 1)}


def state(model, text: str, turn: str | None = None):
    """The model's state for the board `text`; `turn` defaults to whoever moves next
    when X started (X when the counts are equal)."""
    if turn is None:
        turn = "X" if text.count("X") == text.count("O") else "O"
    return model.from_quint({"board": quint_board(text), "nextTurn": Variant(turn)})


def board(model, text: str):
    """Only the board part of `state`, for the definitions that read the board alone."""
    return state(model, text).board


def text(model, state) -> str:
    """The `"XO./.X./..O"` form of a state's board."""
    rows = model.to_quint(state)["board"]
    mark = {"Empty": "."}
    return "/".join(
        "".join(mark.get(rows[r][c].tag) or rows[r][c].value.tag for c in (1, 2, 3)) for r in (1, 2, 3)
    )


def flat(model, state) -> tuple[str, str]:
    """The state as the independent enumerator writes it: 9 characters and the next player."""
    return text(model, state).replace("/", ""), model.to_quint(state)["nextTurn"].tag


def drawn(block: str) -> str:
    """The 9 marks of the first board drawn in `block` (the last move's `[ ]` and a winning line's `* *` dropped;
    whatever stands right of the three squares, such as Quint's record beside the drawing, ignored)."""
    rows = re.findall(r"^ [ABC] (.*)$", block, re.MULTILINE)[:3]
    return "".join("".join(re.sub(r"[\[\]*]", " ", row).split()[:3]) for row in rows)
