"""data/estimators.yaml is checked against torchrl in both directions."""

from __future__ import annotations

import pytest

from tools.estimators.facts import curated
from tools.torchrl import estimators as classes

NAMES = [e.cls.__name__ for e in classes.estimator_classes()]


def _write(tmp_path, entries: dict) -> object:
    import yaml

    path = tmp_path / "estimators.yaml"
    path.write_text(yaml.safe_dump(entries))
    return path


def _valid() -> dict:
    return {name: {"summary": f"About {name}.", "layout": "single-agent"} for name in NAMES}


def test_the_shipped_file_describes_every_class():
    assert set(curated.load(NAMES)) == set(NAMES)


def test_a_class_missing_from_the_file_is_named(tmp_path):
    entries = _valid()
    del entries["GAE"]
    with pytest.raises(curated.CuratedDataError, match=r"\['GAE'\].*estimators.yaml"):
        curated.load(NAMES, _write(tmp_path, entries))


def test_an_entry_torchrl_lacks_is_named(tmp_path):
    entries = {**_valid(), "RetraceEstimator": {"summary": "x", "layout": "single-agent"}}
    with pytest.raises(curated.CuratedDataError, match="RetraceEstimator"):
        curated.load(NAMES, _write(tmp_path, entries))


def test_an_unknown_layout_is_named(tmp_path):
    entries = _valid()
    entries["VTrace"]["layout"] = "two-agent"
    with pytest.raises(curated.CuratedDataError, match=r"VTrace\.layout"):
        curated.load(NAMES, _write(tmp_path, entries))
