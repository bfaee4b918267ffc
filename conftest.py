"""Makes ``pytest --codeblocks docs/`` (pytest-codeblocks, as its users run it) run blocks as a reader would.

pytest-codeblocks alone runs a block with ``__name__ == "builtins"``, in the
current directory, without expanding ``--8<--`` includes, and reports a
failure as the block's text and the exception's message only.  For its
Python blocks this swaps in a runner that expands the includes (from the
project root, as pymdownx.snippets does), runs with ``__name__ ==
"__main__"`` in an empty temporary directory, and lets pytest print the real
traceback with the block's own lines.  ``make test`` does not run this: the
gate for the site's blocks is ``tests/docs/`` (README, "Which runner is the
gate"); ``tests/docs/test_codeblocks_parity.py`` checks both find the same blocks.
"""

from __future__ import annotations

import linecache
import os
import re
import tempfile
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
INCLUDE = re.compile(r"""^\s*-{1,}8<-{1,}\s+["'](?P<path>[^"']+)["']\s*$""")


def expand_includes(code: str) -> str:
    """Each ``--8<-- "path"`` line replaced by the file's text (paths from the project root)."""
    return "".join(
        (ROOT / match.group("path")).read_text() if (match := INCLUDE.match(line)) else line
        for line in code.splitlines(keepends=True)
    )


def _run_python_block(item) -> None:
    code = expand_includes(item.obj.code)
    filename = f"<{item.path.relative_to(ROOT)}:{item.obj.lineno}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(keepends=True), filename)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            exec(compile(code, filename, "exec"), {"__name__": "__main__", "__file__": filename})
        finally:
            os.chdir(here)


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        block = getattr(item, "obj", None)
        if type(item).__name__ == "TestBlock" and getattr(block, "syntax", None) == "python":
            item.runtest = types.MethodType(_run_python_block, item)
            # pytest's own report (a traceback) instead of the plugin's message-only one.
            item.repr_failure = types.MethodType(pytest.Item.repr_failure, item)
