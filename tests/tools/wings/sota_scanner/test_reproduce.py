"""data/sota.json is what the scanner reads at its recorded commit: re-scanned from the mirror, byte for byte."""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from tools.core.paths import ROOT
from tools.sota.facts.data import SOTA_DATA, load_map
from tools.wings.sota_scanner.__main__ import render_json
from tools.wings.sota_scanner.scan import scan

# The same git directory `make sota-verify` reads (the Makefile's SOTA_MIRROR and its default).
MIRROR = Path(os.environ.get("SOTA_MIRROR") or ROOT / ".mirrors" / "pytorch-rl.git")
FOLDERS = ["sota-implementations", "sota-check", ".github/unittest/linux_sota"]


# A clone of pytorch/rl exists only where someone made one (CI has no network and no copy of it, and the
# project commits facts, never pytorch/rl's code); `make sota-verify` runs the same check there.
@pytest.mark.skipif(
    not MIRROR.is_dir(),
    reason="needs a git directory of pytorch/rl at SOTA_MIRROR or .mirrors/pytorch-rl.git (not in CI); see the README's SOTA section",
)
def test_rescanning_the_recorded_commit_reproduces_the_file(tmp_path):
    commit = load_map().commit
    archive = subprocess.run(
        ["git", f"--git-dir={MIRROR}", "archive", commit, *FOLDERS], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp_path, filter="data")
    assert render_json(scan(tmp_path, commit)) == SOTA_DATA.read_text(), "data/sota.json is stale: run 'make sota-data'"


def test_the_committed_map_names_its_commit_and_every_directory_has_a_name():
    sota = load_map()
    assert len(sota.commit) == 40
    assert sota.directories and all(d.name for d in sota.directories)
