"""A cold page load stays light: what the browser fetches for one page, gzipped, under ``LIMIT``.

Every page load fetches Material's search index whole, so the index is most of every page's
weight. ``transfer`` counts, for each built page, what its HTML makes the browser fetch from the
site (the page, its scripts, stylesheets, icon and images, the search index and the search worker;
an image marked ``loading="lazy"`` is fetched as it nears the screen, and is left out),
each gzipped as the server sends it; a browser test checks that this is what a load fetches, and
that the matcher's index (fetched only for an error-shaped query) is not among it.
``python -m tests.site.test_cold_page SITE_DIR`` prints the heaviest pages and what each part weighs.
"""

from __future__ import annotations

import functools
import gzip
import re
import sys
from pathlib import Path

from tests.site.test_browser import _html_pages, pytestmark  # noqa: F401  (marks)

LIMIT = 400 * 1024
FETCHED = re.compile(r'<(?:script|img)\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*rel="(?:stylesheet|icon)"[^>]*href="([^"]+)"')
LAZY_IMAGE = re.compile(r'<img\b[^>]*\bloading="lazy"[^>]*>')
ON_DEMAND = "explain-index.json"


@functools.cache
def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def fetched_on_load(site: Path, page: str) -> list[Path]:
    """The site's files a load of ``page`` fetches: its HTML, what the HTML names, the search index and worker."""
    site = site.resolve()
    html_file = site / page.lstrip("/") / "index.html"
    found = [html_file, site / "search" / "search_index.json"]
    found += list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    for match in FETCHED.finditer(LAZY_IMAGE.sub("", html_file.read_text(encoding="utf-8"))):
        url = (match[1] or match[2]).split("#")[0].split("?")[0]
        if "://" in url or url.startswith("data:"):
            continue
        target = (html_file.parent / url).resolve()
        if target.is_file():
            found.append(target)
    return list(dict.fromkeys(found))


def transfer(site: Path, page: str) -> int:
    return sum(_gzipped(path) for path in fetched_on_load(site, page))


def test_every_page_loads_cold_under_the_limit(site):
    weights = {page: transfer(site, page) for page in _html_pages(site)}
    assert len(weights) > 100, len(weights)
    over = sorted(((w, page) for page, w in weights.items() if w > LIMIT), reverse=True)
    assert not over, f"pages over {LIMIT // 1024} KB gzipped on a cold load: " + ", ".join(
        f"{page} ({w // 1024} KB)" for w, page in over[:10]
    )


def test_a_load_fetches_what_is_counted_and_not_the_matchers_index(browser, served_site, site):
    for page in ("/", "/troubleshooting/", "/losses/ClipPPOLoss/", "/recipes/learning-curves/"):
        context = browser.new_context()
        tab = context.new_page()
        requested: list[str] = []
        tab.on("request", lambda request, requested=requested: requested.append(request.url))
        tab.goto(served_site + page, wait_until="networkidle")
        local = {
            url.removeprefix(served_site).split("?")[0].split("#")[0]
            for url in requested
            if url.startswith(served_site)
        }
        assert not [url for url in local if url.endswith(ON_DEMAND)], f"{page} fetched {ON_DEMAND} on load"
        counted = {"/" + p.relative_to(site).as_posix() for p in fetched_on_load(site, page)}
        html = (site / page.lstrip("/") / "index.html").read_text(encoding="utf-8")
        lazy = {Path(src).name for src in re.findall(r'src="([^"]+)"', " ".join(LAZY_IMAGE.findall(html)))}
        served = {url if not url.endswith("/") else url + "index.html" for url in local if Path(url).name not in lazy}
        assert served <= counted, f"{page} fetched files the count leaves out: {sorted(served - counted)}"
        context.close()


if __name__ == "__main__":
    site_dir = Path(sys.argv[1]).resolve()
    pages = sorted(((transfer(site_dir, p), p) for p in _html_pages(site_dir)), reverse=True)
    print(f"{len(pages)} pages; heaviest cold loads (gzipped KB):")
    for weight, page in pages[:8]:
        parts = ", ".join(
            f"{p.relative_to(site_dir).as_posix()} {_gzipped(p) // 1024}" for p in fetched_on_load(site_dir, page)
        )
        print(f"  {page}: {weight // 1024}  ({parts})")
