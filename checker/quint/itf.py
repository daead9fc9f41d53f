"""The Informal Trace Format (ITF), as `quint run --out-itf --mbt` writes it.

Values (see `checker.quint.value`) are written as Quint writes them:
integers `{"#bigint": "1"}`, tuples `{"#tup": [...]}`, sets `{"#set": [...]}`
(sorted), maps `{"#map": [[k, v], ...]}` (sorted by key), records as JSON
objects (sorted by field), variants `{"tag": "X", "value": ...}` where a
nullary variant carries the empty tuple. Each state also carries Quint's
model-based-testing fields: `mbt::actionTaken` (the action of `step` taken)
and `mbt::nondetPicks` (each `nondet` name of the spec, `Some(value)` or
`None`), which is where a step's `Label` goes.

Reading accepts what Quint and Apalache have written over time: plain JSON
integers, a nullary variant's value as `{"#tup": []}`, `{}`, `null` or
Apalache's `{"tag": "UNIT"}`, and states without `#meta`. JSON arrays are Quint
lists (`QList`, a tuple).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from itertools import accumulate
from typing import Any, Mapping

from checker.explore.trace import Trace
from checker.model import Label, Model
from checker.digits import decimal, parse
from checker.quint.runtime import FrozenRecord, QMap
from checker.quint.value import QList, Record, Variant, flat

ACTION_TAKEN = "mbt::actionTaken"
NONDET_PICKS = "mbt::nondetPicks"
FORMAT_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html"

#: How a nullary variant's empty value is written: as Quint does, or as
#: Apalache does (which Quint reads back too, and which itf-py can parse).
UNIT_ENCODINGS = {"tuple": {"#tup": []}, "UNIT": {"tag": "UNIT"}}


class ItfError(ValueError):
    """The document is not an ITF trace; the message says where and why."""


#: Limits on what `read_trace` reads, far above any trace of a teaching spec; a file
#: beyond them is refused with one line instead of exhausting memory or the stack.
MAX_BYTES = 32 * 1024 * 1024
#: JSON nesting (Quint's tic-tac-toe traces are 13 deep); it bounds the recursion of reading and printing.
MAX_DEPTH = 100

#: An integer as `#bigint` writes it: ASCII digits only (`str.isdigit` accepts "²").
BIGINT = re.compile(r"-?[0-9]+")


# ---- values ------------------------------------------------------------------


def to_json(value: Any, unit: str = "tuple") -> Any:
    """A Quint value (see `checker.quint.value`) as ITF JSON."""
    if isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, int):
        return {"#bigint": decimal(value)}
    if isinstance(value, Variant):
        inner = UNIT_ENCODINGS[unit] if value.value == () else to_json(value.value, unit)
        return {"tag": value.tag, "value": inner}
    if isinstance(value, QList):
        return [to_json(v, unit) for v in value]
    if isinstance(value, tuple):
        return {"#tup": [to_json(v, unit) for v in value]}
    if isinstance(value, frozenset):
        return {"#set": [to_json(v, unit) for v in sorted(value, key=lambda v: collation(quint_text(v)))]}
    if isinstance(value, Record):
        return {name: to_json(value[name], unit) for name in sorted(value)}
    if isinstance(value, dict):
        pairs = sorted(value.items(), key=lambda item: collation(quint_text(item)))
        return {"#map": [[to_json(k, unit), to_json(v, unit)] for k, v in pairs]}
    raise TypeError(f"no ITF form for {value!r}")


def quint_text(value: Any) -> str:
    """A value as Quint's `expressionToString` prints it (`Set(1, 2)`, `Rec("a", 1)`, `variant("X", Tup())`):
    `quint run` writes the elements of a set, and the entries of a map, in the order of this text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return f'"{value}"' if isinstance(value, str) else str(value)
    if isinstance(value, Variant):
        return f'variant("{value.tag}", {quint_text(value.value)})'
    if isinstance(value, tuple):
        return ("List(" if isinstance(value, QList) else "Tup(") + ", ".join(map(quint_text, value)) + ")"
    if isinstance(value, frozenset):
        return "Set(" + ", ".join(sorted(map(quint_text, value), key=collation)) + ")"
    if isinstance(value, Record):
        return "Rec(" + ", ".join(f'"{name}", {quint_text(value[name])}' for name in sorted(value)) + ")"
    return "Map(" + ", ".join(sorted((quint_text(item) for item in value.items()), key=collation)) + ")"


#: The printable ASCII characters in the order of the Unicode collation (as node's `localeCompare`,
#: which Quint sorts with, orders them): punctuation and symbols, digits, then letters, a before A.
COLLATION_ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789" + "".join(c + c.upper() for c in "abcdefghijklmnopqrstuvwxyz")
_PRIMARY = {c: i // 2 if c.isalpha() else i for i, c in enumerate(COLLATION_ORDER, start=-COLLATION_ORDER.index("a"))}


def collation(text: str) -> tuple:
    """A sort key of `text` as node's `"".localeCompare` (Unicode collation, en-US) orders it for ASCII: by
    the letters regardless of case first (`ab` < `B`), then lower case first; other characters after ASCII."""
    primary = tuple(_PRIMARY.get(c, 1000 + ord(c)) for c in text)
    return primary, tuple(c.isupper() for c in text)


def _is_unit(value: Any) -> bool:
    """The empty value of a nullary variant, in any of the encodings in use."""
    return value is None or value == {} or value == {"#tup": []} or value == {"tag": "UNIT"}


def from_json(value: Any, where: str) -> Any:
    """An ITF JSON value as a Quint value, hashable wherever Quint allows it (records and maps are
    `FrozenRecord` and `QMap`, so that they can be set elements and map keys); `where` names it in errors."""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, list):
        return QList(from_json(v, f"{where}[{i}]") for i, v in enumerate(value))
    if not isinstance(value, dict):
        raise ItfError(f"{where}: {json_text(value)} is not an ITF value")
    if "#bigint" in value:
        digits = value["#bigint"]
        if len(value) != 1 or not isinstance(digits, str) or not BIGINT.fullmatch(digits):
            raise ItfError(f"{where}: {json_text(value)} is not a big integer")
        return parse(digits)
    for key in ("#tup", "#set"):
        if key in value:
            items = value[key]
            if len(value) != 1 or not isinstance(items, list):
                raise ItfError(f"{where}: '{key}' must be the only key and hold a list")
            elements = [from_json(v, f"{where}.{key}[{i}]") for i, v in enumerate(items)]
            return tuple(elements) if key == "#tup" else frozenset(_distinct(elements, items, f"{where}: set element"))
    if "#map" in value:
        return _map_from_json(value, where)
    if "#unserializable" in value:
        raise ItfError(f"{where}: the tool could not serialize this value: {value['#unserializable']}")
    if set(value) == {"tag", "value"} and isinstance(value["tag"], str):
        inner = () if _is_unit(value["value"]) else from_json(value["value"], f"{where}.{value['tag']}")
        return Variant(value["tag"], inner)
    if any(key.startswith("#") for key in value):
        raise ItfError(f"{where}: unknown ITF form {sorted(value)}")
    return FrozenRecord((name, from_json(v, f"{where}.{name}")) for name, v in value.items())


def _map_from_json(value: dict, where: str) -> QMap:
    pairs = value["#map"]
    if len(value) != 1 or not isinstance(pairs, list):
        raise ItfError(f"{where}: '#map' must be the only key and hold a list of pairs")
    for i, pair in enumerate(pairs):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise ItfError(f"{where}: map entry {i} is not a [key, value] pair")
    raw_keys = [key for key, _ in pairs]
    keys = _distinct([from_json(k, f"{where} key {i}") for i, k in enumerate(raw_keys)], raw_keys, f"{where}: map key")
    return QMap((key, from_json(v, f"{where}[{flat(key)}]")) for key, (_, v) in zip(keys, pairs))


def _kind(value: Any) -> type:
    """The Python type standing for a Quint value's type at its top (a bool is no int here)."""
    return type(value) if not isinstance(value, dict) else dict


def _distinct(elements: list, raw: list, what: str) -> list:
    """`elements` (a set's elements or a map's keys, read from `raw`) if, as in what Quint
    writes, they are of one type and all different; else ItfError names the first offender.
    (Python would merge `1` and `true`, which it holds equal.)"""
    seen: dict = {}
    for i, element in enumerate(elements):
        if _kind(element) is not _kind(elements[0]):
            raise ItfError(f"{what}s of different types: {json_text(raw[0])} and {json_text(raw[i])}")
        try:
            if element in seen:
                raise ItfError(f"{what} {i} repeats {what.rsplit(' ', 1)[-1]} {seen[element]}: {json_text(raw[i])}")
            seen[element] = i
        except TypeError:
            raise ItfError(f"{what} {i} is not hashable: {json_text(raw[i])}") from None
    return elements


def json_text(value: Any, limit: int | None = 60) -> str:
    """The JSON text of a value (keys in order), cut to `limit` characters for error messages."""
    import json

    text = json.dumps(value, separators=(",", ":"))
    return text if limit is None or len(text) <= limit else text[: limit - 3] + "..."


# ---- traces: writing ---------------------------------------------------------


def recorded(name: str) -> str:
    """A `nondet`'s name as `quint run --mbt` records it: its name in its own module, without the
    namespace flattening gives it (`rm` for `M::I::rm` of an instance `I`; a model says the action
    taken as Quint records it, see `checker.model.Model.action_taken`)."""
    return name.rsplit("::", 1)[-1]


def nondet_picks(model: Model, label: Label | None) -> Record:
    """`mbt::nondetPicks`: every nondet name of the spec, `Some(value)` if the step picked one
    (a name as Quint records it: without the namespace flattening gives it, see `recorded`)."""
    picks = {recorded(name): value for name, value in model.mbt_picks(label).items()}
    names = sorted({*map(recorded, model.nondet_names), *picks})
    return Record({name: Variant("Some", picks[name]) if name in picks else Variant("None") for name in names})


def quint_date(moment: datetime) -> str:
    """A date as JavaScript's `Date.toString()` writes it in UTC, as Quint's `#meta` has it."""
    return moment.astimezone(timezone.utc).strftime("%a %b %d %Y %H:%M:%S GMT+0000 (Coordinated Universal Time)")


def state_values(model: Model, state: Any, label: Label | None, mbt: bool, initial: bool = False) -> Record:
    """A state's variables as Quint values, named as Quint's traces name them (see `Model.trace_names`), with
    the `mbt::` fields of the step into it if `mbt` (`initial`: the label is that of `init`, whose picks Quint
    records too)."""
    names = model.trace_names()
    values = Record((names.get(name, name), value) for name, value in model.to_quint(state).items())
    if mbt:
        values[ACTION_TAKEN] = model.action_taken(None if initial else label)
        values[NONDET_PICKS] = nondet_picks(model, label)
    return values


def encode_trace(model: Model, trace: Trace, status: str, style: str = "quint", mbt: bool | None = None) -> dict:
    """`trace` as an ITF document, in `style`:

    "quint" is exactly what `quint run --out-itf --mbt` writes, with `mbt::`
    fields from the labels. The itf-py library (0.5) cannot read that: it
    fails on `{"#tup": []}` as a variant's value and on a variant named
    `None`; so "itf-py" writes `{"tag": "UNIT"}` and no `mbt::` fields.
    `status` is Quint's: "violation" for a counterexample, "ok" otherwise.
    The variables are listed in the order `model.state_variables` gives them, those a state leaves unset
    too, as Quint lists them. `mbt=False`: no `mbt::` fields, as `quint test` writes its traces.
    """
    now = datetime.now(timezone.utc)
    recorded_steps, unit = (True, "tuple") if style == "quint" else (False, "UNIT")
    mbt = recorded_steps if mbt is None else mbt
    labels = list(trace.labels)
    if mbt and labels and labels[0] is None:
        labels[0] = model.init_label(trace.states[0])  # `init`'s own picks, as Quint records them
    states = [
        {"#meta": {"index": index}, **to_json(state_values(model, state, label, mbt), unit)}
        for index, (state, label) in enumerate(zip(trace.states, labels))
    ]
    names = model.trace_names()
    variables = [names.get(name, name) for name in model.state_variables()] + ([ACTION_TAKEN, NONDET_PICKS] if mbt else [])
    document = {
        "#meta": {
            "format": "ITF",
            "format-description": FORMAT_DESCRIPTION,
            "source": model.source,
            "status": status,
            "description": f"Created by ttt-check on {quint_date(now)}",
            "timestamp": int(now.timestamp() * 1000),
        },
        "vars": variables,
        "states": states,
    }
    if trace.loop is not None:
        document["loop"] = trace.loop
    return document


def write_trace(
    path: str, model: Model, trace: Trace, status: str, style: str = "quint", mbt: bool | None = None
) -> None:
    """Write `trace` to `path` as compact JSON, as Quint does; atomically (see `checker.files`)."""
    import json

    from checker.files import write_atomically

    document = encode_trace(model, trace, status, style, mbt)
    write_atomically(path, lambda out: json.dump(document, out, separators=(",", ":")))


# ---- traces: reading ---------------------------------------------------------


@dataclass(frozen=True)
class ItfTrace:
    """An ITF document read back: each state's variables as Quint values."""

    vars: tuple[str, ...]
    #: one mapping variable name -> Quint value per state (without a variable left unset, as Quint writes it)
    states: tuple[Mapping[str, Any], ...]
    loop: int | None
    meta: Mapping[str, Any]
    #: the states' JSON objects as read, to compare encodings
    raw_states: tuple[dict, ...] = ()


def decode_trace(document: Any) -> ItfTrace:
    """Read an ITF document (parsed JSON); ItfError names the first problem."""
    if not isinstance(document, dict):
        raise ItfError(f"expected an ITF trace object, found {json_text(document)}")
    states = document.get("states")
    if not isinstance(states, list):
        raise ItfError("no 'states' list: not an ITF trace")
    meta = document.get("#meta", {})
    variables = document.get("vars")
    if variables is None:
        variables = [name for name in states[0] if name != "#meta"] if states and isinstance(states[0], dict) else []
    if not (isinstance(variables, list) and all(isinstance(v, str) for v in variables)):
        raise ItfError("'vars' must be a list of variable names")
    decoded = []
    for i, raw in enumerate(states):
        if not isinstance(raw, dict):
            raise ItfError(f"state {i}: expected an object of variables, found {json_text(raw)}")
        missing = [name for name in variables if name.startswith("mbt::") and name not in raw]
        if missing:  # Quint leaves out a variable a step left unset, never these
            raise ItfError(f"state {i}: variable '{missing[0]}' is listed in 'vars' but has no value")
        decoded.append({name: from_json(v, f"state {i}: {name}") for name, v in raw.items() if name != "#meta"})
    loop = document.get("loop")
    if loop is not None and not states:
        raise ItfError("'loop' names a state, but the trace has no states")
    if loop is not None and not (isinstance(loop, int) and not isinstance(loop, bool) and 0 <= loop < len(states)):
        raise ItfError(f"'loop' must be the index of a state (0..{len(states) - 1}), found {json_text(loop)}")
    return ItfTrace(tuple(variables), tuple(decoded), loop, meta if isinstance(meta, dict) else {}, tuple(states))


def read_trace(path: str) -> ItfTrace:
    """Read and decode the ITF file at `path`; ItfError says what is wrong.

    Only a regular file of at most MAX_BYTES is read (not `/dev/zero`, a
    folder or a pipe), nested at most MAX_DEPTH deep.
    """
    import json
    import os
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a pipe would block
            raise ItfError("not a regular file")
        with open(path, "rb") as source:
            data = source.read(MAX_BYTES + 1)
    except OSError as error:
        raise ItfError(f"cannot read: {error.strerror}") from None
    if len(data) > MAX_BYTES:
        raise ItfError(f"larger than {MAX_BYTES // 2**20} MiB, the most ttt-check reads")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ItfError("not a text file (not UTF-8)") from None
    if nesting(text) > MAX_DEPTH:
        raise ItfError(f"nested deeper than {MAX_DEPTH} levels, the most ttt-check reads")
    try:
        document = json.loads(text, parse_int=parse, object_pairs_hook=_without_repeats)
    except json.JSONDecodeError as error:
        if not text.strip():
            raise ItfError("the file is empty") from None
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            where = f"line {error.lineno}, column {error.colno}"
            raise ItfError(f"the JSON ends early ({where}): the file is truncated") from None
        raise ItfError(f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    if _SURROGATE.search(text):
        try:
            json.dumps(document, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ItfError("a string holds half of a UTF-16 surrogate pair (\\ud800-\\udfff): no Unicode text") from None
    return decode_trace(document)


def _without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict; ItfError if it repeats a key (`{"x": 1, "x": 2}`), of which a JSON reader
    keeps one value and drops the other: the state it stands for is not one."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ItfError(f"an object repeats the key {json_text(key)}: which value it holds is not said")
        found[key] = value
    return found


#: JSON strings, and the text between brackets, which `nesting` ignores (an unterminated string runs to the end)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
#: the escape of a UTF-16 surrogate, which JSON allows but only in pairs that make one character
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def nesting(text: str) -> int:
    """How deep the arrays and objects of JSON `text` nest, found before parsing it
    (Python's parser and our readers recurse, so too deep a text would exhaust the stack)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
