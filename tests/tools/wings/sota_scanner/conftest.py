"""The SOTA map's tests.  fixture/rl is a tiny pytorch/rl-shaped tree written for them, not a test folder."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "fixture"
collect_ignore_glob = ["fixture/*"]


@pytest.fixture(scope="session")
def fixture_map():
    from tools.wings.sota_scanner.scan import scan

    return scan(FIXTURE / "rl", "fixture")
