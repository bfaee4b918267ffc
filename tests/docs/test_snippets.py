"""Every file under snippets/ runs alone in a fresh interpreter, as a reader would run it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import build_env
from tests.support.fences import snippet_files
from tools.core.paths import ROOT

# Training recipes run once, in tests/tools/recipes/, in a fresh interpreter too, under a probe
# that checks their wiring; running them here as well would double their (largest) cost.
RECIPES = ROOT / "snippets" / "recipes"
SNIPPETS = [path for path in snippet_files() if not path.is_relative_to(RECIPES)]


@pytest.mark.parametrize("path", SNIPPETS, ids=[p.relative_to(ROOT).as_posix() for p in SNIPPETS])
def test_snippet_runs_in_a_fresh_interpreter(path, tmp_path):
    result = subprocess.run(
        [sys.executable, str(path)], cwd=tmp_path, env=build_env(), capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{path.relative_to(ROOT)} exited {result.returncode}:\n{result.stderr[-6000:]}"
