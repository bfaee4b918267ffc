"""A newcomer's path in Chromium: "Choose a loss" routes to a recipe on its first screen, a recipe page
gives its result on its first screen, and the learning-curves page shows every curve and a table whose
figures stay on one line."""

from __future__ import annotations

import pytest

from tests.site.sweep import DESKTOP, PHONE
from tests.site.test_browser import BROWSER_MARKS
from tools.curves.facts import committed_curves

pytestmark = BROWSER_MARKS

# How many lines each cell's text takes (a figure split over two lines takes two).
LINES_PER_CELL = """cells => cells.map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
})"""


def _open(browser, url: str, viewport=DESKTOP):
    tab = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    tab.goto(url, wait_until="networkidle")
    return tab


def test_choose_a_loss_routes_on_policy_continuous_control_to_its_recipe_on_the_first_screen(browser, served_site):
    tab = _open(browser, served_site + "/choose-a-loss/")
    link = tab.locator(".md-content a[href*='recipes/ppo_continuous']").first
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] <= DESKTOP[1], box
    assert "continuous" in link.locator("xpath=ancestor::li").inner_text()
    tab.close()


def test_a_recipe_page_gives_its_measured_result_on_the_first_screen(browser, served_site):
    tab = _open(browser, served_site + "/recipes/ppo_continuous/")
    row = tab.locator(".md-content tr", has_text="Result (measured)").first
    box = row.bounding_box()
    assert box is not None and box["y"] + box["height"] <= DESKTOP[1], box
    assert "random policy" in row.inner_text() and row.locator("a[href='#learning-curve']").count() == 1
    tab.close()


def test_the_learning_curves_page_shows_a_small_plot_of_every_family_linking_to_its_page(browser, served_site):
    families = {c.family for c in committed_curves() if c.seeds}
    tab = _open(browser, served_site + "/recipes/learning-curves/")
    links = tab.locator(".curve-thumbnails a")
    hrefs = links.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert sorted(h.split("/")[-2] for h in hrefs if h.endswith("/#learning-curve")) == sorted(families)
    images = tab.locator(".curve-thumbnails img")
    # The thumbnails load lazily: load them all now, as a reader scrolling down would.
    images.evaluate_all("imgs => imgs.forEach(i => { i.loading = 'eager'; })")
    tab.wait_for_function("[...document.querySelectorAll('.curve-thumbnails img')].every(i => i.complete)")
    sizes = images.evaluate_all("imgs => imgs.map(i => [i.naturalWidth, i.getBoundingClientRect().width])")
    assert len(sizes) == len(families)
    assert all(natural > 0 for natural, _ in sizes), "a thumbnail did not load"
    assert all(shown <= 320 for _, shown in sizes), sizes
    tab.close()


@pytest.mark.parametrize("width", [DESKTOP, PHONE], ids=["1400px", "390px"])
def test_the_results_table_keeps_each_figure_on_one_line(browser, served_site, width):
    tab = _open(browser, served_site + "/recipes/learning-curves/", width)
    table = tab.locator(".md-content table", has_text="Random policy").first
    header = table.locator("th").all_inner_texts()
    figures = [
        i for i, name in enumerate(header) if name.startswith(("Final return", "Random", "Frames", "CPU", "Wall"))
    ]
    assert len(figures) == 5, header
    for column in figures:
        lines = table.locator(f"tbody tr td:nth-child({column + 1})").evaluate_all(LINES_PER_CELL)
        assert lines and max(lines) == 1, f"{header[column]}: a cell wraps onto {max(lines)} lines"
    tab.close()
