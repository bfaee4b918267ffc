"""Every Python block the site shows runs, here, in one process (torch is imported once).

A block runs with fresh globals and ``__name__ == "__main__"``, in an empty
temporary directory.  Blocks marked ``<!--pytest-codeblocks:cont-->`` run
after the block they continue.  A block that is exactly one snippet include
runs in a fresh interpreter in ``test_snippets.py`` instead.
"""

from __future__ import annotations

import linecache

import pytest

from tests.support.docs import all_chains

CHAINS = all_chains()
INLINE = [chain for chain in CHAINS if chain.whole_snippet is None]


def test_the_site_has_python_blocks():
    # Guards against a parser change that silently finds nothing.
    assert INLINE, "no inline Python block found under docs/: the fence parser is broken"


@pytest.mark.parametrize("chain", INLINE, ids=[chain.id for chain in INLINE])
def test_block_runs(chain, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = chain.code()
    filename = f"<{chain.id}>"
    # Lets tracebacks show the block's own lines.
    linecache.cache[filename] = (len(code), None, code.splitlines(keepends=True), filename)
    exec(compile(code, filename, "exec"), {"__name__": "__main__", "__file__": filename})
