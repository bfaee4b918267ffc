"""`make bench`'s search figures: the ranking suite per kind, and what a cold page load weighs.

The ranking suite (tests/site/ranking.py) is asked of a fresh strict build made as the tests make it, its tuned and held-out
queries counted apart; the cold-load weights (tests/site/test_cold_page.py) are given per page kind
(a page's first path segment), with the share of the search index in the heaviest.
"""

from __future__ import annotations

import collections
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.conftest import build_env
from tests.site import ranking, test_cold_page
from tests.site.test_browser import _html_pages
from tools.core.paths import ROOT


def _kind(page: str) -> str:
    parts = page.strip("/").split("/")
    return parts[0] or "home"


def measure_search() -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        build = [sys.executable, "-m", "tools.site.build_command", "--strict", "--site-dir", str(site)]
        subprocess.run(build, cwd=ROOT, check=True, capture_output=True, env=build_env())  # as the tests build it
        queries, answers = ranking.measure(site)
        weights = collections.defaultdict(list)
        for page in _html_pages(site):
            weights[_kind(page)].append(test_cold_page.transfer(site, page))
        index = test_cold_page._gzipped((site / "search" / "search_index.json").resolve())
    return {
        "ranking": ranking.tally(queries, answers),
        "cold_page_kb": {kind: {"pages": len(w), "max": max(w) / 1024} for kind, w in sorted(weights.items())},
        "search_index_kb": index / 1024,
    }
