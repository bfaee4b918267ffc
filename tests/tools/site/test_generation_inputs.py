"""Under `make serve`, a rebuild reuses the generated pages and the inventory while GENERATION_INPUTS are
unchanged: generating them must read no other file of the project (a docs/ page, say)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.support.docs import expanded_pages
from tools.core import cache
from tools.core.paths import ROOT
from tools.site import markers
from tools.site.mkdocs_adapter import GENERATION_INPUTS

_opened: list[str] = []
_listening: list[bool] = []


def _audit(event: str, args: tuple) -> None:
    if _listening and event == "open" and isinstance(args[0], str | Path):
        _opened.append(str(args[0]))


sys.addaudithook(_audit)  # audit hooks cannot be removed: this one records only while the test listens


def test_generated_pages_and_inventory_read_only_the_generation_inputs():
    expanded_pages()  # every record measured (or read from .cache/records/) before listening
    markers.generated_pages()
    markers.inventory()
    cache.begin_build()  # fingerprints computed afresh, as a rebuild does
    _listening.append(True)
    try:
        markers.generated_pages()
        markers.inventory()
    finally:
        _listening.clear()
        cache.end_build()
    inputs = [Path(p) for p in GENERATION_INPUTS]
    project = [Path(p).resolve() for p in _opened if Path(p).resolve().is_relative_to(ROOT)]
    assert any(p.is_relative_to(ROOT / "outputs") for p in project), "the audit hook saw no stored output read"
    outside = sorted(
        {
            str(p.relative_to(ROOT))
            for p in project
            if not any(p == i or p.is_relative_to(i) for i in inputs) and not p.is_relative_to(ROOT / ".cache")
        }
    )
    assert not outside, (
        f"generating the pages read {outside}, which GENERATION_INPUTS (tools/site/mkdocs_adapter.py) leaves "
        "out: add it there, or `make serve` will show stale generated pages after editing it"
    )
