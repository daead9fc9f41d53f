"""TLA+ values as the values ITF traces hold (`checker.quint.value`'s, which `checker.quint.itf` reads and
writes), and back: a sequence is an ITF list, a record an ITF record, another function an ITF map, a
model value a variant of its name (ITF has no model values).
"""

from __future__ import annotations

from typing import Any

from checker.quint.value import QList, Record, Variant
from checker.tla.lazy import LazySet, RecursiveFunction
from checker.tla.values import Fcn, ModelValue, Rcd, function


def to_itf_value(value: Any) -> Any:
    kind = type(value)
    if kind in (bool, int, str):
        return value
    if kind is ModelValue:
        return Variant(value.name)
    if kind is tuple:
        return QList(to_itf_value(v) for v in value)
    if isinstance(value, frozenset):
        return frozenset(to_itf_value(v) for v in value)
    if kind is Rcd:
        return Record((k, to_itf_value(v)) for k, v in value.items())
    if kind is Fcn:
        return {to_itf_value(k): to_itf_value(v) for k, v in value.items()}
    if isinstance(value, LazySet) and value.size() is not None:  # a finite one: its elements, as TLC's states hold it
        return frozenset(to_itf_value(v) for v in value.elements())
    if isinstance(value, RecursiveFunction):
        return to_itf_value(value.value())
    if isinstance(value, LazySet):
        raise ValueError(f"{value!r} is an infinite set, which an ITF trace cannot hold")
    raise ValueError(f"no ITF form for {value!r}")


def from_itf_value(value: Any) -> Any:
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Variant):
        if value.value not in ((), None):
            raise ValueError(f"a variant with a value ({value.tag}) is no TLA+ value")
        return ModelValue(value.tag)
    if isinstance(value, tuple):  # an ITF list or tuple: a TLA+ sequence
        return tuple(from_itf_value(v) for v in value)
    if isinstance(value, frozenset):
        return frozenset(from_itf_value(v) for v in value)
    if isinstance(value, dict):
        return function({from_itf_value(k): from_itf_value(v) for k, v in value.items()})
    raise ValueError(f"no TLA+ value for {value!r}")
