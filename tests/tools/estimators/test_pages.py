"""Every estimator class has its section on the reference page, and the inventory describes it."""

from __future__ import annotations

import json
import re

import pytest

from tools.core.keys import Key
from tools.core.paths import DOCS
from tools.estimators.views.concern import CONCERN, inventory_entries

REFERENCE_PAGE = DOCS / "value-estimators" / "reference.md"


def test_every_estimator_class_has_a_section_on_the_reference_page(estimator_reference):
    placed = re.findall(r"^<!-- gen:estimators\.reference (\w+) -->$", REFERENCE_PAGE.read_text(), re.M)
    names = [r.name for r in estimator_reference.estimators]
    missing = [n for n in names if n not in placed]
    assert not missing, (
        f"estimator classes without a section: {missing}; add '<!-- gen:estimators.reference <Class> -->' "
        f"and an example to {REFERENCE_PAGE.relative_to(DOCS.parent)}"
    )
    assert len(placed) == len(set(placed)), "an estimator section is placed twice"


def test_an_unknown_class_is_a_clear_error():
    with pytest.raises(Exception, match="unknown estimator class 'GAEE'; did you mean GAE"):
        CONCERN.sections["reference"]("GAEE")


def test_inventory_lists_every_class_with_keys(estimator_reference):
    import jsonschema
    from torchrl.objectives import ValueEstimators
    from torchrl.objectives.utils import get_value_estimator_entry

    entries = inventory_entries(estimator_reference)
    assert json.loads(json.dumps(entries)) == entries, "the section does not survive a JSON round trip"
    jsonschema.validate(entries, CONCERN.inventory_schema)
    # The classes, read from torchrl's registry here, not from the records.
    registered = {get_value_estimator_entry(member).cls.__name__ for member in ValueEstimators}
    assert {e["name"] for e in entries} == registered
    vtrace = next(e for e in entries if e["name"] == "VTrace")
    read = {Key.of(k["key"]).parts: k["required"] for k in vtrace["keys_read"]}
    assert read[("next", "reward")] is True
    assert read[Key.of(vtrace["key_map"]["sample_log_prob"]).parts] is True
    assert {k["field"] for k in vtrace["keys_written"]} >= {"advantage", "value_target"}
    for entry in entries:
        for parameter in entry["parameters"]:
            assert (parameter["default"] is None) == parameter["required"]
