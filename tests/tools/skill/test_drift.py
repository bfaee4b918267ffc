"""The skill states what inventory.json states: the same loss keys, estimators and config builds.

The inventory sections are asked of their concerns, as the build writes them; a skill that drifted
from the records (or records that changed under a torchrl upgrade) fails here, and the drift tests
of tests/tools/site/test_drift.py fail the build for the skill as for the pages.
"""

from __future__ import annotations

import pytest

from tools.core import registry
from tools.core.keys import key_text
from tools.skill.facts import skill_facts


def _inventory(name: str):
    return next(c for c in registry.concerns() if c.name == name).inventory()


@pytest.fixture(scope="module")
def facts():
    return skill_facts()


def test_same_losses_keys_and_estimators(facts):
    inventory = {entry["name"]: entry for entry in _inventory("losses")}
    assert [loss.name for loss in facts.losses] == list(inventory)
    for loss in facts.losses:
        entry = inventory[loss.name]
        keys = {name: "" if key is None else key_text(key) for name, key in entry["accepted_keys"].items()}
        assert loss.accepted_keys == keys, loss.name
        assert loss.default_value_estimator == entry["default_value_estimator"], loss.name
        assert loss.supported_value_estimators == entry["supported_value_estimators"], loss.name
        assert loss.namespace == entry["module"], loss.name


def test_same_config_builds(facts):
    inventory = [(row["group"], row["name"], row["config"], row["class"]) for row in _inventory("config_groups")]
    assert [(b.group, b.name, b.config, b.builds) for b in facts.builds] == inventory


def test_same_sota_losses(facts):
    inventory = {entry["directory"]: entry["losses"] for entry in _inventory("sota")}
    assert {d.name: d.losses for d in facts.sota} == inventory


def test_same_troubleshooting_entries(facts):
    inventory = [
        (row["slug"], row["page"]) for row in _inventory("troubleshooting")["entries"] if row["fixed_in"] is None
    ]
    assert [(e.slug, e.page) for e in facts.errors] == inventory
