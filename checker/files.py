"""Files read with a bound, and written so that nothing is ever lost.

Every file ttt-check reads goes through `read_bounded`: a regular file only
(never a folder, a device such as /dev/zero, or a pipe, which could hang),
at most a size fit for what it is. Every file it writes goes through
`write_atomically`: a temporary file in the same folder, renamed into place,
so that a reader never sees a half-written file, and a failed write (a full
disk, a size limit, an interrupted run) leaves the old file exactly as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from typing import Callable, TextIO


#: the most of a spec's source read: a .qnt file, and each file it imports (the lecture's are 6 KB)
SOURCE_LIMIT = 4 * 2**20


class ReadError(OSError):
    """A file could not be read; the message says why in one line (the caller names the file)."""


def read_bounded(path: str, limit: int) -> bytes:
    """The bytes of the regular file at `path`, if it holds at most `limit` bytes; ReadError otherwise.

    The file is opened without blocking and checked again once open, so a
    pipe put in its place in between cannot hang the reader.
    """
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise ReadError("not a regular file (a device or a pipe)")
        if info.st_size > limit:
            raise ReadError(f"larger than {size(limit)}, the most ttt-check reads for it")
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as source:
            if not stat.S_ISREG(os.fstat(source.fileno()).st_mode):
                raise ReadError("not a regular file (a device or a pipe)")
            data = _read_up_to(source, limit + 1)
    except ReadError:
        raise
    except OSError as error:
        raise ReadError(f"cannot read it: {error.strerror or error}") from None
    if len(data) > limit:
        raise ReadError(f"larger than {size(limit)}, the most ttt-check reads for it")
    return data


def _read_up_to(source, most: int) -> bytes:
    """At most `most` bytes of `source`, read piece by piece: `read(most)` would set aside `most` bytes
    at once, however small the file."""
    pieces, total = [], 0
    while total < most:
        piece = source.read(min(1 << 16, most - total))
        if not piece:
            break
        pieces.append(piece)
        total += len(piece)
    return b"".join(pieces)


def size(n: int) -> str:
    """`32 MiB`, `64 KiB`, `100 bytes`."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n:,} bytes"


class WriteError(OSError):
    """A file could not be written; the message names the file and the reason, in one line."""


def write_atomically(path: str, write: Callable[[TextIO], None], binary: bool = False) -> None:
    """Call `write(stream)` on a temporary file next to `path` (UTF-8 text, or bytes if `binary`), then
    rename it to `path`.

    A symbolic link is followed, so the link stays and its target gets the
    new content. On any failure the temporary file is removed, the old file
    is left untouched, and WriteError says why.
    """
    try:
        target = os.path.realpath(path)
    except OSError as error:  # a relative path in a working folder that was deleted
        raise WriteError(f"cannot write {path}: {error.strerror or error} (the working folder is gone)") from None
    folder = os.path.dirname(target) or "."
    if os.path.isdir(target):
        raise WriteError(f"cannot write {path}: it is a folder")
    if os.path.exists(target) and not os.path.isfile(target):  # a device or a pipe is never replaced
        raise WriteError(f"cannot write {path}: it is not a regular file")
    if os.path.exists(target) and not writable(target):  # renaming over it would replace it all the same
        raise WriteError(f"cannot write {path}: the file is write-protected (Permission denied); it is kept as it was")
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


def writable(path: str, mode: int = os.W_OK) -> bool:
    """Whether this process may write the existing file at `path` (as its effective user, root's override included);
    for a folder, `os.W_OK | os.X_OK`: whether it may create a file in it."""
    effective = os.access in os.supports_effective_ids
    return os.access(path, mode, effective_ids=effective)


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
