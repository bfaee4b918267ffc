"""Running the skill's scripts as an agent would: the whole skill folder copied out of the project, each
script started with ``python -I`` (no PYTHONPATH, no current directory on the path), so that nothing of
the project can be imported."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tools.core.fresh_python import thread_limits
from tools.skill.views.concern import skill_files


def write_skill(folder: Path) -> Path:
    """The skill's files under ``folder``; returns its ``scripts/`` folder."""
    for path, text in skill_files().items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folder / "scripts"


def run(argv: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **thread_limits(1), "PYTHONWARNINGS": "ignore"}
    env.pop("PYTHONPATH", None)
    return subprocess.run(argv, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=900)
