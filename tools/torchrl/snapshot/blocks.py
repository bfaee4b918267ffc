"""The ``fixed_upstream`` and ``migrations`` sections: whether each block ran in this release, or what it raised.

Each block runs in a fresh interpreter of the snapshot's own Python (an empty
temporary folder as its cwd, one thread, a fixed hash seed), with nothing of
this project on its path: it sees what a reader's interpreter would.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tools.core.fresh_python import run_fresh_python
from tools.core.signatures import MEMORY_ADDRESS

BLOCK_TIMEOUT = 600
# Where the venv that ran a block lives is this machine's business, not the release's: an error that
# names a file keeps the path from its package folder on (``site-packages/torchrl/...``).
VENV_PREFIX = re.compile(r"/[^\s()'\"]*/(?=site-packages/)")
# Runs in the block's interpreter, which has only the release's packages: standard library only.
RUNNER = r"""
import json, runpy, sys, warnings
warnings.simplefilter("ignore")
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except BaseException as exc:
    lines = str(exc).strip().splitlines()
    print("\n" + json.dumps({"result": "raised", "error": (type(exc).__name__ + ": " + (lines[0] if lines else "")).rstrip(": ")}))
else:
    print("\n" + json.dumps({"result": "ran"}))
"""


def block_digest(text: str) -> str:
    """Recorded beside a block's outcome: a later edit of the block makes the record stale, visibly."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _without_project_path() -> dict[str, str]:
    """This process's environment without the path that made this project importable here."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}


def run_block(path: Path, python: str = sys.executable) -> dict[str, Any]:
    """Run one file in a fresh interpreter: ran, or the first line it raised; with the digest of its code."""
    return {**_outcome(path, python), "digest": block_digest(path.read_text(encoding="utf-8"))}


def _outcome(path: Path, python: str) -> dict[str, Any]:
    try:
        done = run_fresh_python(
            ["-c", RUNNER, str(path.resolve())],
            timeout=BLOCK_TIMEOUT,
            env=_without_project_path(),
            extra_env={"PYTHONHASHSEED": "0"},
            python=python,
        )
    except subprocess.TimeoutExpired:
        return {"result": "timeout", "error": f"no end after {BLOCK_TIMEOUT} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        tail = (done.stderr.strip().splitlines() or [""])[-1]
        return {
            "result": "crashed",
            "error": f"exit {done.returncode}: {VENV_PREFIX.sub('', MEMORY_ADDRESS.sub('', tail))}",
        }
    outcome: dict[str, Any] = json.loads(lines[-1])
    if "error" in outcome:
        outcome["error"] = VENV_PREFIX.sub("", outcome["error"])
    return outcome


def run_blocks(folder: Path, suffix: str = ".py") -> dict[str, Any]:
    """Every ``*<suffix>`` file of ``folder``, by name without the suffix."""
    paths = sorted(Path(folder).glob(f"*{suffix}"))
    return {path.name.removesuffix(suffix): run_block(path) for path in paths}
