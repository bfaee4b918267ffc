"""The build's checks of the map against the installed torchrl, on the fixture map and on data/sota.json."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from tools.sota.facts import check
from tools.sota.facts.records import Construction


@pytest.fixture(scope="session")
def survey():
    from tools.config_groups import facts as config_groups

    return config_groups.survey()


@pytest.fixture(scope="session")
def fixture_check(fixture_map, survey):
    return check.check(fixture_map, survey)


def test_classes_that_exist_are_ok(fixture_check):
    statuses = {c.name: c.status for c in fixture_check.classes}
    assert statuses["SACLoss"] == "ok" and statuses["SoftUpdate"] == "ok"


def test_a_class_this_torchrl_lacks_is_flagged_missing():
    found = check.check_class("torchrl.objectives", "VanishedLoss", "loss")
    assert found.status == "missing" and "VanishedLoss" in found.detail


def test_a_class_from_the_deprecated_module_is_flagged():
    assert check.check_class("torchrl.objectives.deprecated", "REDQLoss_deprecated", "loss").status == "deprecated"


def test_a_wrong_kind_fails_naming_the_classifier():
    with pytest.raises(check.SotaCheckError, match=r"classify\.py"):
        check.check_class("torchrl.objectives", "SoftUpdate", "loss")


def test_script_values_are_compared_with_installed_defaults(fixture_check):
    from torchrl.objectives import SACLoss

    rows = {(a.owner, a.parameter): a for a in fixture_check.arguments}
    alpha = rows[("SACLoss", "alpha_init")]
    installed = inspect.signature(SACLoss).parameters["alpha_init"].default
    assert alpha.script_value == "0.5" and alpha.default == repr(installed)
    assert alpha.status == ("same" if installed == 0.5 else "differs")
    assert rows[("SoftUpdate", "eps")].script_value == "0.99"
    assert rows[("SACLoss", "num_qvalue_nets")].status in {"same", "differs"}


def test_make_value_estimator_arguments_land_on_the_estimator_class(fixture_check):
    rows = [a for a in fixture_check.arguments if a.kind == "make_value_estimator"]
    assert [(a.owner, a.parameter, a.script_value) for a in rows] == [
        ("TD0Estimator via SACLoss.make_value_estimator", "gamma", "0.98")
    ]


def test_trainer_config_options_resolve_to_classes(fixture_check):
    configs = {t.file: t for t in fixture_check.trainer_configs}
    assert configs["config/config.yaml"].kinds["loss"] == ["PPOLoss"]
    # variant.yaml names only its parent config: its classes come through it.
    assert configs["config/variant.yaml"].kinds == configs["config/config.yaml"].kinds
    assert configs["config/broken.yaml"].classes["loss@loss: no_such_option"] == ""


def test_the_shipped_map_passes_the_checks():
    from tools.sota.facts import checked, sota_map

    result = checked()
    named = {(c.module, c.name) for d in sota_map().directories for s in d.scripts for c in s.constructions if c.module}
    assert {(c.module, c.name) for c in result.classes} == named


def test_a_class_missing_from_this_torchrl_reaches_the_page(fixture_map, survey):
    script = fixture_map.directory("alpha").scripts[0]
    ghost = Construction("VanishedLoss", "torchrl.objectives", "loss", "utils.py", 1)
    changed = dataclasses.replace(script, constructions=[*script.constructions, ghost])
    alpha = dataclasses.replace(fixture_map.directory("alpha"), scripts=[changed])
    result = check.check(dataclasses.replace(fixture_map, directories=[alpha]), survey)
    assert result.status("torchrl.objectives", "VanishedLoss").status == "missing"
