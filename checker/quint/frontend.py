"""Quint's own front end: a `.qnt` file -> the flattened IR (JSON) the evaluator reads, cached.

Quint is found through `--quint PATH`, the `QUINT` environment variable, a
project-local `.quint/` (in the current folder, the spec's folder, or one of
their parents), or `PATH`; it must be Quint's npm package, whose modules
`flatten.js` (beside this file) runs in one node process: parse, resolve
names, typecheck, and flatten every module the main one imports or
instantiates, as `quint compile` does (so names are Quint's: `I::x` of an
instance `I` in main module `M` is `M::I::x`, and its constants are bound).
A spec that does not compile raises `QuintMessage`, Quint's own message laid
out as `quint` prints it.

Compiling costs about two seconds, so the IR is cached in the user's cache
folder (`$XDG_CACHE_HOME/ttt-check/ir`, or `~/.cache/...`), one file per
spec and options, named by a key over Quint's version, the spec's path and
content, and the --main, --init and --step options. An entry holds its key
and the SHA-256 of every file Quint read for it, and is used only when both
still match; any entry that does not load is compiled again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from checker.files import SOURCE_LIMIT, ReadError, read_bounded, write_atomically
from checker.model import SpecError

INSTALL_HINT = (
    "Quint (its npm package, run by node) is needed to read a .qnt file; install it in the project folder, "
    "as README.md says: .ci/install_quint (or pass --quint PATH, or set QUINT)"
)
LOCAL_QUINT = Path(".quint") / "node_modules" / ".bin" / "quint"
PACKAGE = "@informalsystems/quint"
#: the driver node runs, with Quint's modules
DRIVER = Path(__file__).with_name("flatten.js")
#: the shape of the IR this front end writes; a cache entry of another shape is compiled again
IR_FORMAT = 5
#: the largest IR (or cache entry) read: far above any spec's (Quint's own examples stay under 2 MiB)
MAX_IR_BYTES = 64 * 2**20
#: the largest .qnt file hashed for the cache key (Quint reads it whole anyway)
MAX_SPEC_BYTES = 16 * 2**20
#: the longest Quint may take to compile a spec (the lecture's take 2 s, Quint's largest examples 20 s;
#: a spec nested 1,000 levels deep takes its parser minutes)
COMPILE_SECONDS = 120


class FrontEndError(SpecError):
    """Quint is missing, or could not be run; the message says why."""


class FolderGone(FrontEndError):
    """The working folder was deleted: like a file that cannot be written there, exit 74."""

    exit_code = 74


class QuintMessage(FrontEndError):
    """The spec does not compile: Quint's own message, over several lines (`path:line:col`, the
    source line, the caret), printed as it is."""

    formatted = True


def find_quint(given: str | None = None, spec: Path | None = None) -> Path:
    """The `quint` executable to use (see the module docstring for the order)."""
    try:
        starts = [Path.cwd()] + ([spec.resolve().parent] if spec is not None else [])
    except OSError:  # Quint (node) cannot start there, wherever it is installed
        raise FolderGone("cannot run Quint: the working folder is gone (cd to a folder that exists)") from None
    for explicit, origin in ((given, "--quint"), (os.environ.get("QUINT"), "QUINT")):
        if explicit:
            path = Path(explicit)
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise FrontEndError(f"{origin} names {explicit}, which is not an executable file")
            return path
    for start in starts:
        for folder in (start, *start.parents):
            candidate = folder / LOCAL_QUINT
            if candidate.is_file():
                return candidate
    found = shutil.which("quint")
    if found:
        return Path(found)
    raise FrontEndError(INSTALL_HINT)


def quint_package(quint: Path) -> tuple[Path, str]:
    """The folder of Quint's npm package that `quint` runs, and its version."""
    for folder in quint.resolve().parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            try:
                data = json.loads(read_bounded(str(manifest), 2**20))
            except (ReadError, ValueError):
                continue
            if isinstance(data, dict) and data.get("name") == PACKAGE and isinstance(data.get("version"), str):
                return folder, data["version"]
    raise FrontEndError(f"{quint} is not the quint of Quint's npm package, which ttt-check runs. {INSTALL_HINT}")


def cache_folder() -> Path | None:
    """Where IRs are cached: `$XDG_CACHE_HOME` if it is an absolute path (as the XDG convention
    says; a relative one is ignored), else `~/.cache`; None when there is no home folder."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:
            return None
    return Path(base) / "ttt-check" / "ir"


def file_digest(path: str) -> str | None:
    """SHA-256 of a file's bytes, or None when it cannot be read."""
    try:
        return hashlib.sha256(read_bounded(path, MAX_SPEC_BYTES)).hexdigest()
    except ReadError:
        return None


def cache_key(spec: Path, version: str, options: dict[str, str | None]) -> str:
    """The key of a spec's IR: Quint's version, the spec's path and content, and the options that change the IR."""
    chosen = json.dumps({"format": IR_FORMAT, "quint": version, "spec": str(spec.resolve()), **options}, sort_keys=True)
    return hashlib.sha256(f"{chosen} {file_digest(str(spec))}".encode()).hexdigest()


def compile_spec(
    spec: Path,
    quint: str | None = None,
    main: str | None = None,
    cache: bool = True,
    init: str | None = None,
    step: str | None = None,
    tests: bool = False,
    compiled: Callable[[float], None] | None = None,
) -> dict:
    """The IR of `spec`, from the cache or from Quint: `{main, modules: [the flattened main module],
    types, sourceMap, init, step, names, visible, files}`. `init` and `step` are the flattened names of the
    actions --init and --step name (default `init`, `step`); `names` maps the flattened name of each
    property imported from another module to the name the main module gives it (`M::I::inv` -> `I::inv`),
    `visible` are the names the main module can use (its own and those it imports);
    `sourceMap` is in the shape `quint parse --source-map` writes, for the ids of the flattened module.
    `tests`: for `ttt-check test`, a spec without its init or step action compiles too (see `flatten.js`).
    `compiled` is told the seconds Quint took, when it ran (not for an IR from the cache)."""
    if not spec.is_file():
        raise FrontEndError(f"no such spec file: {spec}")
    executable = find_quint(quint, spec)
    package, version = quint_package(executable)
    options = {"main": main, "init": init, "step": step, "tests": "yes" if tests else None}
    key = cache_key(spec, version, options)
    folder = cache_folder() if cache else None
    entry = folder / f"{key}.json" if folder is not None else None
    if entry is not None:
        ir = cached_ir(entry, key)
        if ir is not None:
            return ir
    started = time.perf_counter()
    ir = run_driver(spec, package, version, options)
    if compiled is not None:
        compiled(time.perf_counter() - started)
    if entry is not None:
        store(entry, key, ir)
    return ir


def cached_ir(entry: Path, key: str) -> dict | None:
    """The IR in cache `entry` if it is one, written for `key`, and every file it was compiled from is unchanged."""
    try:
        data = json.loads(read_bounded(str(entry), MAX_IR_BYTES))
    except (ReadError, ValueError, RecursionError):
        return None
    if not (isinstance(data, dict) and data.get("key") == key and is_ir(data.get("ir"))):
        return None
    digests = data.get("digests")
    if not (isinstance(digests, dict) and set(digests) == set(data["ir"]["files"])):
        return None
    if any(file_digest(path) != digest for path, digest in digests.items()):
        return None
    return data["ir"]


def is_ir(ir: Any) -> bool:
    """Whether `ir` has the shape `compile_spec` returns."""
    if not isinstance(ir, dict):
        return False
    shapes = {
        "main": str, "modules": list, "types": dict, "sourceMap": dict, "init": str, "step": str, "names": dict,
        "visible": list, "instances": list, "files": list,
    }  # fmt: skip
    if not all(isinstance(ir.get(name), kind) for name, kind in shapes.items()):
        return False
    modules = ir["modules"]
    return (
        len(modules) == 1
        and isinstance(modules[0], dict)
        and modules[0].get("name") == ir["main"]
        and isinstance(modules[0].get("declarations"), list)
        and all(isinstance(d, dict) for d in modules[0]["declarations"])
        and all(isinstance(path, str) for path in ir["files"])
    )


def store(entry: Path, key: str, ir: dict) -> None:
    """Cache `ir` under `key`, with the digests of the files it was compiled from; silently not, when it cannot."""
    digests = {path: file_digest(path) for path in ir["files"]}
    if None in digests.values():
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(str(entry), lambda out: json.dump({"key": key, "digests": digests, "ir": ir}, out))
    except OSError:
        pass  # no cache folder: compile every time


def shown(path: Path) -> str:
    """A path as Quint's messages show it (see `flatten.js`): relative to the current folder when it is below it."""
    relative = os.path.relpath(os.path.abspath(path))
    return str(path) if relative == os.pardir or relative.startswith(os.pardir + os.sep) else relative


def run_driver(spec: Path, package: Path, version: str, options: dict[str, str | None]) -> dict:
    """Compile `spec` with Quint's modules in one node process (see `flatten.js`)."""
    node = shutil.which("node")
    if node is None:
        raise FrontEndError(f"node is not on PATH. {INSTALL_HINT}")
    flags = [part for name, value in options.items() if value is not None for part in (f"--{name}", value)]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "ir.json"
        command = [
            node, str(DRIVER), str(package / "dist" / "src"), str(spec), str(out), "--source-limit", str(SOURCE_LIMIT),
            *flags,
        ]  # fmt: skip
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, env={**os.environ, "FORCE_COLOR": "0"}, timeout=COMPILE_SECONDS
            )
        except OSError as error:
            raise FrontEndError(f"cannot run {node}: {error.strerror or error}") from None
        except subprocess.TimeoutExpired:
            raise FrontEndError(f"Quint did not compile {shown(spec)} within {COMPILE_SECONDS} s; it was stopped") from None
        try:
            result = json.loads(read_bounded(str(out), MAX_IR_BYTES))
        except (ReadError, ValueError):
            result = None
        except RecursionError:  # only a spec nested hundreds of levels deep
            raise FrontEndError(f"{shown(spec)} is nested too deeply: Quint's IR of it is too deep to be read") from None
    if isinstance(result, dict) and isinstance(result.get("flattening"), str):
        raise FrontEndError(
            f"Quint {version} cannot flatten {shown(spec)} into one module, as `quint compile` and `quint verify` do "
            f"(and ttt-check needs): {result['flattening']}"
        )
    error = result.get("error") if isinstance(result, dict) else None
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        if error.get("located"):
            raise QuintMessage(f"{shown(spec)} does not compile:\n{error['message']}")
        raise FrontEndError(f"{shown(spec)} does not compile: {error['message']}")
    if done.returncode != 0 or not (isinstance(result, dict) and is_ir(result.get("ir"))):
        lines = (done.stderr.strip() or done.stdout.strip() or f"exit code {done.returncode}").splitlines()
        said = next((line for line in lines if "Error" in line), lines[-1])
        raise FrontEndError(f"Quint {version} fails on {shown(spec)}: {said}")
    return result["ir"]
