"""pytest-codeblocks and this project's runner find the same Python blocks in the hand-written pages.

The gate for the site's blocks is this project's runner (``test_code_blocks.py``,
``test_snippets.py``): it also runs the blocks that markers and generated pages
add, which exist only after expansion.  ``pytest --codeblocks docs/`` (with the
root ``conftest.py``) is how pytest-codeblocks' users run the same pages; this
test keeps the two in step without running any block a second time.
"""

from __future__ import annotations

from pytest_codeblocks.main import extract_from_file

from conftest import expand_includes
from tests.support.fences import extract, python_chains
from tools.core.paths import DOCS


def _ours() -> dict[str, list[str]]:
    out = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        out[rel] = [chain.code() for chain in python_chains(extract(path.read_text(encoding="utf-8"), rel))]
    return {page: codes for page, codes in out.items() if codes}


def _theirs() -> dict[str, list[str]]:
    out = {}
    for path in sorted(DOCS.rglob("*.md")):
        blocks = [expand_includes(block.code) for block in extract_from_file(path) if block.syntax == "python"]
        if blocks:
            out[path.relative_to(DOCS).as_posix()] = blocks
    return out


def _normalised(pages: dict[str, list[str]]) -> dict[str, list[str]]:
    # Our runner joins a continued block with a newline; pytest-codeblocks concatenates.
    return {page: ["".join(code.split()) for code in codes] for page, codes in pages.items()}


def test_both_runners_collect_the_same_blocks_from_docs():
    ours, theirs = _normalised(_ours()), _normalised(_theirs())
    assert ours.keys() == theirs.keys(), f"pages with Python blocks differ: ours {sorted(ours)}, pytest-codeblocks {sorted(theirs)}"
    for page in ours:
        assert ours[page] == theirs[page], f"{page}: the two runners see different blocks"
    assert sum(map(len, ours.values())) >= 10
