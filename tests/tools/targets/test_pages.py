"""The target-updates page shows every updater, and the inventory describes them."""

from __future__ import annotations

import json
import re

from tools.core.paths import DOCS
from tools.targets.views.concern import inventory
from tools.torchrl.updaters import updater_classes

PAGE = DOCS / "target-updates.md"


def test_every_updater_has_its_parameters_on_the_page():
    placed = re.findall(r"^<!-- gen:targets\.parameters (\w+) -->$", PAGE.read_text(), re.M)
    assert sorted(placed) == sorted(updater_classes()), (
        f"add '<!-- gen:targets.parameters <Updater> -->' to {PAGE.relative_to(DOCS.parent)} for each updater"
    )


def test_inventory_is_json_and_lists_the_updaters(targets_reference):
    data = inventory()
    json.dumps(data)
    assert [u["name"] for u in data["updaters"]] == [u.name for u in targets_reference.updaters]
    assert set(data["losses_with_targets"]) == {r.loss for r in targets_reference.losses if r.target_groups}
