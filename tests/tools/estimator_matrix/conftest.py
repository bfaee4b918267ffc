"""The measured matrix, computed once per test process (and reused from the disk cache)."""

from __future__ import annotations

import pytest

from tools.estimator_matrix.facts import matrix


@pytest.fixture(scope="session")
def estimator_matrix():
    return matrix()
