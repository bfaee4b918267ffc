"""The learning-curves page: one thumbnail per family with runs, served from its committed plot, linking to its page."""

from __future__ import annotations

import re

from tools.core.paths import DOCS
from tools.curves.facts import committed_curves
from tools.curves.views.plot import plot_path, served_path, served_plots
from tools.curves.views.render import render_summary, render_thumbnails

# A thumbnail: [![alt](image){ ... }<br>...](page#learning-curve)
THUMBNAIL = re.compile(r"^- \[!\[[^\]]*\]\((?P<image>[^)]+)\)\{[^}]*\}<br>.*\]\((?P<page>[\w-]+)\.md#learning-curve\)$")


def test_every_family_with_runs_has_a_thumbnail_of_its_plot_linking_to_its_page():
    curves = [c for c in committed_curves() if c.seeds]
    lines = [line for line in render_thumbnails(curves, served_path).splitlines() if line.startswith("- ")]
    found = {m.group("page"): m.group("image") for line in lines if (m := THUMBNAIL.match(line))}
    assert len(found) == len(lines) == len(curves)
    for c in curves:
        assert found[c.family] == served_path(c.family).removeprefix("recipes/"), c.family
        assert (DOCS / "recipes" / f"{c.family}.md").is_file(), c.family


def test_each_thumbnail_is_served_from_the_committed_plot():
    served = served_plots()
    for c in committed_curves():
        if c.seeds:
            assert served[served_path(c.family)] == plot_path(c.family)
    assert all(path.startswith("recipes/") for path in served), "the thumbnails' links are relative to recipes/"


def test_the_learning_curves_page_places_the_thumbnails_above_the_table():
    page = (DOCS / "recipes" / "learning-curves.md").read_text()
    assert 0 <= page.index("<!-- gen:curves.thumbnails -->") < page.index("<!-- gen:curves.summary -->")


def test_the_table_keeps_each_figure_on_one_line():
    # Spaces inside a figure ("-150.2 ± 30.1", "2.5 min") are non-breaking: a narrow column does not split it.
    table = render_summary(committed_curves())
    figures = re.findall(r"-?[\d,.]+(?: |\u00a0)±(?: |\u00a0)[\d,.]+", table)
    assert figures and all(" " not in figure for figure in figures), figures[:3]
