"""The memory bound of a search: stop, with the figures so far, before memory runs out.

A search keeps every state it has seen, so a spec with a large (or endless)
state space grows until the machine has no memory left: the run would then
end in a MemoryError, or be killed, with nothing to show. Instead, each
search measures how much the process has grown since it started (its
resident and its virtual size, from /proc/self/statm, whichever grew more)
and stops once that passes its bound, as at `--max-states`.

The default bound is half the memory this process can still take when the
search starts: the least of the machine's available memory (MemAvailable),
the room left under an address-space limit (`ulimit -v`) and under a
control group's limit. Half, because the search's data grow by doubling
(a dict's table, numpy's concatenations) and the counterexamples and report
are built after it. `--max-memory` sets another bound (`limit_searches`).
"""

from __future__ import annotations

import os
import re
import resource

#: the share of the memory still free that a search may take by default
FRACTION = 0.5
#: how many new states a search finds between two looks at its size (a look reads one small file)
LOOK_EVERY = 1 << 12

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
#: the bound set with `limit_searches` (None: the default, from the memory free when a search starts)
_chosen: int | None = None


def limit_searches(size: int | None) -> None:
    """Bound every later search of this process to `size` bytes of growth (None: the default bound)."""
    global _chosen
    _chosen = size


def usage() -> tuple[int, int]:
    """(virtual size, resident size) of this process in bytes; (0, 0) where /proc cannot tell."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            virtual, resident = statm.read().split()[:2]
        return int(virtual) * _PAGE, int(resident) * _PAGE
    except (OSError, ValueError):
        return 0, 0


def free_memory() -> int | None:
    """The memory this process can still take, in bytes: the least of what the machine, `ulimit -v` and
    the control group leave; None when none of them can be read."""
    room = []
    try:
        with open("/proc/meminfo", "rb") as meminfo:
            found = re.search(rb"^MemAvailable:\s+(\d+) kB", meminfo.read(), re.MULTILINE)
        if found:
            room.append(int(found[1]) * 1024)
    except OSError:
        pass
    if not room and hasattr(os, "sysconf"):
        try:
            room.append(os.sysconf("SC_AVPHYS_PAGES") * _PAGE)
        except (OSError, ValueError):
            pass
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        room.append(max(0, soft - usage()[0]))
    for limit, current in (
        ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
        ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"),
    ):
        try:
            with open(limit, "rb") as most, open(current, "rb") as used:
                room.append(max(0, int(most.read()) - int(used.read())))
            break
        except (OSError, ValueError):  # no such control group, or "max": no limit
            continue
    return min(room) if room else None


class BoundReached(Exception):
    """A search that had to be whole stopped at its memory bound; the message says so in one line, and how
    to raise the bound (the command line ends it with exit code 4, as a search cut short)."""


def size_text(n: int) -> str:
    """`11.5 GiB`, `300 MiB`."""
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n:,} bytes"


class MemoryBound:
    """How much a search may still grow; `exceeded()` says when it has grown past that."""

    def __init__(self, size: int | None = None):
        """`size` bytes of growth from now (default: the one set with `limit_searches`, else FRACTION of
        the memory free now)."""
        if size is None:
            size = _chosen
        #: whether the bound is the default one (the report says how to change it)
        self.default = size is None
        if size is None:
            free = free_memory()
            size = int(free * FRACTION) if free is not None else None
        #: bytes the search may grow by (None: no bound, where the memory cannot be measured)
        self.size = size
        self.start = usage()
        self.next_look = LOOK_EVERY

    def exceeded(self, states: int) -> bool:
        """Whether the search, now holding `states` states, has grown past its bound (looks only every
        LOOK_EVERY states)."""
        if self.size is None or states < self.next_look:
            return False
        self.next_look = states + LOOK_EVERY
        virtual, resident = usage()
        return max(virtual - self.start[0], resident - self.start[1]) > self.size

    def describe(self, failed: bool = False) -> str:
        """`the memory bound (11.5 GiB, half of the memory free when it started)`; `failed`: the memory
        ran out before the bound was reached."""
        why = f", {'half' if FRACTION == 0.5 else f'{FRACTION:.0%}'} of the memory free when it started" * self.default
        bound = f"the memory bound ({size_text(self.size or 0)}{why})"
        return f"the end of the memory it could take, below {bound}" if failed else bound

    def would_exceed(self, more: int) -> bool:
        """Whether allocating `more` bytes at once now would take the search past its bound."""
        if self.size is None:
            return False
        virtual, resident = usage()
        return max(virtual - self.start[0], resident - self.start[1]) + more > self.size


def parse_size(text: str) -> int:
    """`8G`, `512M`, `1.5GiB`, `100000` (bytes) as bytes; ValueError says what is wrong."""
    found = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]?)(i?B)?\s*", text, re.IGNORECASE | re.ASCII)
    if not found:
        raise ValueError(f"'{text}' is not a size: a number with K, M, G or T after it, e.g. 8G or 500M")
    scale = 1024 ** " KMGT".index(found[2].upper() or " ")
    size = float(found[1]) * scale
    if size > 1 << 60:
        raise ValueError(f"'{text}' is more than 1 EiB: more than any machine has")
    size = int(size)
    if size < 1 << 20:
        raise ValueError(f"'{text}' is less than 1 MiB: too little for any search")
    return size
