"""The SOTA map's tests read the scanner's fixture map."""

from __future__ import annotations

from pathlib import Path

import pytest

# The scanner's fixture (tests/tools/wings/sota_scanner/fixture): a tiny pytorch/rl-shaped tree.
FIXTURE = Path(__file__).parents[1] / "wings" / "sota_scanner" / "fixture"


@pytest.fixture(scope="session")
def fixture_map():
    from tools.wings.sota_scanner.scan import scan

    return scan(FIXTURE / "rl", "fixture")
