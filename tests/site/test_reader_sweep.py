"""Every page read at 1400 px and 390 px, as issue 22 asked: words whole, code that fits, titles unique.

One tab visits every page at both widths (folded blocks opened, so what a reader
unfolds is measured too) and records:

- words split between two letters or digits in a table cell (``positio|nal``,
  ``CISPOLo|ss``, ``100,00|0``); a break after ``_ . /`` inside an identifier is
  allowed, and counted apart (``identifier_breaks``) for the report;
- code blocks with a line wider than their column (the block scrolls sideways),
  except generated signature stubs (mkdocstrings' ``.doc-signature``);
- the page's height as it opens, before any fold is opened (no page over 20,000 px at 1400 px).

Page titles are read from the built HTML (no browser needed), and pasted error
lines are searched in ``test_troubleshooting_search.py``'s way by the last test.
``python -m tests.site.test_reader_sweep SITE_DIR`` prints the figures for a built
site (the before/after numbers of issue 22's note).
"""

from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path

import pytest

from tests.site.test_browser import BROWSER_MARKS, _html_pages
from tests.site.test_troubleshooting_search import MAX_QUERY, TOP, _section_hits, search_page  # noqa: F401
from tools.core.paths import ROOT

# One worker runs this whole module (make test passes --dist loadgroup): the sweep visits every page
# at two widths, and a second worker would repeat it for the tests it was handed.
pytestmark = [*BROWSER_MARKS, pytest.mark.xdist_group("reader-sweep")]

WIDTHS = {"desktop": (1400, 900), "phone": (390, 844)}

# Word runs: letters and digits, a number's inner "," or "." kept with it (100,000; 0.99).
# A run whose characters sit on two lines was split inside itself.  Identifier breaks
# (a line ending in "_", "." or "/" between two word characters) are counted apart.
MEASURE = r"""() => {
  const height = document.documentElement.scrollHeight;  // as the page opens, before unfolding
  for (const d of document.querySelectorAll("details")) d.open = true;
  const splits = [], idBreaks = [];
  const run = /[A-Za-z0-9]+(?:[.,][0-9]+)*/g;
  for (const cell of document.querySelectorAll(".md-typeset td, .md-typeset th")) {
    if (!cell.offsetParent) continue;
    const whole = document.createRange();
    whole.selectNodeContents(cell);
    const tops = new Set([...whole.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size < 2) continue;  // one line: nothing can be split
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let lastTop = null, lastChar = "", lastNode = null;
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const m of node.data.matchAll(run)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) splits.push(m[0]);
      }
      // an identifier broken at its "_ . /" (a <wbr> between two text nodes of one code span)
      if (lastNode && node.parentElement.closest("code") && lastNode.parentElement.closest("code") === node.parentElement.closest("code")
          && /[_./]$/.test(lastNode.data) && node.data.length) {
        const range = document.createRange();
        range.setStart(node, 0); range.setEnd(node, 1);
        const rect = range.getClientRects()[0];
        if (rect && lastTop !== null && rect.top > lastTop + 2) idBreaks.push(node.parentElement.closest("code").textContent.slice(0, 60));
      }
      if (node.data.length) {
        const range = document.createRange();
        range.setStart(node, node.data.length - 1); range.setEnd(node, node.data.length);
        const rect = range.getClientRects()[0];
        lastTop = rect ? rect.top : lastTop; lastChar = node.data.slice(-1); lastNode = node;
      }
    }
  }
  const wide = [];
  for (const code of document.querySelectorAll(".md-typeset pre > code")) {
    if (!code.offsetParent || code.closest(".doc-signature")) continue;
    if (code.scrollWidth > code.clientWidth + 1) {
      const longest = code.textContent.split("\n").reduce((a, b) => (b.length > a.length ? b : a), "");
      wide.push(longest.slice(0, 80));
    }
  }
  return {splits, idBreaks, wide, height};
}"""


def measure(tab, base: str, paths: list[str]) -> dict[str, dict]:
    """{width name: {path: measurements}} for every page, each page loaded once."""
    found: dict[str, dict] = {name: {} for name in WIDTHS}
    for path in paths:
        tab.set_viewport_size({"width": WIDTHS["desktop"][0], "height": WIDTHS["desktop"][1]})
        tab.goto(base + path, wait_until="load")
        found["desktop"][path] = tab.evaluate(MEASURE)
        tab.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
        found["phone"][path] = tab.evaluate(MEASURE)
    return found


TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)


def duplicate_titles(site: Path) -> dict[str, list[str]]:
    """Page titles (the browser tab's, and the search result's) shared by two or more pages."""
    by_title = collections.defaultdict(list)
    for path in _html_pages(site):
        html = (site / path.lstrip("/") / "index.html").read_text(encoding="utf-8")
        by_title[TITLE.search(html).group(1).strip()].append(path)
    return {title: paths for title, paths in sorted(by_title.items()) if len(paths) > 1}


def summary(found: dict[str, dict], site: Path) -> dict:
    out = {}
    for name, pages in found.items():
        out[name] = {
            "pages": len(pages),
            "split_words": sum(len(p["splits"]) for p in pages.values()),
            "pages_with_split_words": sum(bool(p["splits"]) for p in pages.values()),
            "identifier_breaks": sum(len(p["idBreaks"]) for p in pages.values()),
            "wide_code_blocks": sum(len(p["wide"]) for p in pages.values()),
            "pages_with_wide_code": sum(bool(p["wide"]) for p in pages.values()),
            "pages_over_20000px": sorted(path for path, p in pages.items() if p["height"] > 20_000),
        }
    out["duplicate_titles"] = duplicate_titles(site)
    return out


@pytest.fixture(scope="session")
def swept(browser, served_site, built_site):
    tab = browser.new_page()
    # Layout only: an empty search index spares each page load the index build (~1 s of CPU).
    index = json.loads((built_site.site_dir / "search" / "search_index.json").read_text())
    empty = json.dumps({**index, "docs": []})
    tab.route("**/search/search_index.json", lambda route: route.fulfill(body=empty, content_type="application/json"))
    found = measure(tab, served_site, _html_pages(built_site.site_dir))
    tab.close()
    print(json.dumps(summary(found, built_site.site_dir), indent=1))
    return found


def _first(found: dict, width: str, key: str) -> dict[str, list]:
    return {path: page[key][:5] for path, page in found[width].items() if page[key]}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_word_is_split_between_two_letters_in_a_table(swept, width):
    split = _first(swept, width, "splits")
    assert not split, f"words split inside themselves in table cells at {WIDTHS[width][0]} px: {split}"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_code_line_is_wider_than_its_column(swept, width):
    wide = _first(swept, width, "wide")
    assert not wide, f"code blocks with a line wider than the column at {WIDTHS[width][0]} px: {wide}"


# --- no wall --------------------------------------------------------------------------------------

# The SOTA map was one 150,000 px page (194,000 px on a phone) before it became an overview and one
# page per family; the estimator reference (49,000 px) one page per class; the transform group's
# parity audit (27,000 px) a table and pages of differences.  A phone has no limit here: prose and
# tables grow about 1.5x there; the sweep prints those heights for the record.
HEIGHT_LIMIT = 20_000
SCREENSHOTS = {"sota-overview": "/sota/", "sota-family": "/sota/families/soft-actor-critic/"}


def test_no_page_is_taller_than_the_limit_at_1400_px(swept):
    heights = {path: page["height"] for path, page in swept["desktop"].items()}
    assert len(heights) > 100, sorted(heights)  # every page was measured, not a handful
    phone = sorted(
        ((p["height"], path) for path, p in swept["phone"].items() if p["height"] > HEIGHT_LIMIT), reverse=True
    )
    print(f"{len(phone)} pages over {HEIGHT_LIMIT:,} px at 390 px: " + ", ".join(f"{p} ({h:,})" for h, p in phone))
    over = sorted(((h, path) for path, h in heights.items() if h > HEIGHT_LIMIT), reverse=True)
    assert not over, f"pages taller than {HEIGHT_LIMIT:,} px at 1400 px (split or fold them): " + ", ".join(
        f"{path} ({h:,} px)" for h, path in over
    )


def test_the_sota_map_is_an_overview_with_one_page_per_family(swept, site):
    families = [path for path in swept["desktop"] if path.startswith("/sota/families/")]
    assert len(families) >= 10, families
    # It was 150,000 px and 840 KB: now a map (one row per directory) and the classes table.
    assert swept["desktop"]["/sota/"]["height"] < 15_000, swept["desktop"]["/sota/"]["height"]
    assert (site / "sota" / "index.html").stat().st_size < 300_000


def test_sota_screenshots_for_reviewers(browser, served_site, site):
    out = ROOT / "site" / "_screenshots"
    out.mkdir(parents=True, exist_ok=True)
    tab = browser.new_page(viewport={"width": WIDTHS["desktop"][0], "height": WIDTHS["desktop"][1]})
    for name, path in SCREENSHOTS.items():
        assert path in _html_pages(site), path
        tab.goto(served_site + path, wait_until="networkidle")
        tab.screenshot(path=str(out / f"{name}.png"), full_page=True)
        assert (out / f"{name}.png").stat().st_size > 10_000
    tab.close()


def test_page_titles_are_unique(site):
    assert not duplicate_titles(site), f"titles shared by several pages: {duplicate_titles(site)}"


if __name__ == "__main__":
    # python -m tests.site.test_reader_sweep SITE_DIR [SUB_PATH]: the figures, without pytest.
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    from tests.site.test_browser import CHROMIUM, CHROMIUM_ARGS, _PagesLikeHandler

    site_dir = Path(sys.argv[1])
    handler = functools.partial(_PagesLikeHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    from tests.site.test_browser import SUB_PATH

    base = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        tab = instance.new_page()
        tab.route(
            "**/search/search_index.json",
            lambda route: route.fulfill(
                body='{"config":{"lang":["en"],"separator":" ","pipeline":[]},"docs":[]}',
                content_type="application/json",
            ),
        )
        found = measure(tab, base, _html_pages(site_dir))
        instance.close()
    server.shutdown()
    Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/sweep.json").write_text(json.dumps(found))
    print(json.dumps(summary(found, site_dir), indent=1))


# --- a pasted error line, with Python's double quotes around a name the site does not have --------

# Material read text between double quotes as required terms, so a KeyError line naming the
# reader's own key ("value key 'my_critic_value' not found ...") found no page at all; the query
# transform (docs/assets/search-query.js) drops the quotes.  Each captured first line that Python
# wrapped in double quotes is pasted with its quoted names replaced by names no page has.
QUOTED_NAME = re.compile(r"'[A-Za-z_][\w.]*'")


def test_a_pasted_error_with_the_readers_own_names_finds_its_entry(search_page, site):  # noqa: F811
    misses, tried = [], 0
    for entry in json.loads((site / "inventory.json").read_text())["troubleshooting"]:
        first = (entry["error_text"] or "").splitlines()[:1]
        if not first or '"' not in first[0] or not QUOTED_NAME.search(first[0]):
            continue
        query = QUOTED_NAME.sub("'my_own_qwzx_key'", first[0])[:MAX_QUERY]
        tried += 1
        hits = _section_hits(search_page, query)
        if entry["slug"] not in hits[:TOP]:
            misses.append(f"{entry['slug']}: {query!r} -> {hits[:TOP]}")
    assert tried >= 3, "fewer double-quoted error lines than expected: the captures changed?"
    assert not misses, "pasted lines that miss their entry:\n" + "\n".join(misses)


# --- ways on -------------------------------------------------------------------------------------

EXPORTS = ("inventory.json", "inventory.schema.json", "llms.txt", "llms-full.txt", "objects.inv")
FOOTER = re.compile(r'<div class="md-copyright">(.*?)</div>\s*Made with', re.DOTALL)


def test_every_page_links_the_exports_from_its_footer(site):
    wrong = []
    for path in _html_pages(site):
        page = site / path.lstrip("/") / "index.html"
        footer = FOOTER.search(page.read_text(encoding="utf-8"))
        hrefs = re.findall(r'href="([^"]+)"', footer.group(1)) if footer else []
        found = {href.rsplit("/", 1)[-1]: href for href in hrefs}
        if set(EXPORTS) - set(found) or not all((page.parent / found[e]).resolve().is_file() for e in EXPORTS):
            wrong.append(path)
    assert not wrong, f"pages whose footer does not link every export: {wrong[:5]}"


def test_the_tools_page_links_the_exports(site):
    html = (site / "tools" / "index.html").read_text(encoding="utf-8")
    assert all(f'href="../{name}"' in html for name in EXPORTS)
