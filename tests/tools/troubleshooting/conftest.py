"""The troubleshooting records, computed once per test process (and reused from the disk cache)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def troubleshooting_captures():
    from tools.troubleshooting.facts import captures

    return captures()


@pytest.fixture(scope="session")
def troubleshooting_entries():
    from tools.troubleshooting.facts import curated_entries

    return curated_entries()
