"""The upgrade pages' list of every difference filters by object and kind with the loss table's asset."""

from __future__ import annotations

from tests.site.test_browser import pytestmark  # noqa: F401
from tools.core.paths import ROOT
from tools.upgrading.facts import upgrades
from tools.upgrading.facts.records import BEHAVIOUR


def test_every_difference_filters_by_object_and_kind(browser, served_site):
    step = upgrades().steps[-1]
    page = browser.new_page()
    page.goto(f"{served_site}/upgrading/{step.slug}/", wait_until="networkidle")
    page.locator("summary", has_text=f"All {len(step.changes)} differences").click()
    rows = page.locator(".loss-table tbody tr:not([hidden])")
    assert rows.count() == len(step.changes)
    page.select_option("select[data-filter='up-impact']", BEHAVIOUR)
    behaviour = sum(1 for c in step.changes if c.impact == BEHAVIOUR)
    assert rows.count() == behaviour
    assert page.locator(".loss-count").inner_text() == f"{behaviour} of {len(step.changes)} differences"
    page.select_option("select[data-filter='up-section']", "losses")
    expected = sum(1 for c in step.changes if c.impact == BEHAVIOUR and c.section == "losses")
    assert rows.count() == expected
    page.select_option("select[data-filter='up-section']", "configs")
    out = ROOT / "site" / "_screenshots"  # where reviewers look (tests/site/test_reader_browser.py)
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / "upgrade-every-difference.png"))
