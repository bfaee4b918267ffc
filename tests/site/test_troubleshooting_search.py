"""Pasting an error's text into the site search finds its troubleshooting entry.

For every entry whose error the build captured, the first line of that text is
typed into Material's search box as a reader would paste it; the entry's
section must be among the first three section hits.  A few short fragments
users also paste are checked the same way.  The search separator this relies
on is configured in mkdocs.yml (plugins: search: separator).
"""

from __future__ import annotations

import json

import pytest

from tests.site import search_box
from tests.site.test_browser import pytestmark  # noqa: F401  (marks)

TOP = 3
# Readers paste what the terminal shows of a first line. One first line runs to thousands of
# characters (set_keys' ValueError lists every accepted field with its dataclass repr); pasted whole,
# its dataclass boilerplate outweighs its first words and the entry falls out of the first TOP hits.
# Longer first lines are pasted up to this length (about what a terminal line shows), which keeps
# the message and the start of the list.
MAX_QUERY = 300
# Distinctive fragments readers paste, and the entry each must find.
FRAGMENTS = {
    "td_error": "priorities-never-updated",
    "KeyError: 'state_value'": "critic-writes-another-value-key",
    "Cannot find key": None,  # no torchrl 0.14.1 error says it: any troubleshooting entry on keys will do
}


def _section_hits(page, query: str) -> list[str]:
    """Anchors of the section results a reader sees, in the order the search lists them."""
    return [href.split("#", 1)[1] for href in search_box.results(page, query) if "#" in href]


@pytest.fixture(scope="module")
def search_page(browser, served_site):
    page = search_box.open_search(browser, served_site + "/troubleshooting/")
    yield page
    page.close()


def _entries(site) -> list[dict]:
    return json.loads((site / "inventory.json").read_text())["troubleshooting"]["entries"]


def test_each_captured_first_line_finds_its_entry(search_page, site):
    misses = []
    for entry in _entries(site):
        if not entry["error_text"]:
            continue
        query = entry["error_text"].splitlines()[0][:MAX_QUERY]
        hits = _section_hits(search_page, query)
        if entry["slug"] not in hits[:TOP]:
            misses.append(f"{entry['slug']}: {query!r} -> {hits[:TOP]}")
    assert not misses, "entries not in the top 3 section hits:\n" + "\n".join(misses)


def test_distinctive_fragments_find_an_entry(search_page, site):
    slugs = {e["slug"] for e in _entries(site)}
    misses = []
    for query, slug in FRAGMENTS.items():
        hits = _section_hits(search_page, query)[:TOP]
        wanted = [slug] if slug else sorted(slugs)
        if not any(hit in wanted for hit in hits):
            misses.append(f"{query!r} -> {hits}")
    assert not misses, "\n".join(misses)
