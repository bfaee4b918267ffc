"""inspect_config by dataclass name or group/name: answers from the records, clear errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import build_env
from tools.core.paths import ROOT

SCRIPT = Path(sys.executable).with_name("inspect_config")


@pytest.fixture(scope="module")
def warm(built_site):
    return built_site


def run(*args):
    return subprocess.run([str(SCRIPT), *args], cwd=ROOT, env=build_env(), capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    "name, suggestion",
    [("trainer/pp", "trainer/ppo"), ("PPOTrainerConf", "PPOTrainerConfig"), ("softupdateconfig", "SoftUpdateConfig")],
)
def test_unknown_config_suggests_close_names(warm, name, suggestion):
    result = run(name)
    assert result.returncode == 2
    assert f"unknown config {name!r}; did you mean" in result.stderr and suggestion in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [((), "give a config NAME"), (("trainer/ppo", "--all"), "not both")])
def test_missing_or_conflicting_arguments(args, message):
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_group_name_and_dataclass_name_give_the_same_record(warm):
    by_group = run("trainer/ppo", "--json")
    by_class = run("PPOTrainerConfig", "--json")
    assert by_group.returncode == by_class.returncode == 0, by_group.stderr
    record = json.loads(by_group.stdout)
    assert record == json.loads(by_class.stdout)
    assert record["name"] == "PPOTrainerConfig" and "trainer/ppo" in record["registered_as"]
    assert record["parity"]["config"] == "PPOTrainerConfig"


def test_text_shows_fields_and_parity(warm):
    from tools.config_groups import facts as config_groups

    result = run("target_net_updater/soft")
    assert result.returncode == 0, result.stderr
    config = config_groups.survey().by_key("target_net_updater/soft")
    assert all(f"  {f.name} " in result.stdout for f in config.fields)
    assert "parity with" in result.stdout
