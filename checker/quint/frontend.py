"""Quint's compiler as the front end: a `.qnt` file -> its IR (JSON), cached.

`quint compile --target json FILE` parses, resolves and typechecks the spec
and flattens its modules. Quint is found through `--quint PATH`, the `QUINT`
environment variable, a project-local `.quint/` (in the current folder, the
spec's folder, or one of their parents), or `PATH`. Its start-up takes
seconds, so the IR is cached in the user's cache folder, keyed by the
SHA-256 of the spec (and of the files it imports), the main module and
Quint's version. Only the parts the evaluator reads are kept: the modules,
the main module's name, and the types of top-level definitions.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from checker.files import write_atomically
from checker.model import SpecError

INSTALL_HINT = (
    "Quint is needed to read a .qnt file; install it with npm in the project folder: "
    "mkdir -p .quint && cd .quint && echo "
    """'{"dependencies":{"@informalsystems/quint":"0.33.0"},"overrides":{"antlr4ts":"0.5.0-alpha.4"}}'"""
    " > package.json && npm install (or pass --quint PATH, or set QUINT)"
)
LOCAL_QUINT = Path(".quint") / "node_modules" / ".bin" / "quint"


class FrontEndError(SpecError):
    """Quint is missing, or the spec does not compile; the message says why."""


def find_quint(given: str | None = None, spec: Path | None = None) -> Path:
    """The `quint` executable to use (see the module docstring for the order)."""
    for explicit, origin in ((given, "--quint"), (os.environ.get("QUINT"), "QUINT")):
        if explicit:
            path = Path(explicit)
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise FrontEndError(f"{origin} names {explicit}, which is not an executable file")
            return path
    starts = [Path.cwd()] + ([spec.resolve().parent] if spec is not None else [])
    for start in starts:
        for folder in (start, *start.parents):
            candidate = folder / LOCAL_QUINT
            if candidate.is_file():
                return candidate
    found = shutil.which("quint")
    if found:
        return Path(found)
    raise FrontEndError(INSTALL_HINT)


def quint_version(quint: Path) -> str:
    """Quint's version: from its package.json when it is an npm install, else `quint --version`."""
    for folder in quint.resolve().parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            data = json.loads(manifest.read_text())
            if data.get("name") == "@informalsystems/quint":
                return data["version"]
    done = subprocess.run([str(quint), "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def source_digest(spec: Path) -> str:
    """SHA-256 of the spec and, recursively, of the files it imports (`import M.* from "./other"`)."""
    digest = hashlib.sha256()
    seen: set[Path] = set()
    pending = [spec.resolve()]
    while pending:
        path = pending.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        text = path.read_bytes()
        digest.update(str(len(text)).encode() + b":" + text)
        for name in re.findall(rb'from\s+"([^"]+)"', text):
            target = path.parent / name.decode()
            pending.append(target if target.suffix == ".qnt" else target.with_suffix(".qnt"))
    return digest.hexdigest()


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ttt-check" / "ir"


def slim(ir: dict) -> dict:
    """The parts of `quint compile`'s output that the evaluator reads."""
    top = {str(d["id"]) for m in ir["modules"] for d in m["declarations"] if "id" in d}
    types = {key: value["type"] for key, value in ir.get("types", {}).items() if key in top}
    return {"main": ir.get("main"), "modules": ir["modules"], "types": types}


def compile_spec(spec: Path, quint: str | None = None, main: str | None = None, cache: bool = True) -> dict:
    """The slim IR of `spec` (see `slim`), from the cache or from `quint compile`."""
    if not spec.is_file():
        raise FrontEndError(f"no such spec file: {spec}")
    executable = find_quint(quint, spec)
    version = quint_version(executable)
    key = hashlib.sha256(f"{source_digest(spec)} {main or ''} {version}".encode()).hexdigest()
    cached = cache_folder() / f"{key}.json"
    if cache and cached.is_file():
        try:
            return json.loads(cached.read_text())
        except (OSError, ValueError):
            pass  # a damaged cache entry is compiled again
    command = [str(executable), "compile", "--target", "json", str(spec)] + (["--main", main] if main else [])
    # node cuts a long stdout short when it is a pipe: the IR goes through a file
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "ir.json"
        done = _run([*command, "--out", str(out)], executable)
        if done.returncode != 0:
            done = _run(command, executable)  # --out silences the errors: again, to show them
            message = done.stderr.strip() or done.stdout.strip()[-2000:] or f"exit code {done.returncode}"
            raise FrontEndError(f"quint compile {spec} failed:\n{message}")
        ir = slim(json.loads(out.read_text()))
    if cache:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(cached), lambda out: json.dump(ir, out))
        except OSError:
            pass  # no cache folder: compile every time
    return ir


def _run(command: list[str], executable: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise FrontEndError(f"cannot run {executable}: {error}") from None
