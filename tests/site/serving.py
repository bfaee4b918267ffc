"""The built site served as the browser tests see it, and a Chromium to look at it (a support module).

The session fixtures of ``conftest.py`` and the command-line entry points of the support modules
(``python -m tests.site.ranking SITE_DIR``) share these, so a figure printed from a terminal is
measured on the site served the way the tests serve it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

from tests.site.test_browser import CHROMIUM, CHROMIUM_ARGS, SUB_PATH, _PagesLikeHandler


@contextlib.contextmanager
def served(site_dir: Path) -> Iterator[str]:
    """``site_dir`` served on a free local port: yields the site's base URL (no trailing slash)."""
    handler = functools.partial(_PagesLikeHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Debian's Chromium, headless, through Playwright's sync API."""
    from playwright.sync_api import sync_playwright  # deferred: only browser runs pay for it

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()
