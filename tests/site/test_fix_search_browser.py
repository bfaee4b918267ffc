"""Search finds an upstream bug fix's entry by its subject, its pull request or its commit.

Typed into Material's search box, each query must list the fix's own section (its page and
``#fix-<commit>`` anchor) among the first results.  One fix per index page, the first it lists.
"""

from __future__ import annotations

import json

import pytest

from tests.site import search_box
from tests.site.test_browser import pytestmark  # noqa: F401  (marks)

TOP = 5


@pytest.fixture(scope="module")
def search(browser, served_site):
    tab = search_box.open_search(browser, served_site + "/", viewport={"width": 1400, "height": 900})

    def results(query: str) -> list[str]:
        # A result's link carries the query to highlight (?h=...) before the section's anchor.
        found = []
        for href in search_box.results(tab, query):
            page, _, anchor = href.removeprefix(served_site + "/").partition("#")
            found.append(page.split("?")[0] + (f"#{anchor}" if anchor else ""))
        return found

    yield results
    tab.close()


def _first_fix_of_each_page(site) -> list[dict]:
    fixes = json.loads((site / "inventory.json").read_text(encoding="utf-8"))["fixes"]
    first: dict[str, dict] = {}
    for fix in fixes:
        first.setdefault(fix["page"].split("#")[0], fix)
    return list(first.values())


def _section(fix: dict) -> str:
    page, anchor = fix["page"].split("#")
    return f"{page.removesuffix('.md')}/#{anchor}"


def test_a_fix_is_found_by_its_subject_its_pull_request_and_its_commit(site, search):
    missed = []
    for fix in _first_fix_of_each_page(site):
        queries = [fix["subject"], fix["sha"][:9]] + ([f"#{fix['pr']}"] if fix["pr"] else [])
        for query in queries:
            found = search(query)[:TOP]
            if _section(fix) not in found:
                missed.append((query, _section(fix), found))
    assert not missed, "queries whose fix entry is not in the first results: " + "; ".join(map(str, missed))
