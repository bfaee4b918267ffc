"""What a reader sees, page by page, in Chromium: tables, phone width, the loss table, navigation.

The reader sweep (tests/site/sweep.py, fixture ``reader_sweep`` in conftest.py) visits every
page of the built site once and measures it at three widths (1400 px: identifiers in table
cells; 1280 px: tables' columns; 390 px: sideways scrolling), so adding pages adds one load
each, not three; test_reader_sweep.py asserts on the same visit.  The tests below then
assert on those measurements; they know no page by name except the pages of the tables
they check (the loss table, the hook-points table, the loss constructors).
"""

from __future__ import annotations

import fnmatch

import pytest

from tests.site.sweep import DESKTOP, LAPTOP, PHONE, WIDTHS
from tests.site.test_browser import BROWSER_MARKS, HANG_GUARD_MS, SUB_PATH, _html_pages

# One worker runs this module and test_reader_sweep.py (make test passes --dist loadgroup; the
# same group name): the sweep of every page they share is made once per run.
pytestmark = [*BROWSER_MARKS, pytest.mark.xdist_group("reader-sweep")]

# Tables whose columns must all be visible at 1280 px, by page pattern
# and first heading: the loss table and the hook-points table.  The loss pages' constructor
# tables were on this list while cells could break words anywhere; site.css forbids that (a
# word or number never splits; a table that cannot fit scrolls, its first column in view, which
# test_wide_tables_keep_their_names_in_view holds), and a few of them now scroll their last column
# (the upstream description, long names outside backticks) at 1280 px.
MUST_FIT = [("/losses/", "Loss"), ("/trainers/loop/", "Point")]


def _pages_with(reader_sweep, width: str, finding: str) -> dict[str, list]:
    """The pages where the sweep found something of this kind at this width (first five each)."""
    pages = reader_sweep.pages[width]
    return {path: page[finding][:5] for path, page in pages.items() if page[finding]}


def test_the_sweep_saw_the_site(reader_sweep, site):
    expected = len(_html_pages(site))
    assert expected > 20
    assert {width: len(reader_sweep.pages[width]) for width in WIDTHS} == dict.fromkeys(WIDTHS, expected)


def test_no_identifier_is_broken_inside_a_table_cell(reader_sweep):
    broken = _pages_with(reader_sweep, "desktop", "identifiers")
    assert not broken, f"identifiers broken mid-name at {DESKTOP[0]} px (page: first few): {broken}"


def test_no_markdown_is_swallowed_into_a_table(reader_sweep):
    leaked = _pages_with(reader_sweep, "desktop", "markdown")
    assert not leaked, f"table cells holding unrendered Markdown (a missing blank line?): {leaked}"


def test_wide_tables_keep_their_names_in_view(reader_sweep):
    # A table wider than a 1280 px screen may scroll sideways, but its first column stays.
    pages = reader_sweep.pages["laptop"]
    lost = {path: [t["head"][:3] for t in page["tables"] if not t["firstInView"]] for path, page in pages.items()}
    lost = {path: tables for path, tables in lost.items() if tables}
    assert not lost, f"tables that scroll their first column out of view at {LAPTOP[0]} px: {lost}"


def test_the_named_tables_show_every_column_at_1280px(reader_sweep):
    pages = reader_sweep.pages["laptop"]
    found, cut = 0, {}
    for path, page in pages.items():
        for pattern, first in MUST_FIT:
            if not fnmatch.fnmatch(path, pattern) or path.count("/") != pattern.count("/"):
                continue
            for table in page["tables"]:
                if table["head"][:1] == [first]:
                    found += 1
                    if table["cut"]:
                        cut.setdefault(path, []).append(table["cut"])
    assert found >= len(MUST_FIT), f"the named tables were not found (only {found})"
    assert not cut, f"columns hidden behind a sideways scroll at {LAPTOP[0]} px: {cut}"


def test_no_page_scrolls_sideways_on_a_phone(reader_sweep):
    wide = _pages_with(reader_sweep, "phone", "sideways")
    assert not wide, f"pages wider than {PHONE[0]} px outside tables and code: {wide}"


def test_no_console_errors(reader_sweep):
    errors = reader_sweep.errors
    assert not errors, f"console errors: {errors[:10]}"


# --- the loss table ------------------------------------------------------------------------------


def test_no_page_requests_anything_off_the_machine(reader_sweep, served_site):
    # Every page's requests, seen while the sweep loaded, resized and probed it (the site must work
    # offline: no web fonts, no CDN scripts); its console errors and script errors are asserted above.
    off_machine = sorted({url for url in reader_sweep.requests if not url.startswith((served_site, "data:", "blob:"))})
    assert reader_sweep.requests, "the sweep saw no request at all"
    assert not off_machine, f"requests that leave the machine: {off_machine}"


def test_loss_table_legend_is_above_it_and_its_marks_explain_themselves(browser, served_site):
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    tab.goto(served_site + "/losses/", wait_until="load")
    legend = tab.locator("p", has_text="Marks:").first
    table = tab.locator(".loss-table table")
    assert legend.bounding_box()["y"] < table.bounding_box()["y"], "the legend should sit above the table"
    marks = tab.locator(".loss-table table abbr").evaluate_all("els => els.map(e => [e.textContent, e.title])")
    symbols = {text for text, _ in marks}
    assert {"D", "C", "†", "✗"} <= symbols, f"marks without a tooltip: {sorted({'D', 'C', '†', '✗'} - symbols)}"
    assert all(title for _, title in marks)
    # Material's content.tooltips turns the title into its own tooltip on hover.
    tab.locator(".loss-table table abbr", has_text="✗").first.hover()
    tab.wait_for_selector(".md-tooltip2, .md-tooltip", state="attached", timeout=HANG_GUARD_MS)
    tab.close()


def test_loss_table_header_stays_in_view_while_scrolling(browser, served_site):
    for width, height in (DESKTOP, PHONE):
        tab = browser.new_page(viewport={"width": width, "height": height})
        tab.goto(served_site + "/losses/", wait_until="load")
        header = tab.locator(".loss-table thead th").first
        last_row = tab.locator(".loss-table tbody tr").last
        # Scroll to the last row as a reader would: the page on a wide screen, the table's
        # own box (brought into view first) on a narrow one.
        tab.locator(".loss-table .md-typeset__scrollwrap").evaluate(
            "box => { box.scrollIntoView(); box.scrollTop = box.scrollHeight; }"
        )
        last_row.scroll_into_view_if_needed()
        head_box, row_box = header.bounding_box(), last_row.bounding_box()
        assert -2 <= head_box["y"] < height, f"at {width} px the header scrolled away (y={head_box['y']})"
        assert head_box["y"] < row_box["y"], f"at {width} px the header is not above the last row"
        tab.close()


# --- Material's navigation, the versions note, the home page ---------------------------------------


def test_pages_have_tabs_a_footer_and_a_one_line_versions_note(browser, served_site):
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    tab.goto(served_site + "/losses/DQNLoss/", wait_until="load")
    assert tab.locator(".md-tabs").is_visible()
    assert tab.locator("a.md-footer__link--prev").count() == 1 and tab.locator("a.md-footer__link--next").count() == 1
    note = tab.locator(".versions-note")
    assert note.count() == 1 and note.bounding_box()["height"] < 30, "the versions note should be one line"
    assert tab.locator(".admonition", has_text="Generated from the installed packages").count() == 0
    note.locator("a").click()
    tab.wait_for_load_state("load")
    assert tab.url.endswith("/#how-this-site-is-made") and tab.locator("table", has_text="torchrl").count() >= 1
    tab.close()


def test_home_page_shows_a_result_within_one_screen(browser, served_site):
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    tab.goto(served_site + "/", wait_until="load")
    output = tab.locator(".md-content .language-text").first
    assert output.count() == 1, "the home page should show its example's output in a text block"
    assert output.bounding_box()["y"] < DESKTOP[1], "the example's output starts below the first screen"
    assert "('next', 'reward')" in output.inner_text()
    tab.close()


def test_a_missing_page_gets_the_styled_404_under_the_sub_path(browser, served_site):
    tab = browser.new_page()
    failed = []
    tab.on("requestfailed", lambda request: failed.append(request.url))
    tab.on(
        "response",
        lambda response: (
            failed.append(response.url)
            if response.status >= 400 and not response.request.is_navigation_request()
            else None
        ),
    )
    response = tab.goto(served_site + "/no/such/page/", wait_until="networkidle")
    assert response.status == 404
    assert tab.locator(".md-header").is_visible() and "404" in tab.locator(".md-content").inner_text()
    assert not failed, f"the 404 page could not load: {failed}"
    # A way on: the search opens from it, and its section links resolve under the sub-path.
    links = tab.locator(".md-content a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert SUB_PATH + "/losses/" in links and SUB_PATH + "/troubleshooting/" in links, links
    tab.locator("label.md-button[for=__search]").click()
    assert tab.locator("input.md-search__input").is_visible()
    # Its links start with the sub-path (site_url), so they work whatever URL was missing.
    assert tab.locator("link[rel=stylesheet]").first.get_attribute("href").startswith(SUB_PATH + "/")
    tab.close()


# --- transfer sizes and screenshots --------------------------------------------------------------

# Bytes a first visit downloads, as the test server sends them: gzip-compressed, as GitHub
# Pages serves them (the search index, fetched by every page, is most of it).
TRANSFER_BUDGET = 1_500_000
TRANSFER = r"""() => performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
  .reduce((sum, e) => [sum[0] + e.transferSize, sum[1] + e.decodedBodySize], [0, 0])"""


@pytest.mark.parametrize("path", ["/", "/losses/"])
def test_transfer_size_stays_under_budget(browser, served_site, path):
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    tab.goto(served_site + path, wait_until="networkidle")
    transferred, uncompressed = tab.evaluate(TRANSFER)
    print(f"{path}: {transferred} bytes transferred, {uncompressed} bytes uncompressed")
    assert 0 < transferred < TRANSFER_BUDGET, f"{path} transferred {transferred} bytes"
    tab.close()


# For reviewers: full-page screenshots (not committed; site/ is git-ignored), one per kind of page.
SCREENSHOTS = {
    "home": "/",
    "loss-table": "/losses/",
    "loss-page": "/losses/ClipPPOLoss/",
    "estimator-matrix": "/value-estimators/",
    "recipe": "/recipes/*/",
    "learning-curves": "/recipes/learning-curves/",
    "troubleshooting": "/troubleshooting/*/",
    "troubleshooting-index": "/troubleshooting/",
    "choose-a-loss": "/choose-a-loss/",
    "tools": "/tools/",
    "trainer-page": "/trainers/PPOTrainer/",
    "parity-group": "/configs/parity/*/",
    "error-catalogue-page": "/troubleshooting/errors/objectives-1/",
}


def test_full_page_screenshots_for_reviewers(browser, served_site, site):
    from tools.core.paths import ROOT

    out = ROOT / "site" / "_screenshots"
    out.mkdir(parents=True, exist_ok=True)
    pages = _html_pages(site)
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    written, absent = [], []
    for name, pattern in SCREENSHOTS.items():
        path = next((p for p in pages if fnmatch.fnmatch(p, pattern)), None)
        if path is None:  # a section this checkout does not have yet (recipes, troubleshooting)
            absent.append(name)
            continue
        tab.goto(served_site + path, wait_until="networkidle")
        tab.screenshot(path=str(out / f"{name}.png"), full_page=True)
        written.append(name)
    # The page a missing URL gets, and a phone's view of a loss page.
    tab.goto(served_site + "/no/such/page/", wait_until="networkidle")
    tab.screenshot(path=str(out / "404.png"), full_page=True)
    tab.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    tab.goto(served_site + "/losses/ClipPPOLoss/", wait_until="networkidle")
    tab.screenshot(path=str(out / "loss-page-phone.png"), full_page=True)
    written += ["404", "loss-page-phone"]
    tab.close()
    print(f"screenshots in {out}: {written}; no page yet for {absent}")
    assert {"home", "loss-table", "loss-page", "estimator-matrix"} <= set(written)
