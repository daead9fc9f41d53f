"""A `.tla` file and its model (`.cfg`) read from disk: bounded reads, the modules it extends found
beside it (as TLC finds them), the cfg beside it by TLC's convention (`FILE.cfg`) or given."""

from __future__ import annotations

from pathlib import Path

from checker.files import ReadError, read_bounded
from checker.tla import cfg as cfg_file
from checker.tla.errors import TlaError
from checker.tla.syntax import parse_modules
from checker.tla.tree import Loc, Module

#: the most a .tla or .cfg file may weigh
SPEC_LIMIT = 4 * 1024 * 1024


def read_text(path: Path, what: str = "spec") -> str:
    try:
        data = read_bounded(str(path), SPEC_LIMIT)
    except ReadError as error:
        raise TlaError(f"{path}: {error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TlaError(f"{path}: not UTF-8 text (byte {error.start})") from None


def read_modules(path: Path) -> dict[str, Module]:
    """The modules written in the `.tla` file at `path`."""
    return parse_modules(read_text(path).encode("utf-8"), str(path))


def main_module(modules: dict[str, Module], path: Path) -> Module:
    """The module a file is named after (TLC's rule), else its first one."""
    return modules.get(path.stem) or next(iter(modules.values()))


def find_config(spec: Path, given: str | None) -> Path | None:
    """The cfg named, or `FILE.cfg` beside `FILE.tla` when there is one."""
    if given is not None:
        return Path(given)
    beside = spec.with_suffix(".cfg")
    return beside if beside.is_file() else None


def read_config(path: Path) -> cfg_file.Config:
    return cfg_file.parse(read_text(path, "cfg"), str(path))


def nowhere(path: Path) -> Loc:
    return Loc(str(path), "", 1, 1, 1, 1)
