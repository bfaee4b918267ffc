"""The estimator reference, computed once per test process (and reused from the disk cache)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def estimator_reference():
    from tools.estimators.facts.assemble import reference

    return reference()
