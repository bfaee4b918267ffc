"""The skill's check_wiring.py runs standalone (only torchrl importable) and finds what the command finds.

Each wiring is a function of one user file, made from the loss zoo's constructions (self-contained
files) with one thing a user gets wrong, as tests/tools/wiring/test_pairs.py breaks them.  The script
(copied out of the project, ``python -I``) and the project's ``check_wiring`` command read the same
file; their verdicts and their problems (kind, key, suggested ``set_keys`` call) must be equal, except
``network_output``, which the script leaves to the command and reports through the forward pass.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.release_venv import release_venv
from tests.tools.skill.standalone import run, write_skill
from tools.cli.check_wiring import main as command
from tools.core.errors import run as run_command
from tools.skill.views.concern import skill_files
from tools.torchrl import loss_zoo as zoo

pytestmark = pytest.mark.xdist_group("other-release")

PROJECT_BIN = Path(sys.executable).parent

# name -> (construction, {text in it: replacement}, lines run after it); each function returns (loss, batch).
WIRINGS = {
    **{f"{name.lower()}_ready": (name, {}, "") for name in ("ClipPPOLoss", "A2CLoss", "SACLoss", "TD3Loss", "DQNLoss", "IQLLoss", "CQLLoss", "MAPPOLoss")},
    "ppo_log_prob_renamed": ("ClipPPOLoss", {}, 'batch.rename_key_(("agent", "action_log_prob"), "sample_log_prob")'),
    "td3_reward_renamed": ("TD3Loss", {}, 'batch.rename_key_(("next", "reward"), ("next", "r"))'),
    "dqn_index_actions": ("DQNLoss", {}, 'batch["action"] = batch["action"].argmax(-1, keepdim=True)'),
    "a2c_index_actions": ("A2CLoss", {}, 'batch["agent", "action"] = batch["agent", "action"].argmax(-1)'),
    "cql_flags_without_trailing_dim": (
        "CQLLoss",
        {},
        'batch["next", "done"] = batch["next", "done"].squeeze(-1)\n'
        'batch["next", "terminated"] = batch["next", "terminated"].squeeze(-1)',
    ),
    "ppo_terminated_not_done": ("ClipPPOLoss", {}, 'batch["next", "terminated"][0, 1] = True'),
    "ppo_log_prob_with_gradient": (
        "ClipPPOLoss",
        {},
        'batch["agent", "action_log_prob"] = batch["agent", "action_log_prob"].clone().requires_grad_()',
    ),
    "ppo_one_transition": ("ClipPPOLoss", {}, "batch = batch[0, 0]"),
}  # fmt: skip
# Wirings only the command's measurements explain: the script says not ready, through the forward pass.
NETWORK_OUTPUT = {
    "sac_q_writes_q_value": ("SACLoss", {'out_keys=["state_action_value"]': 'out_keys=["q_value"]'}, ""),
}
# A few that the older release's torchrl runs as well.
IN_THE_OLDER_RELEASE = ("dqnloss_ready", "td3_reward_renamed", "dqn_index_actions")


def _function(name: str, construction: str, replacements: dict[str, str], after: str) -> str:
    source = zoo.source(construction)
    for old, new in replacements.items():
        assert old in source, f"the construction {construction}.py no longer contains {old!r}: update this test"
        source = source.replace(old, new)
    body = textwrap.indent(f"{source}\n{after}\nreturn loss, batch\n", "    ")
    return f"def {name}():\n{body}\n"


@pytest.fixture(scope="module")
def wirings(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("wirings") / "wirings.py"
    cases = {**WIRINGS, **NETWORK_OUTPUT}
    path.write_text("\n\n".join(_function(name, *case) for name, case in cases.items()), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def scripts(tmp_path_factory) -> Path:
    return write_skill(tmp_path_factory.mktemp("skill"))


def _script(scripts: Path, wirings: Path, names, bin_dir: Path = PROJECT_BIN) -> list[dict]:
    argv = [str(bin_dir / "python"), "-I", str(scripts / "check_wiring.py"), *(f"{wirings}:{n}" for n in names)]
    result = run([*argv, "--json"], wirings.parent)
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr, result.stderr[-3000:]
    printed = json.loads(result.stdout)
    return printed if len(names) > 1 else [printed]


def _command(wirings: Path, name: str, capsys) -> dict:
    code = run_command(command, [f"{wirings}:{name}", "--json"])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    return json.loads(out)


def _findings(report: dict) -> tuple[str, list]:
    """The verdict and the problems, in no particular order: the command lists a loss's keys in the order its
    measurement met them, the script in the order the loss declares them."""
    problems = [(p["kind"], p["key"], p["fix"]) for p in report["problems"]]
    return report["verdict"], sorted(problems, key=json.dumps)


def test_the_script_imports_nothing_of_the_project():
    source = skill_files()["scripts/check_wiring.py"]
    assert "import tools" not in source and "from tools" not in source


def test_same_findings_as_the_command(scripts, wirings, capsys):
    names = list(WIRINGS)
    ours = _script(scripts, wirings, names)
    kinds = set()
    for name, report in zip(names, ours, strict=True):
        theirs = _command(wirings, name, capsys)
        assert _findings(report) == _findings(theirs), name
        kinds |= {p["kind"] for p in theirs["problems"]}
    assert kinds == {"missing", "action_encoding", "trailing_dim", "done_terminated", "log_prob_grad", "time_dim"}


def test_a_network_output_wiring_is_not_ready_and_left_to_the_command(scripts, wirings, capsys):
    for name in NETWORK_OUTPUT:
        (report,) = _script(scripts, wirings, [name])
        theirs = _command(wirings, name, capsys)
        assert [p["kind"] for p in theirs["problems"]] == ["network_output"]
        assert report["verdict"] == "not ready" and [p["kind"] for p in report["problems"]] == ["forward"]
        assert "network_output" in report["left_to_the_full_command"]


def test_it_runs_in_the_older_release(scripts, wirings):
    reports = _script(scripts, wirings, IN_THE_OLDER_RELEASE, release_venv())
    assert [r["verdict"] for r in reports] == ["ready", "not ready", "not ready"]
    assert [p["kind"] for p in reports[1]["problems"]] == ["missing"]


def test_bad_input_is_a_clear_error(scripts, tmp_path):
    python, script = str(PROJECT_BIN / "python"), str(scripts / "check_wiring.py")
    user = tmp_path / "user.py"
    user.write_text("def raises():\n    return 1 / 0\n\ndef not_a_loss():\n    return 'loss', None\n")
    cases = {
        "no colon": ([script, "train.py"], "give FILE.py:FUNCTION"),
        "no file": ([script, "missing.py:f"], "no file 'missing.py'"),
        "unknown function": ([script, f"{user}:nope"], "no function 'nope' in user.py; it defines not_a_loss, raises"),
        "raises": ([script, f"{user}:raises"], "raises() raised ZeroDivisionError: division by zero (at user.py:2)"),
        "not a loss": ([script, f"{user}:not_a_loss"], "the loss must be a torchrl loss module, got str"),
    }
    for name, (argv, said) in cases.items():
        result = run([python, "-I", *argv], tmp_path)
        assert result.returncode == 2 and said in result.stderr, (name, result.stderr[-2000:])
        assert "Traceback" not in result.stderr, name
