"""The import contract in pyproject.toml (facts below pages) holds, and an import that breaks it fails it.

``make test`` runs ``lint-imports`` on the project; here the same contract is
run on a copy of ``tools/`` with one bad import added, to prove that the
contract can fail and that its report names the importing module, the
imported one and the rule.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.core.paths import ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    for package in ("tools", "bench"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_project_keeps_the_contract(project_copy):
    done = _lint(project_copy)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "bad_import", "rule"),
    [
        # facts reading a page renderer
        (
            "tools/losses/facts/curated.py",
            "from tools.losses.views import render",
            "Each concern keeps its facts below its views",
        ),
        # a lower concern's facts reading a higher one's
        ("tools/losses/facts/curated.py", "from tools.troubleshooting.facts import records", "Facts below pages"),
        # one concern's views reading another's renderer
        ("tools/trainers/views/render.py", "from tools.losses.views import render", "Facts below pages"),
        # the core reaching into a concern
        ("tools/core/paths.py", "import tools.losses.facts.records", "The core imports nothing else of the project"),
    ],
)
def test_an_import_that_breaks_the_contract_fails_it_with_its_names(project_copy, module, bad_import, rule):
    path = project_copy / module
    path.write_text(path.read_text() + f"\n{bad_import}  # the violation under test\n")
    done = _lint(project_copy)
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    importer = module.removesuffix(".py").replace("/", ".")
    imported = bad_import.split()[1]
    assert f"{importer} -> {imported}" in report, report
    assert rule in report and "BROKEN" in report, report
