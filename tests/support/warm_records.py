"""Let the strict build measure first, so the test workers read its records from .cache/.

Without this, both xdist workers and the build would each measure the same
trainers at once on a 2-core machine. With DOCS_CACHE=off the tests simply
measure for themselves.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def records_from_the_build(built_site):
    return built_site
