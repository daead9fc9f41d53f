"""Fuzzing `ttt-check replay` with mutated ITF files: one line per bad file, never a traceback.

Seeds are Quint's traces (tests/fixtures/quint) and traces ttt-check writes
(`--out-itf`, both styles). A seeded generator mutates them in one category
each: values, types, nesting, numbers, keys, truncation, encodings, and
files that are no ITF at all. Every input must give exit code 0, 1, 2 or 12
(as `replay --help` documents), exactly one `ttt-check: error:` line on
stderr when it fails (1 or 2) and none when it passes, and leave every file
as it was. A sample goes through the installed console script too.

FUZZ_EXAMPLES (default 80) is the number of inputs per category, FUZZ_SEED
(default 0) the seed: `FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_itf.py -s`
is the long run; `-s` shows the counts per category.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
from pathlib import Path

import console
import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "quint"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "80"))
SEED = int(os.environ.get("FUZZ_SEED", "0"))
DOCUMENTED_EXITS = {0, 1, 2, 12}

# ---- where to mutate -----------------------------------------------------------------


def places(node, found=None):
    """Every (container, key) of a parsed JSON document, so that `container[key]` can be replaced."""
    found = [] if found is None else found
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found.append((node, key))
        places(child, found)
    return found


def replace_somewhere(rng: random.Random, document, make):
    """`document` with one node, picked at random, replaced by `make(old)`."""
    document = copy.deepcopy(document)
    container, key = rng.choice(places(document))
    container[key] = make(container[key])
    return document


# ---- mutations, by category: each takes (rng, document, text) and gives the file's bytes ----------

WEIRD_DIGITS = ["²", "٣", "１", "--1", "+1", " 1", "1 ", "1_000", "0x1", "", "-", "1e3", "1.0", "\n1"]


def a_value(rng: random.Random):
    return rng.choice(
        [
            None, True, False, 0, -1, 2**70, 1.5, float("1e308"), "", "X", "Occupied", "\u2603", "a\nb", [], {},
            {"#bigint": rng.choice(WEIRD_DIGITS + ["7", "-0", "0" * 50])},
            {"tag": rng.choice(["X", "O", "Empty", "Occupied", "", "#tup"]), "value": rng.choice([None, {}, 1, []])},
            {"#tup": [1, "a"]}, {"#set": [1, 1]}, {"#map": [[1, 2]]}, {"#unserializable": "Int"},
        ]
    )


def values(rng, document, text):
    return dump(replace_somewhere(rng, document, lambda old: a_value(rng)))


def types(rng, document, text):
    def other_type(old):
        kinds = [
            lambda: [old], lambda: {"#tup": [old]}, lambda: {"#set": [old, old]}, lambda: {"#map": [[old, old]]},
            lambda: {"#map": [old]}, lambda: json.dumps(old), lambda: {"tag": "X", "value": old},
            lambda: {"#bigint": old}, lambda: list(old.values()) if isinstance(old, dict) else {"x": old},
            lambda: {"#set": [1, "a"]}, lambda: {"#map": [[1, 1], ["a", 2]]},
            lambda: {"#set": [{"#tup": [1]}, {"#tup": ["a"]}, {"#tup": [True]}]},
        ]
        return rng.choice(kinds)()

    return dump(replace_somewhere(rng, document, other_type))


def nesting(rng, document, text):
    depth = rng.choice([rng.randint(1, 120), rng.randint(90, 110), rng.randint(300, 1200), rng.randint(3000, 20000)])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}"), ('{"#tup":[', "]}"), ('{"#set":[', "]}")])
    marker = "__nested__"
    mutated = dump(replace_somewhere(rng, document, lambda old: marker)).decode()
    return mutated.replace(f'"{marker}"', opener * depth + "1" + closer * depth).encode()


def numbers(rng, document, text):
    digits = rng.choice([rng.randint(1, 20), rng.randint(4290, 4310), rng.randint(5000, 50000)])
    number = rng.choice(["", "-"]) + "9" * digits
    choice = rng.randrange(4)
    if choice == 0:  # a plain JSON integer somewhere, even in #meta
        mutated = dump(replace_somewhere(rng, document, lambda old: "__number__")).decode()
        return mutated.replace('"__number__"', number).encode()
    if choice == 1:
        return dump(replace_somewhere(rng, document, lambda old: {"#bigint": number}))
    if choice == 2:
        return text.replace('"timestamp":', f'"timestamp":{number},"t":', 1).encode()
    return dump(replace_somewhere(rng, document, lambda old: {"#bigint": rng.choice(WEIRD_DIGITS)}))


def keys(rng, document, text):
    document = copy.deepcopy(document)
    objects = [node for node, key in places(document) if isinstance(node, dict)] + [document]
    target = rng.choice(objects)
    choice = rng.randrange(5)
    if choice == 0 and target:
        del target[rng.choice(list(target))]
    elif choice == 1 and target:
        old = rng.choice(list(target))
        target[rng.choice(["#bigint", "#set", "#tup", "#map", "tag", "value", "#meta", old + "x", ""])] = target.pop(old)
    elif choice == 2:
        target[rng.choice(["#bigint", "#set", "tag", "value", "vars", "loop", "states", "source"])] = a_value(rng)
    elif choice == 3:
        document[rng.choice(["vars", "loop", "states", "#meta"])] = a_value(rng)
    else:
        document["#meta"] = {**document.get("#meta", {}), "source": rng.choice(["x.qnt", "", None, 1, ["tictactoe.qnt"]])}
    return dump(document)


def truncation(rng, document, text):
    data = text.encode()
    return data[: rng.randrange(len(data))]


def encodings(rng, document, text):
    choice = rng.randrange(7)
    if choice == 0:
        return text.encode(rng.choice(["utf-16", "utf-32", "utf-8-sig"]))
    if choice == 1:
        at = rng.randrange(len(text))
        return text[:at].encode() + rng.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"]) + text[at:].encode()
    if choice == 2:  # lone surrogates and control characters inside strings
        return text.replace('"X"', rng.choice(['"\\ud800"', '"X\\u0000"', '"\\udfff"', '"X\\n"']), 1).encode()
    if choice == 3:
        return dump(replace_somewhere(rng, document, lambda old: rng.choice(["\ud800", "X\u202e", "\x1b[2J"])),
                    ascii_only=True)
    if choice == 4:
        return text.replace('"source":"', '"source":"\\ud800', 1).encode()
    if choice == 5:
        return text.replace(",", ",\r\n").encode("latin-1", "replace")
    return text.encode() + rng.choice([b"\n\n", b" garbage", b"{}", b"\x00"])


MUTATIONS = {
    "values": values,
    "types": types,
    "nesting": nesting,
    "numbers": numbers,
    "keys": keys,
    "truncation": truncation,
    "encodings": encodings,
}


def dump(document, ascii_only: bool = False) -> bytes:
    return json.dumps(document, separators=(",", ":"), ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


# ---- the seeds, and the checks --------------------------------------------------------


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    """(text, parsed) of each seed trace: Quint's fixtures and counterexamples ttt-check writes."""
    folder = tmp_path_factory.mktemp("seeds")
    for spec, style in (("random", "quint"), ("strategy", "itf-py")):
        write_counterexample(spec, style, folder / f"{spec}.itf.json")
    paths = sorted(FIXTURES.glob("*.itf.json")) + sorted(folder.glob("*.itf.json"))
    assert len(paths) == 7
    return [(p.read_text(), json.loads(p.read_text())) for p in paths]


def write_counterexample(spec: str, style: str, out: Path) -> None:
    """`ttt-check --spec SPEC -i NotStalemate --out-itf OUT --itf-style STYLE`, in-process."""
    import sys

    from model.commands.main import main

    argv = sys.argv
    sys.argv = ["ttt-check", "--spec", spec, "-i", "NotStalemate", "--out-itf", str(out), "--itf-style", style]
    try:
        with pytest.raises(SystemExit) as exited:
            main()
        assert exited.value.code == 12
    finally:
        sys.argv = argv


def digest(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def fixtures_digest() -> dict:
    return {path.name: digest(path) for path in FIXTURES.iterdir()}


OPTIONS = [[], ["-q"], ["-i", "NotStalemate"], ["--same-encoding"], ["--show"], ["--spec", "random"], ["--from-any-state"]]


def problems(code, out: str, err: str) -> list[str]:
    """How a run broke the promise (none when it kept it)."""
    found = []
    if code not in DOCUMENTED_EXITS:
        found.append(f"exit {code!r}: {err[:200]!r}")
    if "Traceback" in out + err:
        found.append("a traceback")
    lines = err.splitlines()
    if code in (1, 2) and not (len(lines) == 1 and lines[0].startswith("ttt-check: error: ")):
        found.append(f"stderr is not one error line: {err[:300]!r}")
    if code in (0, 12) and err:
        found.append(f"stderr on success: {err[:300]!r}")
    return found


def check_replay(ttt_check, path: Path, options: list) -> tuple[int, list[str]]:
    """Replay `path` in-process: (exit code, what went wrong)."""
    before = digest(path)
    try:
        code, out, err = ttt_check("replay", *options, path)
    except Exception as error:  # the promise is broken: report it with the input, not as a crash of the test
        return -1, [f"{type(error).__name__}: {str(error)[:200]}"]
    found = problems(code, out, err)
    if digest(path) != before:
        found.append("the file was changed")
    return code, found


def mutated(seeds, category: str, index: int) -> tuple[bytes, list]:
    """The `index`-th input of `category`, and the options to replay it with (the same on every run)."""
    rng = random.Random(f"{SEED}:{category}:{index}")
    text, document = rng.choice(seeds)
    return MUTATIONS[category](rng, document, text), rng.choice(OPTIONS)


SPEC_FILES = {"tictactoe.qnt", "tictactoe_random.qnt"}


def names_a_spec(data: bytes) -> bool:
    """Whether the input is a JSON object whose `#meta.source` names a spec's file; if not,
    replay refuses it (exit 2) unless --spec says which spec to replay it against."""
    try:
        # integers kept as their digits: Python refuses to convert more than 4,300 of them, ttt-check reads any
        source = json.loads(data, parse_int=str)["#meta"]["source"]
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return False
    return isinstance(source, str) and os.path.basename(source) in SPEC_FILES


@pytest.mark.parametrize("category", MUTATIONS)
def test_mutated_traces_get_one_line_and_a_documented_exit(ttt_check, tmp_path, seeds, category):
    fixtures = fixtures_digest()
    failures, exits = [], {}
    for index in range(EXAMPLES):
        data, options = mutated(seeds, category, index)
        path = tmp_path / f"{category}-{index}.itf.json"
        path.write_bytes(data)
        code, found = check_replay(ttt_check, path, options)
        if code != 2 and "--spec" not in options and not names_a_spec(data):
            found.append(f"exit {code}, not 2, for a trace whose #meta.source is no spec's file")
        exits[code] = exits.get(code, 0) + 1
        if found:
            failures.append(f"{category} #{index} (replay {' '.join(options)}): {'; '.join(found)}")
        path.unlink()
    assert fixtures_digest() == fixtures
    print(f"\nfuzz {category}: {EXAMPLES} inputs, {len(failures)} failures; exit codes {dict(sorted(exits.items()))}")
    assert not failures, f"{len(failures)} of {EXAMPLES} broke the promise:\n" + "\n".join(failures[:10])
    # the mutations reach past the reader: but for truncation, which never leaves valid
    # JSON, some inputs are read and then found to be no behaviour of the spec (exit 1)
    assert category == "truncation" or exits.get(1, 0) > 0


def special_files(tmp_path: Path) -> dict[str, Path]:
    """Paths that are no ITF file at all."""
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "empty.itf.json").write_bytes(b"")
    (tmp_path / "blank.itf.json").write_bytes(b" \n\t\n")
    huge = tmp_path / "huge.itf.json"
    with open(huge, "wb") as out:  # sparse: 40 MiB of zeros that take no disk
        out.truncate(40 * 2**20)
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    return {
        "folder": tmp_path / "folder",
        "pipe": tmp_path / "pipe",
        "/dev/zero": Path("/dev/zero"),
        "/dev/null": Path("/dev/null"),
        "missing": tmp_path / "missing.itf.json",
        "empty": tmp_path / "empty.itf.json",
        "blank": tmp_path / "blank.itf.json",
        "40 MiB": huge,
        "dangling symlink": tmp_path / "dangling",
        "symlink loop": tmp_path / "loop",
    }


def test_files_that_are_no_trace_get_one_line(ttt_check, tmp_path):
    for name, path in special_files(tmp_path).items():
        code, out, err = ttt_check("replay", path)
        assert code == 2, name
        assert problems(code, out, err) == [], name


def test_the_installed_command_keeps_the_promise(ttt_check, tmp_path, seeds):
    """A sample through the console script: its exit code and error lines are the in-process ones."""
    paths, expected = [], []
    for category in MUTATIONS:
        for index in range(3):
            data, _ = mutated(seeds, category, index)
            path = tmp_path / f"{category}-{index}.itf.json"
            path.write_bytes(data)
            paths.append(path)
    paths += [path for name, path in special_files(tmp_path).items() if name in ("pipe", "/dev/zero", "40 MiB")]
    for path in paths:
        code, _, _ = ttt_check("replay", path)
        expected.append(code)
    done = console.run("replay", *paths, timeout=120)
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stderr.splitlines()
    assert all(line.startswith("ttt-check: error: ") for line in lines), done.stderr[:1000]
    assert len(lines) == sum(code in (1, 2) for code in expected)
    assert done.returncode == max(expected, key=[0, 1, 2].index)
    # one at a time, where the trace's own strings reach the output (the header names its source)
    for path, code in zip(paths, expected):
        if not path.name.startswith(("keys", "encodings")):
            continue
        done = console.run("replay", "--show", path, timeout=60)
        assert (done.returncode, problems(done.returncode, done.stdout, done.stderr)) == (code, [])
