"""Warnings raised while the build measures torchrl: silenced, or recorded as text.

torchrl warns a lot on tiny constructions (lazy modules, deprecated keys, no
target updater yet).  A measurement either records what was said (a record
field shows it) or is not the place for it (the page shows it elsewhere, or
it is noise on a fake batch): the two context managers below, used everywhere
the build runs torchrl code.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from tools.core.errors import first_line


@contextmanager
def quiet(category: type[Warning] = Warning) -> Iterator[None]:
    """Silence warnings of ``category`` (all by default) inside the block."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category)
        yield


@contextmanager
def recording() -> Iterator[list[warnings.WarningMessage]]:
    """Collect every warning raised inside the block (each one, even if raised before) into the list yielded."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def warning_text(caught: warnings.WarningMessage, limit: int | None = None) -> str:
    """How the site records a warning: ``"FutureWarning: <message>"``, the message's first line cut to ``limit``."""
    message = str(caught.message)
    if limit is not None:
        message = first_line(message, limit)
    return f"{caught.category.__name__}: {message}"
