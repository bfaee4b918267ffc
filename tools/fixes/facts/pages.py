"""Which index page lists each fix, and its anchor there.

The class pages' folded notes, which list the same fixes again, are out of the search index, so
a fix's subject is on no other page and the index pages can weigh less than a troubleshooting
entry (``search_weights.FIX_INDEX``) and still list a fix first for its subject, pull request or
commit (tests/site/test_fix_search_browser.py).

Each area has a page (``urls.fix_index``), newest fixes first.  An area with more fixes than a page
holds comfortably is split between releases into parts (``losses.md``, ``losses-2.md``...), so no
page grows into a wall; a release's fixes always stay on one page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tools.core import urls
from tools.fixes.facts.areas import AREAS, Area, areas_of
from tools.fixes.facts.records import Fix, FixHistory

# An entry is a heading and a few lines: this many keep a page well below the reader sweep's
# height limit (tests/site/test_reader_sweep.py), which a whole area of losses would pass.
FIXES_PER_PAGE = 55


@dataclass(frozen=True)
class IndexPage:
    path: str
    area: Area
    part: int
    parts: int
    fixes: list[Fix]  # listed here, newest first
    elsewhere: list[Fix]  # listed on another area's page, but changed this area's files too


def anchor(fix: Fix) -> str:
    return f"fix-{fix.sha[:9]}"


def _parts(fixes: list[Fix]) -> list[list[Fix]]:
    """Consecutive runs of whole releases, newest first, of about equal length, each at most
    FIXES_PER_PAGE long where a release allows (a release with more stays whole)."""
    groups: list[list[Fix]] = []
    for fix in fixes:
        if groups and groups[-1][0].first_release == fix.first_release:
            groups[-1].append(fix)
        else:
            groups.append([fix])
    target = len(fixes) / max(1, math.ceil(len(fixes) / FIXES_PER_PAGE))
    parts: list[list[Fix]] = [[]]
    for group in groups:
        if parts[-1] and (len(parts[-1]) >= target or len(parts[-1]) + len(group) > FIXES_PER_PAGE):
            parts.append([])
        parts[-1].extend(group)
    return parts


def index_pages(history: FixHistory) -> list[IndexPage]:
    primary = {fix.sha: areas_of(fix)[0].slug for fix in history.fixes}
    pages = []
    for area in AREAS:
        listed = [fix for fix in history.fixes if primary[fix.sha] == area.slug]
        also = [fix for fix in history.fixes if primary[fix.sha] != area.slug and area in areas_of(fix)]
        parts = _parts(listed)
        for number, fixes in enumerate(parts, 1):
            # The fixes listed elsewhere go with the last part, below the area's own.
            elsewhere = also if number == len(parts) else []
            pages.append(IndexPage(urls.fix_index(area.slug, number), area, number, len(parts), fixes, elsewhere))
    return pages


def fix_pages(history: FixHistory) -> dict[str, str]:
    """Fix sha -> the docs-relative page listing it."""
    return {fix.sha: page.path for page in index_pages(history) for fix in page.fixes}
