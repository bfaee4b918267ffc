"""Every internal link and anchor of the built site resolves."""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.conftest import SITE_URL

# Site-absolute links (the 404 page's) start with site_url's path: the site's root.
SITE_PATH = urlsplit(SITE_URL).path


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("id", "name"):
            if attrs.get(name):
                self.ids.add(attrs[name])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])


@cache
def _parse(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def _target(page: Path, link: str, site: Path) -> tuple[Path, str] | None:
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:", "javascript:")):
        return None  # external links are not this test's business
    if not parts.path:
        path = page
    elif parts.path.startswith("/"):  # site-absolute (the 404 page uses these)
        if not parts.path.startswith(SITE_PATH):
            return Path("/nonexistent") / parts.path.lstrip("/"), ""  # outside the site: broken
        path = (site / unquote(parts.path.removeprefix(SITE_PATH))).resolve()
    else:
        path = (page.parent / unquote(parts.path)).resolve()
    if parts.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_internal_links_and_anchors_resolve(site):
    broken = []
    pages = sorted(site.rglob("*.html"))
    assert pages, "the build produced no HTML"
    for page in pages:
        for link in _parse(page).links:
            target = _target(page, link, site)
            if target is None:
                continue
            path, fragment = target
            where = f"{page.relative_to(site)} -> {link}"
            if not path.exists():
                broken.append(f"{where}: no such file")
            elif fragment and path.suffix == ".html" and fragment not in _parse(path).ids:
                broken.append(f"{where}: no anchor #{fragment}")
    assert not broken, "broken internal links:\n" + "\n".join(broken)
