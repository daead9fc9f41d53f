"""The examples of README.md and docs/: found, run as a reader would run them, and compared.

An example is a line `$ COMMAND` in a fenced block or in an indented (4 spaces) block; the lines
after it, up to the next `$ ` line or the block's end, are what it prints. A command may end with
`# exit N` (the exit code it must end with) or `# slow` (left to the benchmarks, not run by the
tests). In what is shown, a line that is `...`, or holds `(trimmed)`, stands for lines left out;
timings and rates are masked. Between two such lines, what is shown must be printed line for line.

A command ending with `# Ctrl+C` (a server) is interrupted once it has printed its first line, as the
reader would stop it.

A comment `<!-- docs-test: in FILE, delete the line "TEXT" -->` before a block says that the reader
edited a file before the block's commands: they run in a copy of the project with that edit.

Every page runs in its own copy of the project's tracked files (`Scratch`), never in the project
itself, and a command that changes a tracked file of the copy fails its test.

    python -m tests.docs_examples docs/benchmarks.md    rerun the page's `# slow` commands (the
                                                          benchmarks), writing what they print under them
    python -m tests.docs_examples --fill PAGE.md         the same for the commands that show nothing yet
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the folder of the Python running the tests: its `ttt-check`, `python` and `pip` are the reader's
BIN = str(Path(sys.executable).parent)

#: timings and rates, which differ from run to run
TIMING = [
    (re.compile(r"[\d.]+ s \([\d,]+ states/s\)"), "<time>"),
    (re.compile(r"[\d.]+ s at [\d,]+ traces/second"), "<time>"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b"), "<time>"),
    (re.compile(r"[\d,]+ (states|traces|positions)/s\b"), "<rate>"),
]

FENCE = re.compile(r"^(```|~~~)")
EDIT = re.compile(r'<!-- docs-test: in (\S+), delete the line "(.+?)" -->')
EXIT = re.compile(r"\s+# exit (\d+)\s*$")
SLOW = re.compile(r"\s+# slow\s*$")
CTRL_C = re.compile(r"\s+# Ctrl\+C\b.*$")
#: the first words of a command a reader would copy: shown in a code block, it must be a `$ ` example
COMMANDS = ("ttt-check", "python", "python3", "pip", ".venv/", "quint", "npm", "mkdir", "printf", "echo", "sed", "cp")


def mask(line: str) -> str:
    for pattern, replacement in TIMING:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def trimmed(line: str) -> bool:
    """A line standing for output the page leaves out."""
    text = line.strip()
    return text == "..." or (text.startswith("...") and text.endswith("...")) or "(trimmed)" in text


@dataclass
class Block:
    """A code block of a page: its lines, where it starts, and the edit the reader made before it."""

    page: Path
    line: int
    lines: list[str]
    edit: tuple[str, str] | None = None


@dataclass
class Example:
    page: Path
    line: int
    command: str
    shown: list[str]
    exit: int | None = None
    slow: bool = False
    edit: tuple[str, str] | None = None
    interrupt: bool = False

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced and the indented code blocks of a Markdown page."""
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    edit = None
    i = 0
    while i < len(lines):
        line = lines[i]
        marker = EDIT.search(line)
        if marker:
            edit = (marker.group(1), marker.group(2))
        if FENCE.match(line):
            fence = line[:3]
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith(fence):
                i += 1
            found.append(Block(page, start + 1, lines[start:i], edit))
            edit = None
        elif line.startswith("    ") and line.strip() and (i == 0 or not lines[i - 1].strip()) and not in_list(lines, i):
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            body = [text[4:] for text in lines[start:i]]
            while body and not body[-1].strip():
                body.pop()
            found.append(Block(page, start + 1, body, edit))
            edit = None
            continue
        i += 1
    return found


def in_list(lines: list[str], i: int) -> bool:
    """Whether the indented line `i` continues a list item (Markdown then reads it as the item's text)."""
    for j in range(i - 1, -1, -1):
        text = lines[j]
        if not text.strip():
            continue
        if text.startswith("    "):
            continue
        return bool(re.match(r"\s*([-*+]|\d+\.)\s", text))
    return False


def examples(page: Path) -> list[Example]:
    """The `$ ` examples of a page, in order."""
    found = []
    for block in blocks(page):
        for i, line in enumerate(block.lines):
            if not line.startswith("$ "):
                continue
            shown = []
            for after in block.lines[i + 1:]:
                if after.startswith("$ "):
                    break
                shown.append(after)
            while shown and not shown[-1].strip():
                shown.pop()
            command = line[2:]
            code = EXIT.search(command)
            slow = bool(SLOW.search(command))
            interrupt = bool(CTRL_C.search(command))
            command = CTRL_C.sub("", SLOW.sub("", EXIT.sub("", command)))
            found.append(Example(page, block.line + i, command, shown, int(code.group(1)) if code else None, slow,
                                 block.edit, interrupt))
    return found


def unmarked_commands(page: Path, allowed: set[str] = frozenset()) -> list[str]:
    """Commands shown in a code block without `$ ` (so never run), other than the lines in `allowed`."""
    bad = []
    for block in blocks(page):
        body = [line for line in block.lines if line.strip()]
        if not body or any(line.startswith("$ ") for line in body) or body[0].startswith((">>>", "{", "[")):
            continue
        first = body[0].strip()
        if first.startswith(COMMANDS) and first not in allowed:
            bad.append(f"{page.relative_to(ROOT)}:{block.line}: {first}")
    return bad


def compare(shown: list[str], printed: list[str]) -> str | None:
    """None when `printed` is what `shown` shows (trimmed parts aside), else what differs."""
    actual = [mask(line) for line in printed]
    chunks: list[list[str]] = [[]]
    for line in shown:
        if trimmed(line):
            chunks.append([])
        else:
            chunks[-1].append(mask(line))
    open_start = trimmed(shown[0]) if shown else False
    open_end = trimmed(shown[-1]) if shown else False
    chunks = [chunk for chunk in chunks]
    position = 0
    for n, chunk in enumerate(chunks):
        # blank lines at a trim's edge are the page's layout, not the output's
        while chunk and not chunk[0] and (n > 0 or open_start):
            chunk.pop(0)
        while chunk and not chunk[-1] and (n < len(chunks) - 1 or open_end):
            chunk.pop()
        if not chunk:
            continue
        first = n == 0 and not open_start
        if first:
            if actual[: len(chunk)] != chunk:
                return difference(chunk, actual[: len(chunk) + 3], "the first lines")
            position = len(chunk)
            continue
        at = find(actual, chunk, position)
        if at is None:
            return difference(chunk, actual[position:], "these lines, together, after the ones before")
        position = at + len(chunk)
    if not open_end and shown and position != len(actual):
        return "printed more than shown, and the page marks no trim at the end:\n" + "\n".join(actual[position:][:10])
    return None


def find(actual: list[str], chunk: list[str], start: int) -> int | None:
    for at in range(start, len(actual) - len(chunk) + 1):
        if actual[at: at + len(chunk)] == chunk:
            return at
    return None


def difference(chunk: list[str], actual: list[str], what: str) -> str:
    return f"shown ({what}):\n" + "\n".join(chunk) + "\n\nprinted:\n" + "\n".join(actual[:40])


def tracked_files() -> list[str]:
    """The project's tracked files (git's list; without git, every file but the local ones)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        return [name for name in listed.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", ".quint", "__pycache__", ".pytest_cache", ".hypothesis"}
        return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                if (p.is_file() or p.is_symlink()) and not skip & set(p.relative_to(ROOT).parts)]


class Scratch:
    """A copy of the project's tracked files, where a page's examples run as in a fresh clone
    (Quint's `.quint/` linked in, when the project has one); it knows when a tracked file changes."""

    def __init__(self, folder: Path, edit: tuple[str, str] | None = None):
        self.folder = folder
        self.files = tracked_files()
        for name in self.files:
            source, target = ROOT / name, folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_symlink():
                target.symlink_to(os.readlink(source))
            elif source.is_file():
                shutil.copy2(source, target)
        if (ROOT / ".quint").exists():
            (folder / ".quint").symlink_to((ROOT / ".quint").resolve())
        if edit is not None:
            path, line = edit
            text = (folder / path).read_text(encoding="utf-8").splitlines(keepends=True)
            kept = [each for each in text if each.strip() != line]
            assert len(kept) == len(text) - 1, f"{path} has no line {line!r} to delete"
            (folder / path).write_text("".join(kept), encoding="utf-8")
        self.cache = folder.parent / (folder.name + "-cache")
        self.before = self.snapshot()

    def snapshot(self) -> dict[str, tuple]:
        found = {}
        for name in self.files:
            try:
                info = (self.folder / name).lstat()
                found[name] = (info.st_ino, info.st_size, info.st_mtime_ns)
            except OSError:
                found[name] = None
        return found

    def changed(self) -> list[str]:
        """The tracked files an example changed, created anew or removed."""
        now = self.snapshot()
        return [name for name in self.files if now[name] != self.before[name]]

    def run(self, command: str, timeout: float = 300, interrupt: bool = False) -> subprocess.CompletedProcess:
        environment = {
            **os.environ,
            "COLUMNS": "80",
            "PATH": BIN + os.pathsep + os.environ["PATH"],
            "XDG_CACHE_HOME": str(self.cache),
            "VIRTUAL_ENV": str(Path(BIN).parent),
        }
        if interrupt:
            return interrupted(command, self.folder, environment, timeout)
        return subprocess.run(
            ["bash", "-c", command], cwd=self.folder, capture_output=True, text=True, env=environment,
            stdin=subprocess.DEVNULL, timeout=timeout,
        )


def interrupted(command: str, folder: Path, environment: dict, timeout: float) -> subprocess.CompletedProcess:
    """Run `command` until it has printed a line, then press Ctrl+C (SIGINT to its process group)."""
    import signal
    import tempfile
    import time

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(["bash", "-c", command], cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=err, text=True, start_new_session=True)
        deadline = time.monotonic() + timeout
        while process.poll() is None and time.monotonic() < deadline:
            out.seek(0)
            if "\n" in out.read():
                break
            time.sleep(0.1)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
        try:
            code = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            code = process.wait()
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(command, code, out.read(), err.read())


def output_lines(done: subprocess.CompletedProcess) -> list[str]:
    return (done.stdout + done.stderr).splitlines()


def rewrite(page: Path, empty: bool = False) -> None:
    """Run the page's `# slow` commands (or, with `empty`, the commands that show no output yet) in order, in
    scratch copies, and write what each printed under it."""
    import tempfile

    text = page.read_text(encoding="utf-8").splitlines()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        scratches: dict = {}
        for example in examples(page):
            key = example.edit
            if key not in scratches:
                scratches[key] = Scratch(Path(tmp) / f"project{len(scratches)}", example.edit)
            chosen = (not example.slow and not example.shown) if empty else example.slow
            if not chosen and (example.slow or empty is False):
                continue
            print(f"$ {example.command}", file=sys.stderr)
            done = scratches[key].run(example.command, timeout=3600, interrupt=example.interrupt)
            if chosen:
                results[example.line] = (example, output_lines(done), done.returncode)
    for line, (example, printed, code) in sorted(results.items(), reverse=True):
        indent = re.match(r"\s*", text[line - 1]).group(0)
        # the command's line, counted from 1: its output starts on the next one
        text[line: line + len(example.shown)] = [indent + each if each else "" for each in printed]
        if code and example.exit is None:
            print(f"{example.name}: exit {code}", file=sys.stderr)
    page.write_text("\n".join(text) + "\n", encoding="utf-8")


if __name__ == "__main__":
    fill = "--fill" in sys.argv
    for name in [arg for arg in sys.argv[1:] if arg != "--fill"]:
        rewrite(Path(name).resolve(), empty=fill)
