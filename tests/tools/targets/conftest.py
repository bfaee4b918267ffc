"""The target-update records, computed once per test process (and reused from the disk cache)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def targets_reference():
    from tools.targets.facts import reference

    return reference()
