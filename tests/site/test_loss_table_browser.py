"""The loss table's filters and sorting work in a real browser (Debian's chromium)."""

from __future__ import annotations

from tests.site.test_browser import pytestmark


def _visible_rows(page):
    return page.locator(".loss-table tbody tr:not([hidden])")


def test_filters_keep_only_matching_rows(browser, served_site):
    page = browser.new_page()
    page.goto(served_site + "/losses/", wait_until="networkidle")
    total = page.locator(".loss-table tbody tr").count()
    assert total > 30
    page.select_option("select[data-filter='lt-action']", "discrete")
    values = _visible_rows(page).locator(".lt-action").evaluate_all("els => els.map(e => e.dataset.value)")
    assert values and all("discrete" in v.split() for v in values) and len(values) < total
    page.select_option("select[data-filter='lt-agents']", "multi")
    agents = _visible_rows(page).locator(".lt-agents").evaluate_all("els => els.map(e => e.dataset.value)")
    assert agents and all("multi" in a.split() for a in agents)
    assert page.locator(".loss-count").inner_text().startswith(f"{len(agents)} of {total}")
    page.select_option("select[data-filter='lt-agents']", "nested")  # measured: runs with nested keys
    nested = _visible_rows(page).locator(".lt-agents").evaluate_all("els => els.map(e => e.dataset.value)")
    assert nested and all("nested" in a.split() for a in nested)
    page.select_option("select[data-filter='lt-action']", "")
    page.select_option("select[data-filter='lt-agents']", "")
    page.select_option("select[data-filter='lt-setting']", "offline")
    settings = _visible_rows(page).locator(".lt-setting").evaluate_all("els => els.map(e => e.dataset.value)")
    assert settings and all("offline" in s.split() for s in settings)
    page.close()


def test_clicking_a_heading_sorts_the_rows(browser, served_site):
    page = browser.new_page()
    page.goto(served_site + "/losses/", wait_until="networkidle")
    names = lambda: page.locator(".loss-table tbody tr td:first-child").all_inner_texts()  # noqa: E731
    heading = page.locator(".loss-table thead th").first
    heading.click()
    ascending = names()
    assert ascending == sorted(ascending, key=str.lower)
    heading.click()
    assert names() == sorted(ascending, key=str.lower, reverse=True)
    page.close()


pytestmark = pytestmark  # the browser marks (and the skip when chromium is missing) apply here too
