"""The README runs as written: every `$ command` in its fenced blocks prints what the README shows.

Each command runs from a scratch folder that sees the project's files, with
`.venv/bin/` meaning the environment these tests run in. The lines the README
shows after a command must appear in its output, in order; timings are
masked, and lines the README trims (`...`) are skipped. Commands marked
`# slow` in the README are left to the benchmarks.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = str(Path(sys.executable).parent) + "/"

#: timings and rates, which differ from run to run
TIMING = [
    (re.compile(r"[\d.]+ s \([\d,]+ states/s\)"), "<time>"),
    (re.compile(r"[\d.]+ s at [\d,]+ traces/second"), "<time>"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b"), "<time>"),
    (re.compile(r"[\d,]+ (states|traces|positions)/s\b"), "<rate>"),
]


def mask(line: str) -> str:
    for pattern, replacement in TIMING:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def trimmed(line: str) -> bool:
    """A line standing for output the README leaves out."""
    text = line.strip()
    return text == "..." or (text.startswith("...") and text.endswith("...")) or "(trimmed)" in text


def examples() -> list[tuple[str, list[str]]]:
    """(command, lines shown after it) for every `$ ` line of a fenced block."""
    found = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", README, re.MULTILINE | re.DOTALL):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ ") and "# slow" not in line:
                shown = []
                for after in lines[i + 1 :]:
                    if after.startswith("$ "):
                        break
                    shown.append(after)
                found.append((line[2:], shown))
    return found


def test_the_readme_has_examples():
    assert len(examples()) >= 8


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readme")
    for entry in ROOT.iterdir():
        if entry.name not in {".git", ".venv"}:
            (folder / entry.name).symlink_to(entry)
    return folder


@pytest.mark.parametrize("command, shown", examples(), ids=[command for command, _ in examples()])
def test_each_readme_example_prints_what_it_shows(command, shown, scratch):
    done = subprocess.run(
        command.replace(".venv/bin/", BIN),
        shell=True,
        cwd=scratch,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80", "PATH": BIN + os.pathsep + os.environ["PATH"]},
        timeout=120,
    )
    actual = [mask(line) for line in (done.stdout + done.stderr).splitlines()]
    position = 0
    for line in shown:
        if trimmed(line) or not line.strip():
            continue
        expected = mask(line)
        while position < len(actual) and actual[position] != expected:
            position += 1
        assert position < len(actual), f"README line not printed (in this order) by `{command}`:\n{line}"
        position += 1
