"""Every estimator class has its section on the reference page, and the inventory describes it."""

from __future__ import annotations

import json
import re

import pytest

from tools.core.keys import Key
from tools.core.paths import DOCS
from tools.estimators.views.concern import CONCERN, inventory_entries

ESTIMATOR_PAGES = DOCS / "value-estimators"


def test_every_estimator_class_has_its_page(estimator_reference):
    names = [r.name for r in estimator_reference.estimators]
    for name in names:
        page = ESTIMATOR_PAGES / f"{name}.md"
        assert page.exists(), f"{name} has no page: add {page.relative_to(DOCS.parent)} with its marker and an example"
        text = page.read_text()
        assert re.findall(r"^<!-- gen:estimators\.reference (\w+) -->$", text, re.M) == [name], page
        assert "## Example\n\n```python" in text, f"{page.name} has no example"
    placed = [
        found
        for page in ESTIMATOR_PAGES.glob("*.md")
        for found in re.findall(r"^<!-- gen:estimators\.reference (\w+) -->$", page.read_text(), re.M)
    ]
    assert sorted(placed) == sorted(names), "an estimator section is placed twice, or for no class"


def test_the_reference_keeps_each_class_old_anchor_and_links_its_page(estimator_reference):
    """Links to reference.md#gae (each class had its section there) land on the class's row."""
    table = CONCERN.sections["overview"]("value-estimators/reference.md")
    for record in estimator_reference.estimators:
        assert f'<span id="{record.name.lower()}"></span>[`{record.name}`]({record.name}.md)' in table
    assert '<span id="' not in CONCERN.sections["overview"]("value-estimators/index.md")


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
