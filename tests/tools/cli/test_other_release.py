"""The four commands, installed as a user installs them into a torchrl 0.13.3 environment, answer for it.

``make release-venv`` installs torchrl 0.13.3 (torch 2.13.0, CPU) and then this project with
``pip install -e .``: its own requirements only, so MkDocs is not pulled and the user's torch stays.
Each command then answers from the installed torchrl, or refuses a name that release lacks with a clear
message and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.release_venv import RELEASE, release_venv
from tools.core.fresh_python import fresh_environment
from tools.core.paths import DATA

# Its tests share a module fixture that runs commands in the older release's venv (each imports
# torch): one worker runs them all, so the fixture runs once per suite, not once per worker.
pytestmark = pytest.mark.xdist_group("other-release")

SNAPSHOT = json.loads((DATA / "snapshots" / f"torchrl-{RELEASE}.json").read_text(encoding="utf-8"))

USER_FILE = textwrap.dedent(
    """
    import torch
    from tensordict import TensorDict
    from tensordict.nn import NormalParamExtractor, TensorDictModule
    from torch import nn
    from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
    from torchrl.objectives import ClipPPOLoss


    def make_loss_and_batch():
        torch.manual_seed(0)
        actor = ProbabilisticActor(
            TensorDictModule(nn.Sequential(nn.Linear(3, 2), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]),
            in_keys=["loc", "scale"], distribution_class=TanhNormal, return_log_prob=True,
        )
        loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
        batch = TensorDict(
            {
                "observation": torch.randn(4, 3),
                "action": torch.rand(4, 1) * 1.8 - 0.9,
                "action_log_prob": torch.zeros(4),
                "next": {"observation": torch.randn(4, 3), "reward": torch.randn(4, 1),
                         "done": torch.zeros(4, 1, dtype=torch.bool), "terminated": torch.zeros(4, 1, dtype=torch.bool)},
            },
            batch_size=[4],
        )
        return loss, batch
    """
)


def _new_in_pinned(section: str) -> str:
    """A name the pinned torchrl has and 0.13.3 does not (read from the pinned release, live)."""
    from tools.upgrading.facts import current

    facts = current()
    names = facts["trainers"]["classes"] if section == "trainers" else facts[section]
    old = SNAPSHOT["trainers"]["classes"] if section == "trainers" else SNAPSHOT[section]
    return sorted(set(names) - set(old))[0]


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, subprocess.CompletedProcess]:
    bin_dir = release_venv()
    work = tmp_path_factory.mktemp("user")
    (work / "train.py").write_text(USER_FILE)
    commands = {
        "loss": ["inspect_loss_keys", "ClipPPOLoss"],
        "loss json": ["inspect_loss_keys", "--loss", "SACLoss", "--json"],
        "new loss": ["inspect_loss_keys", _new_in_pinned("losses")],
        "trainer": ["inspect_trainer", "PPOTrainer"],
        "new trainer": ["inspect_trainer", _new_in_pinned("trainers")],
        "config": ["inspect_config", "trainer/ppo"],
        "wiring": ["check_wiring", "train.py:make_loss_and_batch"],
        "pip": ["python", "-m", "pip", "list", "--format=json"],
    }
    env = fresh_environment(extra={"PYTHONWARNINGS": "ignore"})
    env.pop("VIRTUAL_ENV", None)

    def run(argv):
        return subprocess.run(
            [str(bin_dir / argv[0]), *argv[1:]], cwd=work, env=env, capture_output=True, text=True, timeout=900
        )

    with ThreadPoolExecutor(max_workers=4) as pool:  # each imports torch: run them side by side
        return dict(zip(commands, pool.map(run, commands.values()), strict=True))


def _ok(run: subprocess.CompletedProcess) -> str:
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    return run.stdout


def test_the_venv_holds_the_older_release_and_no_site_toolchain(runs):
    installed = {p["name"].lower(): p["version"] for p in json.loads(_ok(runs["pip"]))}
    assert installed["torchrl"] == RELEASE
    assert installed["torch"].startswith("2.13.0"), "pip install -e . replaced the user's torch"
    assert "torchrl-training-reference" in installed
    assert not {"mkdocs", "mkdocs-material", "matplotlib"} & set(installed), "the commands pulled the site's toolchain"


def test_inspect_loss_keys_answers_for_the_installed_release(runs):
    out = _ok(runs["loss"])
    assert f"torchrl {RELEASE} is installed" in out
    keys = SNAPSHOT["losses"]["ClipPPOLoss"]["accepted_keys"]
    assert f'"{keys["value"]}"' in out and "clip_epsilon" in out
    data = json.loads(_ok(runs["loss json"]))
    assert data["torchrl"] == RELEASE and data["accepted_keys"] == SNAPSHOT["losses"]["SACLoss"]["accepted_keys"]


def test_inspect_trainer_and_inspect_config_answer(runs):
    out = _ok(runs["trainer"])
    gamma = next(p for p in SNAPSHOT["trainers"]["classes"]["PPOTrainer"]["parameters"] if p["name"] == "gamma")
    assert "PPOTrainer" in out and f"= {gamma['default']}" in out
    out = _ok(runs["config"])
    assert "PPOTrainerConfig" in out and SNAPSHOT["configs"]["PPOTrainerConfig"]["target"] in out


@pytest.mark.parametrize("which", ["new loss", "new trainer"])
def test_a_name_the_release_lacks_is_refused_clearly(runs, which):
    run = runs[which]
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"torchrl {RELEASE} (installed) has no" in run.stderr
    assert "Traceback" not in run.stderr


def test_check_wiring_checks_a_loss_of_the_installed_release(runs):
    out = _ok(runs["wiring"])
    assert "ClipPPOLoss" in out and "Verdict: ready" in out
