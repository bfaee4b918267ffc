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
import tempfile
from pathlib import Path

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


def run_fresh(python: str, arguments: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """``python arguments...`` in a fresh interpreter: empty temporary cwd, one thread, a fixed hash seed,
    output captured, and without the path that made this project importable here."""
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as cwd:
        return subprocess.run([python, *arguments], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def run_block(path: Path, python: str = sys.executable) -> dict:
    """Run one file in a fresh interpreter: ran, or the first line it raised; with the digest of its code."""
    return {**_outcome(path, python), "digest": block_digest(path.read_text(encoding="utf-8"))}


def _outcome(path: Path, python: str) -> dict:
    try:
        done = run_fresh(python, ["-c", RUNNER, str(path.resolve())], BLOCK_TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"result": "timeout", "error": f"no end after {BLOCK_TIMEOUT} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        tail = (done.stderr.strip().splitlines() or [""])[-1]
        return {
            "result": "crashed",
            "error": f"exit {done.returncode}: {VENV_PREFIX.sub('', MEMORY_ADDRESS.sub('', tail))}",
        }
    outcome = json.loads(lines[-1])
    if "error" in outcome:
        outcome["error"] = VENV_PREFIX.sub("", outcome["error"])
    return outcome


def run_blocks(folder: Path, suffix: str = ".py") -> dict:
    """Every ``*<suffix>`` file of ``folder``, by name without the suffix."""
    paths = sorted(Path(folder).glob(f"*{suffix}"))
    return {path.name.removesuffix(suffix): run_block(path) for path in paths}
