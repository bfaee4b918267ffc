"""inspect_trainer, run as a user would: answers from the records, clear errors with exit code 2."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import build_env
from tools.core.paths import ROOT

SCRIPT = Path(sys.executable).with_name("inspect_trainer")


@pytest.fixture(scope="module")
def warm(built_site):
    # The strict build leaves the records in .cache/, so the tool does not measure again.
    return built_site


def run(*args):
    assert SCRIPT.exists() or shutil.which("inspect_trainer"), "console script missing: reinstall the project"
    return subprocess.run([str(SCRIPT), *args], cwd=ROOT, env=build_env(), capture_output=True, text=True, timeout=300)


def test_unknown_trainer_suggests_close_names(warm):
    result = run("TD3Trainr")
    assert result.returncode == 2
    assert "unknown trainer 'TD3Trainr'; did you mean TD3Trainer" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [((), "give a trainer NAME"), (("TD3Trainer", "--all"), "not both")],
)
def test_missing_or_conflicting_arguments(args, message):
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_bad_option_is_a_usage_error():
    result = run("--nope")
    assert result.returncode == 2 and "usage: inspect_trainer" in result.stderr


def test_json_is_the_inventory_record(warm):
    from tools.config_groups import facts as config_groups
    from tools.trainers import facts as trainers
    from tools.trainers.views.render import inventory

    result = run("PPOTrainer", "--json")
    assert result.returncode == 0, result.stderr
    expected = next(
        e for e in inventory(trainers.trainer_records(), config_groups.survey()) if e["name"] == "PPOTrainer"
    )
    assert json.loads(result.stdout) == json.loads(json.dumps(expected))


def test_text_lists_parameters_and_hooks(warm):
    from tools.trainers import facts as trainers

    result = run("TD3Trainer")
    assert result.returncode == 0, result.stderr
    record = trainers.record("TD3Trainer")
    assert all(f"  {p.name} " in result.stdout for p in record.parameters)
    assert all(op.label in result.stdout for op in record.default_ops)


def test_all_lists_every_trainer(warm):
    from tools.trainers import facts as trainers

    result = run("--all")
    assert result.returncode == 0
    assert {line.split()[0] for line in result.stdout.splitlines()} == {r.name for r in trainers.trainer_records()}
