"""data/targets.yaml is checked against the measured losses and the introspected updaters."""

from __future__ import annotations

import pytest
import yaml

from tools.estimators.records import Outcome
from tools.signatures import Parameter
from tools.targets import curated
from tools.targets.records import LossTargets, SoftMeasure, TargetsReference, Updater


def _reference(keeping=("SACLoss", "DQNLoss")) -> TargetsReference:
    soft = SoftMeasure("DQNLoss", [], 0.25, 0.25, True, Outcome(False, "E"), Outcome(False, "E"), "")
    updaters = [
        Updater("SoftUpdate", [Parameter("loss_module", "positional or keyword", True, "", "", "SoftUpdate.__init__"),
                               Parameter("tau", "keyword-only", False, "None", "", "SoftUpdate.__init__")]),
        Updater("HardUpdate", [Parameter("value_network_update_interval", "keyword-only", False, "1000", "",
                                         "HardUpdate.__init__")]),
    ]
    losses = [LossTargets(name, [f"target_{name}_params"], {}) for name in keeping]
    losses.append(LossTargets("PPOLoss", [], {}))
    return TargetsReference(updaters, soft, [], "DQNLoss", losses)


def _file(tmp_path, losses: dict):
    path = tmp_path / "targets.yaml"
    path.write_text(yaml.safe_dump({"source": {"repository": "pytorch/rl", "commit": "abc"}, "losses": losses}))
    return path


def _entry(updater="SoftUpdate", **arguments):
    return {"updater": updater, "arguments": arguments or {"tau": 0.005}, "cadence": "often", "script": "x.py"}


def test_the_shipped_file_matches_this_torchrl(targets_reference):
    cadences = curated.load(targets_reference)
    assert set(cadences.losses) == {row.loss for row in targets_reference.losses if row.target_groups}


def test_a_loss_with_targets_missing_from_the_file_is_named(tmp_path):
    with pytest.raises(curated.CuratedDataError, match=r"does not list: \['DQNLoss'\]"):
        curated.load(_reference(), _file(tmp_path, {"SACLoss": _entry()}))


def test_a_loss_without_targets_in_the_file_is_named(tmp_path):
    losses = {"SACLoss": _entry(), "DQNLoss": _entry(), "PPOLoss": _entry()}
    with pytest.raises(curated.CuratedDataError, match=r"lists \['PPOLoss'\]"):
        curated.load(_reference(), _file(tmp_path, losses))


def test_an_unknown_updater_or_argument_is_named(tmp_path):
    losses = {"SACLoss": _entry("PolyakUpdate"), "DQNLoss": _entry("HardUpdate", interval=5)}
    with pytest.raises(curated.CuratedDataError) as info:
        curated.load(_reference(), _file(tmp_path, losses))
    assert "SACLoss.updater 'PolyakUpdate'" in str(info.value)
    assert "DQNLoss.arguments ['interval'] are not parameters of HardUpdate" in str(info.value)
