"""The skill's scripts run standalone (only torchrl importable) and print the facts the project's commands print.

Each script is copied out of the project and run with ``python -I`` (no PYTHONPATH, no current
directory on the path), in the project's venv and in the kept older-release venv, beside the
project's own ``inspect_loss_keys --json`` in the same venv.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.release_venv import release_venv
from tools.core.fresh_python import thread_limits
from tools.skill.views.concern import skill_files

pytestmark = pytest.mark.xdist_group("other-release")

LOSSES = ("ClipPPOLoss", "SACLoss", "DQNLoss", "TD3Loss", "IQLLoss")
COMPARED = ("accepted_keys", "default_value_estimator", "supported_value_estimators")


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, **thread_limits(1), "PYTHONWARNINGS": "ignore"}
    env.pop("PYTHONPATH", None)
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def script(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("skill")
    path = folder / "inspect_loss_keys.py"
    path.write_text(skill_files()["scripts/inspect_loss_keys.py"], encoding="utf-8")
    return path


def _facts(printed: dict) -> dict:
    # The command prints another release's declared estimators sorted (its snapshot's order), the
    # pinned one's in declared order: the set is the fact compared.
    return {
        **{k: printed[k] for k in COMPARED},
        "supported_value_estimators": sorted(printed["supported_value_estimators"] or []),
    }


def _compare(bin_dir: Path, script: Path) -> None:
    for loss in LOSSES:
        ours = _run([str(bin_dir / "python"), "-I", str(script), loss, "--json"], script.parent)
        assert ours.returncode == 0 and "Traceback" not in ours.stderr, ours.stderr[-2000:]
        project = _run([str(bin_dir / "inspect_loss_keys"), "--loss", loss, "--json"], script.parent)
        assert project.returncode == 0, project.stderr[-2000:]
        assert _facts(json.loads(ours.stdout)) == _facts(json.loads(project.stdout)), loss


def test_the_script_imports_nothing_of_the_project():
    source = skill_files()["scripts/inspect_loss_keys.py"]
    assert "import tools" not in source and "from tools" not in source


def test_same_facts_as_the_command_in_the_project_venv(script):
    _compare(Path(sys.executable).parent, script)


def test_same_facts_as_the_command_in_the_older_release(script):
    _compare(release_venv(), script)


def test_bad_input_is_a_clear_error(script):
    python = str(Path(sys.executable).parent / "python")
    unknown = _run([python, "-I", str(script), "NoSuchLoss"], script.parent)
    assert unknown.returncode == 2 and "unknown loss 'NoSuchLoss'" in unknown.stderr and "--list" in unknown.stderr
    assert "Traceback" not in unknown.stderr
    listed = _run([python, "-I", str(script), "--list"], script.parent)
    assert listed.returncode == 0 and "ClipPPOLoss" in listed.stdout.splitlines()
    text = _run([python, "-I", str(script), "ClipPPOLoss"], script.parent)
    assert "default value estimator: GAE" in text.stdout
