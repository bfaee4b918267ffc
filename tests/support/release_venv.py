"""The kept venv of an older torchrl (``make release-venv``; ``make test`` builds it first)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tools.core.paths import CACHE
from tools.upgrading.facts.curated import KEPT_RELEASE

RELEASE = KEPT_RELEASE
VENV = CACHE / f"venv-torchrl-{RELEASE}"


# `make test` builds the venv in the background while the tests run (it is mostly download and
# unpacking): the pid of that build, and its exit status once it ends.
BUILDER_PID, BUILDER_STATUS, BUILDER_LOG = (CACHE / f"release-venv.{ext}" for ext in ("pid", "rc", "log"))
# The tests that use the venv run last (tests/conftest.py), so that the build has the time of the rest.
USERS = (
    "tests/tools/cli/test_other_release.py",
    "tests/tools/upgrading/test_migrations.py",
    "tests/tools/skill/test_scripts.py",
    "tests/tools/skill/test_explain_script.py",
    "tests/tools/skill/test_check_wiring_script.py",
)


def _building() -> bool:
    if BUILDER_STATUS.exists() or not BUILDER_PID.exists():
        return False
    try:
        os.kill(int(BUILDER_PID.read_text().strip()), 0)
    except (ProcessLookupError, ValueError):
        return False  # the build ended without writing its status (killed): nothing to wait for
    except PermissionError:
        pass  # alive, another user's
    return True


def release_venv() -> Path:
    """Its bin/ folder; a test that needs it fails under CI without it, and is skipped elsewhere."""
    stamp = VENV / ".project-stamp"
    while _building():
        time.sleep(2)  # waits for the build's end, however long it takes; no duration is asserted
    if not stamp.exists():
        message = f"no kept torchrl {RELEASE} venv at {VENV}: `make release-venv` builds it (make test does)"
        if BUILDER_LOG.exists():
            message += "; the last build said:\n" + BUILDER_LOG.read_text(errors="replace")[-3000:]
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return VENV / "bin"
