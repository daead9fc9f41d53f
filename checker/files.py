"""Writing files so that nothing is ever lost: a temporary file in the same folder, renamed into place.

A reader never sees a half-written file, and a failed write (a full disk, a
size limit, an interrupted run) leaves the old file exactly as it was.
"""

from __future__ import annotations

import os
import tempfile
from typing import Callable, TextIO


class WriteError(OSError):
    """A file could not be written; the message names the file and the reason, in one line."""


def write_atomically(path: str, write: Callable[[TextIO], None], binary: bool = False) -> None:
    """Call `write(stream)` on a temporary file next to `path` (UTF-8 text, or bytes if `binary`), then
    rename it to `path`.

    A symbolic link is followed, so the link stays and its target gets the
    new content. On any failure the temporary file is removed, the old file
    is left untouched, and WriteError says why.
    """
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    if os.path.isdir(target):
        raise WriteError(f"cannot write {path}: it is a folder")
    if os.path.exists(target) and not os.path.isfile(target):  # a device or a pipe is never replaced
        raise WriteError(f"cannot write {path}: it is not a regular file")
    try:
        handle, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=folder)
    except OSError as error:
        raise WriteError(f"cannot write {path}: {reason(error, folder)}") from None
    try:
        with os.fdopen(handle, "wb") if binary else os.fdopen(handle, "w", encoding="utf-8") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise WriteError(f"cannot write {path}: {reason(error, folder)}") from None
        raise


def _mode_for(target: str) -> int:
    """The permissions of the file being replaced, or the usual ones for a new file."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def reason(error: OSError, folder: str) -> str:
    """An OSError in words, naming the folder when it is the folder's fault."""
    text = error.strerror or str(error)
    if isinstance(error, (FileNotFoundError, PermissionError)):
        return f"{text} (in the folder '{folder}')"
    return text
