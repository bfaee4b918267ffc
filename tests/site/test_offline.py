"""The site loads nothing from another host: no web fonts, CDN scripts or styles."""

from __future__ import annotations

import re
from html.parser import HTMLParser

RESOURCE_ATTRS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "video": "src", "audio": "src"}


class _Resources(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") not in {"canonical", "alternate"} and attrs.get("href"):
            self.urls.append(attrs["href"])
        elif tag in RESOURCE_ATTRS and attrs.get(RESOURCE_ATTRS[tag]):
            self.urls.append(attrs[RESOURCE_ATTRS[tag]])


def test_pages_load_only_local_resources(site):
    remote = []
    for page in site.rglob("*.html"):
        parser = _Resources()
        parser.feed(page.read_text(encoding="utf-8"))
        remote += [f"{page.relative_to(site)}: {url}" for url in parser.urls if re.match(r"(https?:)?//", url)]
    assert not remote, "pages load resources from other hosts:\n" + "\n".join(remote)


def test_stylesheets_import_nothing_remote(site):
    remote = []
    for sheet in site.rglob("*.css"):
        text = sheet.read_text(encoding="utf-8", errors="replace")
        remote += [
            f"{sheet.relative_to(site)}: {m}"
            for m in re.findall(r"(?:@import|url\()\s*['\"]?(?:https?:)?//[^'\")]+", text)
        ]
    assert not remote, "stylesheets reference other hosts:\n" + "\n".join(remote)
