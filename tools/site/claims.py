"""Work split between two processes through a shared directory (the records and render workers).

Each piece of work has a name.  ``<name>.claim`` is created exclusively by the
one process that takes the piece on; its result is published as ``<name>.done``
(written aside, then renamed: whole or absent, never half-written), or the piece
is marked ``<name>.failed``.  Files rather than pipes or a pool because either
process may take over any piece at any time, and each must see what the other
finished without asking it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Shared memory where the system has it: creating a claim in /tmp on this project's machines (ext4
# on a virtual disk) costs many times as much, and a build creates, writes and
# reads a great many of them, with every rendered page's HTML.
_SHARED_MEMORY = Path("/dev/shm")


def new_directory(prefix: str) -> Path:
    """A fresh directory for one build's claims, in shared memory when the system has it."""
    in_memory = _SHARED_MEMORY.is_dir() and os.access(_SHARED_MEMORY, os.W_OK | os.X_OK)
    return Path(tempfile.mkdtemp(prefix=prefix, dir=_SHARED_MEMORY if in_memory else None))


class ClaimDirectory:
    def __init__(self, path: Path) -> None:
        self.path = path

    def claim(self, name: str) -> bool:
        """True for the one process that claims ``name`` first."""
        try:
            os.close(os.open(self.path / f"{name}.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        return True

    def publish(self, name: str, data: bytes) -> None:
        tmp = self.path / f"{name}.tmp"
        tmp.write_bytes(data)
        tmp.replace(self.path / f"{name}.done")

    def published(self, name: str) -> bytes | None:
        try:
            return (self.path / f"{name}.done").read_bytes()
        except FileNotFoundError:
            return None

    def fail(self, name: str) -> None:
        (self.path / f"{name}.failed").touch()

    def failed(self, name: str) -> bool:
        return (self.path / f"{name}.failed").exists()
