"""inspect_loss_keys, run as a user would: the console script, from a directory outside the project."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import build_env
from tools.core.paths import ROOT
from tools.torchrl import losses as discover

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
        (["--loss", "ClipPPO"], "unknown loss 'ClipPPO'; did you mean ClipPPOLoss?"),
        (["softupdate"], "did you mean SoftUpdate"),
        (["GAE"], "torchrl.objectives.value.GAE is a class"),
        ([], "give a loss NAME (e.g. ClipPPOLoss, or --loss ClipPPOLoss), --all or --list"),
        (["DQNLoss", "--all"], "give one of a loss NAME, --all or --list, not NAME and --all"),
        (["--list", "--loss", "DQNLoss"], "not NAME and --list"),
        (["SACLoss", "--loss", "DQNLoss"], "two names given"),
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
        cwd=ROOT,
        env=build_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and "did you mean ClipPPOLoss" in result.stderr


def test_skill_helper_spelling_answers_like_the_positional_name(tmp_path):
    flag = _run("--loss", "ClipPPOLoss", "--json", cwd=tmp_path)
    positional = _run("ClipPPOLoss", "--json", cwd=tmp_path)
    assert flag.returncode == 0, flag.stderr
    assert json.loads(flag.stdout) == json.loads(positional.stdout)
    assert json.loads(flag.stdout)["name"] == "ClipPPOLoss"


def test_list_names_every_loss_and_the_objects_around_them(tmp_path):
    text = _run("--list", cwd=tmp_path)
    as_json = _run("--list", "--json", cwd=tmp_path)
    assert text.returncode == 0 and as_json.returncode == 0, text.stderr + as_json.stderr
    names = json.loads(as_json.stdout)
    assert text.stdout.split() == names
    assert set(names) == set(discover.loss_classes()) | {"SoftUpdate", "HardUpdate", "ValueEstimators"}


def test_target_updaters_answer_from_the_measured_records(tmp_path):
    from tools.targets.views.concern import inventory

    facts = inventory()
    hard = _run("HardUpdate", "--json", cwd=tmp_path)
    assert hard.returncode == 0, hard.stderr
    entry = json.loads(hard.stdout)
    assert entry["copies"] == facts["hard_update_copies"]
    assert entry["signature"].startswith("HardUpdate(loss_module, *, value_network_update_interval=")
    soft = _run("--loss", "SoftUpdate", cwd=tmp_path)
    assert soft.returncode == 0, soft.stderr
    tau, eps = facts["soft_update_eps_from_tau"][0]
    assert f"tau={tau:g} -> eps={eps:g}" in soft.stdout
    assert set(entry["losses_with_targets"]) == set(facts["losses_with_targets"])
    text = _run("HardUpdate", cwd=tmp_path).stdout
    first = facts["hard_update_copies"][0]
    assert f"value_network_update_interval={first['interval']}: first copy on call {first['first_copy_call']}" in text


def test_value_estimators_members_map_to_classes_and_measured_losses(tmp_path):
    from tools.estimator_matrix.facts import matrix
    from tools.estimators.facts.assemble import reference

    result = _run("ValueEstimators", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    members = {m["member"]: m for m in json.loads(result.stdout)["members"]}
    ref = reference()
    assert list(members) == ref.members
    for record in ref.estimators:
        assert members[record.member]["estimator_class"] == record.name
    grid = matrix()
    for row in grid.rows:
        for cell in row.cells:
            if cell.outcome is not None:
                listed = cell.outcome.ok and row.loss in members[cell.member]["measured_ok"]
                refused = not cell.outcome.ok and row.loss in members[cell.member]["measured_error"]
                assert listed or refused, (row.loss, cell.member)
    assert "-> GAE" in _run("ValueEstimators", cwd=tmp_path).stdout


def test_fresh_records_answer_without_importing_torch():
    # The build (session fixture) left the records in .cache/: no torch import is needed.
    code = (
        "import sys, io, contextlib\n"
        "from tools.cli.inspect_loss_keys import main\n"
        "for args in (['--loss', 'SACLoss', '--json'], ['SoftUpdate'], ['ValueEstimators'], ['--list']):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        assert main(args) == 0\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=build_env(), capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr


def test_broken_torchrl_exits_1_without_traceback(tmp_path):
    # A torchrl that fails to import, and no cached or kept records to fall back on.
    fake = tmp_path / "fake" / "torchrl"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('simulated broken install')\n")
    env = {**build_env(), "PYTHONPATH": str(tmp_path / "fake"), "DOCS_CACHE": "off", "DOCS_KEPT_RECORDS": "off"}
    for args in (["ClipPPOLoss"], ["--list"], ["HardUpdate"]):
        result = subprocess.run(
            [str(SCRIPT), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 1, (args, result.stderr)
        assert "torchrl cannot be imported" in result.stderr and "simulated broken install" in result.stderr
        assert "Traceback" not in result.stderr
