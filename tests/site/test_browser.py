"""The built site in a real browser: the local server, search offline, the sub-path.

That no page requests anything off the machine is asserted on the reader sweep, which loads
every page anyway (test_reader_browser.py).

Uses Debian's chromium (installed by .ci/run; never a downloaded browser).
"""

from __future__ import annotations

import gzip
import http.server
import io
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import SITE_URL

# How long a browser wait may take before the test gives up: only a guard against a hang, far
# above what a quiet machine needs (well under a second), so that a busy one never trips it.
HANG_GUARD_MS = 120_000

# Debian's chromium by default; CHROMIUM names another Chromium-based browser binary.
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

# The marks every browser test module carries (a module that adds its own, such as an xdist group,
# starts from this list).
BROWSER_MARKS = [pytest.mark.browser]

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Debian's chromium for the browser tests: apt-get install -y chromium")
    # Reason: outside CI the browser is optional; .ci/run installs it, so CI never skips.
    BROWSER_MARKS.append(
        pytest.mark.skip(reason="chromium is not installed (apt-get install -y chromium); CI installs it")
    )

pytestmark = BROWSER_MARKS


# The site is served as GitHub Pages serves a project site: under the sub-path the test
# build was made for (tests/conftest.py), gzip-compressed when the browser accepts it,
# and 404.html with status 404 for a missing page.
SUB_PATH = urlsplit(SITE_URL).path.rstrip("/")


class _PagesLikeHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_head(self):
        path = urlsplit(self.path).path
        if path != SUB_PATH and not path.startswith(SUB_PATH + "/"):
            return self._send(404, Path(self.directory) / "404.html")
        local = Path(self.translate_path(path[len(SUB_PATH) :] or "/"))
        if local.is_dir():
            if not path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            local = local / "index.html"
        if not local.is_file():
            return self._send(404, Path(self.directory) / "404.html")
        return self._send(200, local)

    def _send(self, status: int, file: Path):
        body = file.read_bytes()
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(str(file)))
        if "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, compresslevel=6)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def _html_pages(site: Path) -> list[str]:
    return sorted(
        "/" + p.relative_to(site).as_posix().removesuffix("index.html")
        for p in site.rglob("*.html")
        if p.name != "404.html"
    )


def test_search_works_offline(browser, served_site):
    page = browser.new_page()
    page.goto(served_site + "/", wait_until="networkidle")
    page.keyboard.press("/")  # Material focuses the search box on '/'
    page.keyboard.type("inventory")
    page.wait_for_selector(".md-search-result__item", timeout=HANG_GUARD_MS)
    assert page.locator(".md-search-result__item").count() > 0
    page.close()
