"""Compiled theme templates kept for the life of the process: `make serve` rebuilds skip Jinja's compiler.

MkDocs loads the config again for every `make serve` rebuild, which makes a new
theme and a new Jinja environment, and so compiles Material's templates again:
most of the CPU of a rebuild after a prose edit.  Jinja's own hook for keeping
compiled templates is a ``BytecodeCache``;
its file-backed caches would write into the project or a temporary folder, and
a rebuild only needs what this process compiled already, so the code objects
stay in memory.  Each is filed under the template's name *and* the checksum of
its source, so an edited override (``overrides/*.html``) is compiled afresh.
"""

from __future__ import annotations

from types import CodeType

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class InProcessTemplates(BytecodeCache):
    def __init__(self) -> None:
        self._code: dict[tuple[str, str], CodeType] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[(bucket.key, bucket.checksum)] = bucket.code

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


COMPILED = InProcessTemplates()
