"""The sitemap lists every page under site_url (the test build's is a sub-path, as on GitHub Pages)."""

from __future__ import annotations

import re

from tests.conftest import SITE_URL


def test_sitemap_lists_every_page_under_site_url(site):
    locations = re.findall(r"<loc>([^<]+)</loc>", (site / "sitemap.xml").read_text(encoding="utf-8"))
    pages = {
        SITE_URL + p.relative_to(site).as_posix().removesuffix("index.html")
        for p in site.rglob("*.html")
        if p.name != "404.html" and not p.relative_to(site).as_posix().startswith("_")
    }
    assert locations, "the sitemap is empty: is site_url set?"
    assert set(locations) == pages


def test_404_page_links_its_assets_from_the_site_path(site):
    # GitHub Pages serves 404.html for any missing URL, at any depth: relative links would break.
    html = (site / "404.html").read_text(encoding="utf-8")
    path = "/" + SITE_URL.split("://", 1)[1].split("/", 1)[1]
    stylesheets = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', html)
    assert stylesheets and all(href.startswith(path) for href in stylesheets), stylesheets
