"""data/fix-history.json is what the scanner reads at its recorded commit: re-scanned from a mirror, byte for byte."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tools.core.paths import DATA, ROOT
from tools.wings.fix_scanner.scan import render_json, scan

FIX_DATA = DATA / "fix-history.json"
# The git directory `make fix-history-verify` reads (the Makefile's FIX_MIRROR and its default).
MIRROR = Path(os.environ.get("FIX_MIRROR") or ROOT / ".mirrors" / "pytorch-rl.git")

# A clone of pytorch/rl exists only where someone made one (CI has no network and no copy of it, and the
# project commits facts, never pytorch/rl's code); `make fix-history-verify` runs the same check there.
needs_mirror = pytest.mark.skipif(
    not MIRROR.is_dir(),
    reason="needs a git directory of pytorch/rl at FIX_MIRROR or .mirrors/pytorch-rl.git (not in CI); "
    "see the README's section 'Upstream bug fixes'",
)


def _recorded() -> dict:
    return json.loads(FIX_DATA.read_text(encoding="utf-8"))


@needs_mirror
def test_rescanning_the_recorded_commit_reproduces_the_file():
    rescanned = render_json(scan(MIRROR, _recorded()["commit"]))
    assert rescanned == FIX_DATA.read_text(encoding="utf-8"), "data/fix-history.json is stale: run 'make fix-history'"


def _git(*args: str) -> str:
    return subprocess.run(["git", f"--git-dir={MIRROR}", *args], capture_output=True, text=True, check=True).stdout


@needs_mirror
def test_every_first_release_is_the_one_git_tag_contains_names():
    """The scanner asks each tag for its history once; git's own answer, asked per fix, must agree."""
    release = re.compile(r"v?(\d+)\.(\d+)\.(\d+)")
    wrong = []
    for fix in _recorded()["fixes"]:
        tags = [t for t in _git("tag", "--contains", fix["sha"]).split() if release.fullmatch(t)]
        first = min(tags, key=lambda t: tuple(map(int, release.fullmatch(t).groups())), default=None)
        if first != fix["first_release"]:
            wrong.append((fix["sha"][:9], fix["first_release"], first))
    assert not wrong, f"first releases that differ from `git tag --contains` (recorded, git): {wrong}"


def test_the_committed_file_names_its_commit_rules_and_covered_paths():
    data = _recorded()
    assert re.fullmatch(r"[0-9a-f]{40}", data["commit"])
    assert data["covered_paths"] and data["rules"]
    assert len(data["fixes"]) > 100  # a rule that matched (almost) nothing shows here
