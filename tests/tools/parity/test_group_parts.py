"""A large config group's difference sections go on pages of their own; the group page keeps every
config's anchor on its table row, so links to ``<group>.md#parity-<config>`` still land."""

from __future__ import annotations

import re

from tools.core import urls
from tools.parity.facts.records import Difference, ParityRow
from tools.parity.views import render


def _row(name: str, differs: bool) -> ParityRow:
    differences = [Difference("x", "only in config", "1", "", "by design", "a reason")] if differs else []
    return ParityRow(f"{name}Config", f"pkg.{name}", "pkg", "the class", differences)


def _group(differing: int, identical: int = 3) -> list[ParityRow]:
    return [_row(f"D{i:03d}", True) for i in range(differing)] + [_row(f"I{i:03d}", False) for i in range(identical)]


def test_a_small_group_keeps_its_sections_on_its_page():
    pages = render.render_group_page("small", _group(render.DETAILS_PER_PAGE))
    assert list(pages) == [urls.parity_group("small")]
    assert pages[urls.parity_group("small")].count("### `D") == render.DETAILS_PER_PAGE


def test_a_large_group_splits_its_sections_and_keeps_every_anchor():
    rows = _group(2 * render.DETAILS_PER_PAGE + 5)
    pages = render.render_group_page("big", rows)
    group_page = pages.pop(urls.parity_group("big"))
    assert sorted(pages) == [urls.parity_group_part("big", n) for n in (1, 2, 3)]
    # Every config keeps its anchor on the group page, and no section stays there.
    for row in rows:
        assert f"{{ #{render.anchor(row)} }}" in group_page
    assert "### `" not in group_page
    # Each differing config has its section on exactly one part, which the group page links to.
    sections = [name for text in pages.values() for name in re.findall(r"^### `(\w+)`", text, re.M)]
    assert sorted(sections) == sorted(r.config for r in rows if r.differences)
    assert all(len(re.findall(r"^### ", text, re.M)) <= render.DETAILS_PER_PAGE for text in pages.values())
    assert "big-differences-1.md#parity-D000Config" in group_page
