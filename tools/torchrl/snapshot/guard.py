"""What the snapshot could not read: each failure recorded with where it happened, never raised."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TypeVar, overload

from tools.core.errors import error_text
from tools.core.signatures import MEMORY_ADDRESS

T = TypeVar("T")


def recorded_error(exc: BaseException) -> str:
    """``KeyError: 'x'``: the type and the message's first line, without memory addresses."""
    return MEMORY_ADDRESS.sub("", error_text(exc, lines=1))


class Errors:
    """The snapshot's ``errors`` section: where -> what was raised there."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}

    @overload
    def guard(self, where: str, call: Callable[[], T]) -> T | None: ...
    @overload
    def guard(self, where: str, call: Callable[[], T], default: T) -> T: ...
    def guard(self, where: str, call: Callable[[], T], default: T | None = None) -> T | None:
        """``call()``, or ``default`` (the failure recorded under ``where``) when it raises."""
        try:
            return call()
        except Exception as exc:  # recorded in the snapshot's ``errors``, never hidden
            self.found[where] = recorded_error(exc)
            return default

    def module(self, name: str) -> ModuleType | None:
        """The module, imported; None (and an error recorded) when this release cannot import it."""
        return self.guard(f"import {name}", lambda: importlib.import_module(name))
