"""A dict that is never changed once built, hashed by its items: the functions of TLA+ and the maps and
records of Quint, whose states are looked up by hash at every step of a search.

The hash is the exclusive or of the items' hashes, so that a copy with one item changed gets its hash
from the original's in two steps (`changed`) instead of hashing every item again, each step a machine
word's `^` (a sum of squares, taken modulo a prime, costs long arithmetic). Python hashes an item, a
(key, value) tuple, by multiplying and rotating: which key holds which value changes the bits of its
hash all over. (A plain sum of the items' hashes would depend little on it.)
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any

#: a map keeps 60 bits of its hash: an int of two of Python's 30-bit digits, the least memory per state
HASH_BITS = (1 << 60) - 1


class HashedDict(dict):
    """A dict hashed by its items, the hash computed once (see the module's docstring)."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash = reduce(xor, map(hash, self.items()), 0) & HASH_BITS
            return self._hash

    def hashed(self) -> bool:
        """Whether the hash is known already."""
        try:
            self._hash
        except AttributeError:
            return False
        return True


def changed(original: HashedDict, key: Any, value: Any, new: HashedDict) -> HashedDict:
    """`new`, a copy of `original` with `key` set to `value`, given its hash if the original knows its own."""
    try:
        known = original._hash
    except AttributeError:
        return new
    total = known ^ hash((key, original[key])) if key in original else known
    new._hash = (total ^ hash((key, value))) & HASH_BITS
    return new
