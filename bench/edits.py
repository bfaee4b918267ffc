"""Edit a file for a measurement and put it back exactly: content and timestamps."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def appended(path: Path, line: str) -> Iterator[None]:
    """``path`` with ``line`` appended while the block runs; restored even when it fails.

    The original timestamps come back too, so a later ``serve --dirty`` or
    ``make`` does not see the file as changed.
    """
    original = path.read_bytes()
    status = os.stat(path)
    separator = b"" if not original or original.endswith(b"\n") else b"\n"
    try:
        path.write_bytes(original + separator + line.rstrip("\n").encode() + b"\n")
        yield
    finally:
        path.write_bytes(original)
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
