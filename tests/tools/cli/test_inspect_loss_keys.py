"""inspect_loss_keys, run as a user would: the console script, from a directory outside the project."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import build_env
from tools.losses import discover
from tools.paths import ROOT

SCRIPT = Path(sys.executable).parent / "inspect_loss_keys"


def _run(*args, cwd):
    return subprocess.run([str(SCRIPT), *args], cwd=cwd, env=build_env(), capture_output=True, text=True, timeout=300)


def test_text_for_one_loss(tmp_path):
    result = _run("ClipPPOLoss", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("ClipPPOLoss\n")
    assert "set_keys:   available" in out and "default value estimator: GAE" in out
    assert 'advantage        "advantage"' in out
    assert "target parameters:" in out and "measured value estimators (make_value_estimator + forward" in out


def test_json_for_one_and_all(tmp_path):
    one = _run("DQNLoss", "--json", cwd=tmp_path)
    assert one.returncode == 0, one.stderr
    entry = json.loads(one.stdout)
    assert entry["name"] == "DQNLoss" and entry["loss_outputs"] == ["loss"]
    assert entry["default_value_estimator"] == "TD0" and entry["target_params"]
    every = _run("--all", "--json", cwd=tmp_path)
    assert every.returncode == 0, every.stderr
    assert {e["name"] for e in json.loads(every.stdout)} == set(discover.loss_classes())


@pytest.mark.parametrize(
    "args, message",
    [
        (["ClipPPO"], "unknown loss 'ClipPPO'; did you mean ClipPPOLoss?"),
        (["SoftUpdate"], "torchrl.objectives.SoftUpdate is a class"),
        (["ValueEstimators"], "is an enum (members: TD0"),
        (["GAE"], "torchrl.objectives.value.GAE is a class"),
        ([], "give a loss NAME (e.g. ClipPPOLoss) or --all"),
        (["DQNLoss", "--all"], "give either a loss NAME or --all, not both"),
    ],
)
def test_user_mistakes_exit_2_without_traceback(tmp_path, args, message):
    result = _run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_module_form_runs_too(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tools.cli.inspect_loss_keys", "ClipPPO"],
        cwd=ROOT, env=build_env(), capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 2 and "did you mean ClipPPOLoss" in result.stderr
