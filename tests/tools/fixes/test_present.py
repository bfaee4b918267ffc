"""A fix in no release yet is said to be in the installed torchrl: checked against the mirror's history.

The scanned commit is newer than every release tag of the mirror, and the installed torchrl is
newer still: each torchrl file such a fix changed is closer, in the installed package, to its
version at the scanned commit than to its version at the newest release.
"""

from __future__ import annotations

import difflib
import subprocess

import pytest

from tools.fixes.facts.installed import _site_root
from tools.wings.fix_scanner.git import Git

from ..wings.fix_scanner.test_reproduce import MIRROR, needs_mirror


def _at(commit: str, path: str) -> list[str]:
    done = subprocess.run(["git", f"--git-dir={MIRROR}", "show", f"{commit}:{path}"], capture_output=True, text=True)
    return done.stdout.splitlines() if done.returncode == 0 else []


def _distance(a: list[str], b: list[str]) -> int:
    return sum(1 for line in difflib.unified_diff(a, b, lineterm="", n=0) if line[:1] in "+-") if a or b else 0


@needs_mirror
def test_each_file_a_fix_after_the_newest_release_changed_is_installed_as_after_it(fix_history):
    unreleased = [fix for fix in fix_history.fixes if fix.first_release is None]
    if not unreleased:
        pytest.skip("every fix of the history is in a release")
    files = sorted({f for fix in unreleased for f in fix.files if f.startswith("torchrl/") and f.endswith(".py")})
    root = _site_root()
    newest = f"refs/tags/{fix_history.newest_release}"
    assert Git(MIRROR).commit(newest)  # the tag is in the mirror
    older = []
    for path in files:
        installed = (root / path).read_text(encoding="utf-8").splitlines() if (root / path).exists() else []
        if not installed:
            continue  # moved or removed since: the fix's objects say so
        scanned, released = _at(fix_history.commit, path), _at(newest, path)
        if _distance(installed, scanned) > _distance(installed, released):
            older.append(path)
    assert not older, f"installed files closer to {fix_history.newest_release} than to the scanned commit: {older}"
