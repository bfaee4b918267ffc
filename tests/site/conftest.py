"""The browser, the local server and the reader sweep the browser test modules share: one of each per worker.

Session-scoped: a module fixture is torn down whenever the worker runs a test of another module in
between, and xdist interleaves modules, so a sweep of every page was made again for each run of its
module's tests (four sweeps of minutes each in one CI run).  Defined here, once: Playwright's sync API
runs one instance per thread, so a module that imported its own copy of the fixture would start a
second one beside this and fail.

The reader sweep (``reader_sweep``: every page loaded once and probed at 1400, 1280 and 390 px,
tests/site/sweep.py) is asserted on by test_reader_browser.py and test_reader_sweep.py; both
modules are in one ``xdist_group``, so one worker makes it, once per run.
"""

from __future__ import annotations

import json

import pytest

from tests.site import serving, sweep


@pytest.fixture(scope="session")
def served_site(built_site):
    with serving.served(built_site.site_dir) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    with serving.chromium() as instance:
        yield instance


@pytest.fixture(scope="session")
def reader_sweep(browser, served_site, built_site) -> sweep.Sweep:
    """Every page of the site, loaded once and probed at the three widths (tests/site/sweep.py)."""
    found = sweep.visit_every_page(browser, served_site, built_site.site_dir)
    # The sweep's figures, for the record, in a run with -s.
    print(json.dumps(sweep.summary(found, built_site.site_dir), indent=1))
    return found
