"""Every page read at 1400 px and 390 px: words whole, code that fits, titles unique.

The reader sweep (tests/site/sweep.py, fixture ``reader_sweep`` in conftest.py, the same visit
test_reader_browser.py asserts on) measures every page at both widths (folded blocks opened, so
what a reader unfolds is measured too) and records:

- words split between two letters or digits in a table cell (``positio|nal``,
  ``CISPOLo|ss``, ``100,00|0``); a break after ``_ . /`` inside an identifier is
  allowed, and counted apart (``identifier_breaks``) for the report;
- code blocks with a line wider than their column (the block scrolls sideways),
  except generated signature stubs (mkdocstrings' ``.doc-signature``);
- the page's height as it opens, before any fold is opened (no page over 20,000 px at 1400 px);
- tables wider than their box: each shows the scroll cue while columns lie beyond its edge (the
  columns cut mid-sentence are counted for the report, ``tables_cut_mid_sentence``);
- wrapped code lines: each continuation starts past the line's own indentation;
- the header's tabs at 1240 to 2560 px (a few pages), and the navigation's titles (from the HTML).

Page titles are read from the built HTML (no browser needed), and pasted error
lines are searched in ``test_troubleshooting_search.py``'s way by the last test.
``python -m tests.site.test_reader_sweep SITE_DIR`` prints the figures for a built
site.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.site.sweep import (
    MEASURED,
    NAV_TITLE_LIMIT,
    WIDTHS,
    duplicate_titles,
    nav_titles,
    summary,
    visit_every_page,
)
from tests.site.test_browser import BROWSER_MARKS, _html_pages
from tests.site.test_troubleshooting_search import MAX_QUERY, TOP, _section_hits, search_page  # noqa: F401
from tools.core.paths import ROOT

# One worker runs this module and test_reader_browser.py (make test passes --dist loadgroup; the
# same group name): the sweep of every page they share is made once per run.
pytestmark = [*BROWSER_MARKS, pytest.mark.xdist_group("reader-sweep")]


def _first(reader_sweep, width: str, key: str) -> dict[str, list]:
    return {path: page[key][:5] for path, page in reader_sweep.pages[width].items() if page[key]}


@pytest.mark.parametrize("width", MEASURED)
def test_no_word_is_split_between_two_letters_in_a_table(reader_sweep, width):
    split = _first(reader_sweep, width, "splits")
    assert not split, f"words split inside themselves in table cells at {WIDTHS[width][0]} px: {split}"


@pytest.mark.parametrize("width", MEASURED)
def test_no_code_line_is_wider_than_its_column(reader_sweep, width):
    wide = _first(reader_sweep, width, "wide")
    assert not wide, f"code blocks with a line wider than the column at {WIDTHS[width][0]} px: {wide}"


@pytest.mark.parametrize("width", MEASURED)
def test_a_table_cut_by_its_box_shows_the_scroll_cue_until_scrolled_to_the_end(reader_sweep, width):
    pages = reader_sweep.pages[width]
    assert sum(len(p["cutTables"]) for p in pages.values()) > 0, "no table scrolls sideways: is the probe blind?"
    silent = _first(reader_sweep, width, "cutWithoutCue")
    assert not silent, f"tables cut at {WIDTHS[width][0]} px with no scroll cue on their edge: {silent}"
    stuck = _first(reader_sweep, width, "cueAtEnd")
    assert not stuck, f"tables whose scroll cue stays once scrolled to the end at {WIDTHS[width][0]} px: {stuck}"


@pytest.mark.parametrize("width", MEASURED)
def test_a_wrapped_code_line_continues_past_its_own_indentation(reader_sweep, width):
    pages = reader_sweep.pages[width]
    assert sum(p["wrappedCodeLines"] for p in pages.values()) > 0, "no code line wraps: is the probe blind?"
    flat = _first(reader_sweep, width, "unindentedWraps")
    assert not flat, f"wrapped code lines continuing at or left of their own start at {WIDTHS[width][0]} px: {flat}"


def test_every_header_tab_fits_its_bar(reader_sweep):
    assert all(len(found) >= 2 for found in reader_sweep.tabs.values()), reader_sweep.tabs
    cut = {width: found for width, found in reader_sweep.tabs.items() if any(found.values())}
    assert not cut, f"header tabs hidden behind the tab bar's edge (width: page: tabs): {cut}"


def test_navigation_titles_are_short(site):
    titles = nav_titles(site)
    assert len(titles) > 100, titles[:5]
    long = [title for title in titles if len(title) > NAV_TITLE_LIMIT]
    assert not long, f"navigation titles over {NAV_TITLE_LIMIT} characters (shorten them in the nav): {long}"


# --- no wall --------------------------------------------------------------------------------------

# The SOTA map was one wall of a page before it became an overview and one page per family; the
# estimator reference one page per class; the transform group's parity audit a table and pages of
# differences.  A phone has no limit here: prose and tables grow taller there; the sweep prints
# those heights for the record.
HEIGHT_LIMIT = 20_000
SCREENSHOTS = {"sota-overview": "/sota/", "sota-family": "/sota/families/soft-actor-critic/"}


def test_no_page_is_taller_than_the_limit_at_1400_px(reader_sweep):
    heights = {path: page["height"] for path, page in reader_sweep.pages["desktop"].items()}
    assert len(heights) > 100, sorted(heights)  # every page was measured, not a handful
    phone = sorted(
        ((p["height"], path) for path, p in reader_sweep.pages["phone"].items() if p["height"] > HEIGHT_LIMIT),
        reverse=True,
    )
    print(f"{len(phone)} pages over {HEIGHT_LIMIT:,} px at 390 px: " + ", ".join(f"{p} ({h:,})" for h, p in phone))
    over = sorted(((h, path) for path, h in heights.items() if h > HEIGHT_LIMIT), reverse=True)
    assert not over, f"pages taller than {HEIGHT_LIMIT:,} px at 1400 px (split or fold them): " + ", ".join(
        f"{path} ({h:,} px)" for h, path in over
    )


def test_the_sota_map_is_an_overview_with_one_page_per_family(reader_sweep, site):
    desktop = reader_sweep.pages["desktop"]
    families = [path for path in desktop if path.startswith("/sota/families/")]
    assert len(families) >= 10, families
    # It was one page for everything, a wall: now a map (one row per directory) and the classes table.
    assert desktop["/sota/"]["height"] < 15_000, desktop["/sota/"]["height"]
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
        found = visit_every_page(instance, base, site_dir)
        instance.close()
    server.shutdown()
    Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/sweep.json").write_text(json.dumps(found.pages))
    print(json.dumps(summary(found, site_dir), indent=1))


# --- a pasted error line, with Python's double quotes around a name the site does not have --------

# Material read text between double quotes as required terms, so a KeyError line naming the
# reader's own key ("value key 'my_critic_value' not found ...") found no page at all; the query
# transform (docs/assets/search-query.js) drops the quotes.  Each captured first line that Python
# wrapped in double quotes is pasted with its quoted names replaced by names no page has.
QUOTED_NAME = re.compile(r"'[A-Za-z_][\w.]*'")


def test_a_pasted_error_with_the_readers_own_names_finds_its_entry(search_page, site):  # noqa: F811
    misses, tried = [], 0
    for entry in json.loads((site / "inventory.json").read_text())["troubleshooting"]["entries"]:
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
