"""The kept venv of an older torchrl (``make release-venv``; ``make test`` builds it first)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.core.paths import CACHE

RELEASE = "0.13.3"
VENV = CACHE / f"venv-torchrl-{RELEASE}"


def release_venv() -> Path:
    """Its bin/ folder; a test that needs it fails under CI without it, and is skipped elsewhere."""
    stamp = VENV / ".project-stamp"
    if not stamp.exists():
        message = f"no kept torchrl {RELEASE} venv at {VENV}: `make release-venv` builds it (make test does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return VENV / "bin"
