"""Records <-> JSON, for the disk cache and the inventory.

Records are plain (frozen or not) dataclasses whose fields are str, int,
float, bool, None, lists/tuples of those, dicts with str keys, other record
dataclasses, or unions of these.  ``to_json`` is ``dataclasses.asdict`` with
tuples turned into lists; ``from_json`` rebuilds the dataclasses from the
field annotations, so a record type round-trips without hand-written code.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` (a record class or a typing construct) from JSON."""
    if data is None:
        return None
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(kind) if a is not type(None)]
        for option in options:
            if dataclasses.is_dataclass(option) and isinstance(data, dict):
                return from_json(option, data)
        return from_json(options[0], data) if len(options) == 1 else data
    if origin in (list, tuple):
        args = typing.get_args(kind)
        item = args[0] if args else Any
        items = [from_json(item, v) for v in data]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        _, value_kind = typing.get_args(kind) or (str, Any)
        return {k: from_json(value_kind, v) for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(
            **{f.name: from_json(hints[f.name], data[f.name]) for f in dataclasses.fields(kind) if f.name in data}
        )
    return data


def list_codec(kind: type[T]) -> tuple[Callable[[list[T]], Any], Callable[[Any], list[T]]]:
    """``encode``/``decode`` for ``tools.core.cache.cached`` when the result is a list of ``kind``."""
    return (lambda values: to_json(values)), (lambda data: [from_json(kind, v) for v in data])


def record_codec(kind: type[T]) -> tuple[Callable[[T], Any], Callable[[Any], T]]:
    """``encode``/``decode`` for ``tools.core.cache.cached`` when the result is one ``kind`` record."""
    return to_json, (lambda data: from_json(kind, data))
