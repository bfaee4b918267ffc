"""Every file under snippets/ runs alone in a fresh interpreter, as a reader would run it.

A snippet whose output a page shows was run that way by ``make outputs``, which stores the
output only of a run that exited 0, keyed on the file, the project code it imports and the
pinned versions (``tools/outputs/facts/store.py``).  While that key matches, the run here would
repeat it on the same inputs: such a snippet is checked by its key (a stale one fails, naming
``make outputs``), and the quickest of them runs afresh and must print what was stored.  Any
other snippet runs here.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest

from tests.conftest import build_env
from tests.support.fences import snippet_files
from tools.core.paths import ROOT
from tools.outputs.facts.store import ANSI_ESCAPE, load, staleness

# Training recipes run under a probe whose reports are kept the same way (tests/tools/recipes/).
RECIPES = ROOT / "snippets" / "recipes"
SNIPPETS = [path for path in snippet_files() if not path.is_relative_to(RECIPES)]
# Decimal numbers (returns, losses) may differ in their last digits on another CPU; the rest may not.
DECIMAL = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


def _source(path) -> str:
    return path.relative_to(ROOT).as_posix()


def _run(path, cwd) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [sys.executable, str(path)], cwd=cwd, env=build_env(), capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{_source(path)} exited {result.returncode}:\n{result.stderr[-6000:]}"
    return result


@pytest.mark.parametrize("path", SNIPPETS, ids=[_source(p) for p in SNIPPETS])
def test_snippet_runs_in_a_fresh_interpreter(path, tmp_path):
    if load(_source(path)) is None:
        _run(path, tmp_path)
        return
    stale = staleness(_source(path))
    assert stale is None, stale  # its stored run is of another file, another project code or other pins


def test_the_quickest_captured_snippet_runs_afresh_and_prints_what_was_stored(tmp_path):
    captured = [path for path in SNIPPETS if load(_source(path)) is not None]
    if not captured:
        pytest.skip("no snippet has a stored output")
    quickest = min(captured, key=lambda path: load(_source(path)).seconds or math.inf)
    stored = load(_source(quickest))
    fresh = ANSI_ESCAPE.sub("", _run(quickest, tmp_path).stdout)
    assert _text_shape(fresh) == _text_shape(stored.stdout), f"{_source(quickest)} prints other text than was stored"


def _text_shape(text: str) -> str:
    return DECIMAL.sub("<decimal>", text)
