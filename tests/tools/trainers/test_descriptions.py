"""Every trainer parameter and hook class is described."""

from __future__ import annotations

import pytest

from tools.hooks import facts as hooks
from tools.trainers import facts as trainers
from tools.trainers.facts.curated import CuratedDataError
from tools.trainers.facts.descriptions import CURATED, check


def test_every_trainer_parameter_has_a_description():
    for record in trainers.trainer_records():
        missing = [p.name for p in record.parameters if not record.descriptions.get(p.name, [""])[0]]
        assert not missing, (record.name, missing)


def test_curated_descriptions_are_checked_both_ways():
    described = {"T": {"a": ("text", CURATED)}}
    check({"a": "text"}, described, {"T": ["a"]})
    with pytest.raises(CuratedDataError, match="remove them"):
        check({"a": "text", "stale": "x"}, described, {"T": ["a"]})
    with pytest.raises(CuratedDataError, match="no upstream docstring describes"):
        check({}, {"T": {}}, {"T": ["a"]})


def test_every_hook_class_says_what_it_is_for():
    assert all(h.summary for h in hooks.hook_records())
