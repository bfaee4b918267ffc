"""The fix history and what the installed torchrl has of it, computed once per test process."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def fix_history():
    from tools.fixes.facts import history

    return history()


@pytest.fixture(scope="session")
def fix_objects():
    from tools.fixes.facts import objects

    return objects()


@pytest.fixture(scope="session")
def fix_context():
    from tools.fixes.views.concern import context

    return context()
