"""The reference cadences come from the SOTA map and are checked against the measured losses and updaters."""

from __future__ import annotations

import pytest

from tools.core.signatures import Parameter
from tools.estimators.facts.records import Outcome
from tools.sota.facts.records import Argument, Construction, Directory, Script, SotaMap, UpdaterStep
from tools.targets.facts import curated
from tools.targets.facts.records import LossTargets, SoftMeasure, TargetsReference, Updater


def _reference(keeping=("SACLoss", "DQNLoss")) -> TargetsReference:
    soft = SoftMeasure("DQNLoss", [], 0.25, 0.25, True, Outcome(False, "E"), Outcome(False, "E"), "")
    updaters = [
        Updater(
            "SoftUpdate",
            [
                Parameter("loss_module", "positional or keyword", True, "", "", "SoftUpdate.__init__"),
                Parameter("eps", "keyword-only", False, "None", "", "SoftUpdate.__init__"),
            ],
        ),
        Updater(
            "HardUpdate",
            [Parameter("value_network_update_interval", "keyword-only", False, "1000", "", "HardUpdate.__init__")],
        ),
    ]
    losses = [LossTargets(name, [f"target_{name}_params"], {}) for name in keeping]
    losses.append(LossTargets("PPOLoss", [], {}))
    return TargetsReference(updaters, soft, [], "DQNLoss", losses)


def _script(loss: str, updater: str | None = "SoftUpdate", step: str = "after-optimizer-step", **arguments) -> Script:
    made = [Construction(loss, "torchrl.objectives", "loss", "utils.py", 3)]
    steps = []
    if updater:
        args = [Argument("#0", "built", loss)] + [
            Argument(k, "config", v, [f"optim.{k}"]) for k, v in (arguments or {"eps": 0.995}).items()
        ]
        made.append(Construction(updater, "torchrl.objectives", "target_updater", "utils.py", 9, args))
        steps.append(UpdaterStep(updater, "train.py", 40, step))
    return Script("train.py", "config.yaml", ["utils.py"], made, steps, [], {}, [], [], {})


def _map(*scripts: tuple[str, Script]) -> SotaMap:
    directories = [Directory(name, [script], ["utils.py"], ["config.yaml"], [], [], {}, []) for name, script in scripts]
    return SotaMap("pytorch/rl", "a" * 40, directories, "")


def test_the_shipped_map_matches_this_torchrl(targets_reference):
    cadences = curated.load(targets_reference)
    assert set(cadences.losses) >= {row.loss for row in targets_reference.losses if row.target_groups}
    assert any(entries for entries in cadences.losses.values()), "no script of the map steps an updater"


def test_every_loss_with_targets_gets_a_row_even_without_a_script():
    cadences = curated.load(_reference(), _map(("sac", _script("SACLoss"))))
    assert cadences.losses["DQNLoss"] == []
    (entry,) = cadences.losses["SACLoss"]
    assert (entry.updater, entry.arguments, entry.cadence) == (
        "SoftUpdate",
        {"eps": 0.995},
        "after every optimizer step",
    )
    assert entry.script == "sota-implementations/sac/train.py" and entry.anchor == "dir-sac"


def test_a_script_without_an_updater_says_so():
    cadences = curated.load(_reference(), _map(("dqn", _script("DQNLoss", updater=None))))
    assert [e.cadence for e in cadences.losses["DQNLoss"]] == ["builds no target updater"]


def test_an_updater_on_a_loss_the_zoo_builds_without_targets_gets_a_note():
    cadences = curated.load(_reference(), _map(("ppo", _script("PPOLoss"))))
    (entry,) = cadences.losses["PPOLoss"]
    assert entry.updater == "SoftUpdate" and "keeps no target parameters" in entry.note


def test_an_unknown_updater_or_argument_is_named():
    sota = _map(("a", _script("SACLoss", "PolyakUpdate")), ("b", _script("DQNLoss", "HardUpdate", interval=5)))
    with pytest.raises(curated.CuratedDataError) as info:
        curated.load(_reference(), sota)
    assert "builds PolyakUpdate, which is not a torchrl target updater" in str(info.value)
    assert "passes ['interval'] to HardUpdate" in str(info.value)
