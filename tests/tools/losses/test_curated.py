"""data/losses.yaml is checked against torchrl both ways, and contradictions name the class and the file."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from tools.losses.facts import curated
from tools.losses.facts.build import all_records, validate
from tools.losses.facts.curated import CuratedDataError
from tools.torchrl import losses as discover


@pytest.fixture
def patched_data(monkeypatch):
    data = copy.deepcopy(curated.load())
    monkeypatch.setattr(curated, "load", lambda: data)
    return data


def test_the_file_matches_torchrl():
    curated.check_entries(set(discover.loss_classes()))


def test_a_loss_missing_from_the_file_is_named(patched_data):
    del patched_data["losses"]["SACLoss"]
    with pytest.raises(CuratedDataError, match=r"SACLoss: torchrl has this loss but data/losses.yaml has no entry"):
        curated.check_entries(set(discover.loss_classes()))


def test_an_entry_torchrl_lacks_is_named(patched_data):
    patched_data["losses"]["NoSuchLoss"] = dict(patched_data["losses"]["SACLoss"])
    with pytest.raises(CuratedDataError, match=r"NoSuchLoss: data/losses.yaml has an entry but torchrl has no such"):
        curated.check_entries(set(discover.loss_classes()))


def _record(name):
    return next(r for r in all_records() if r.name == name)


def test_discrete_loss_curated_as_continuous_is_a_contradiction():
    record = copy.deepcopy(_record("DQNLoss"))
    record.curated = dataclasses.replace(record.curated, action_space=["continuous"])
    with pytest.raises(CuratedDataError, match=r"DQNLoss: .*data/losses.yaml"):
        validate(record)


def test_continuous_loss_curated_as_discrete_is_a_contradiction():
    record = copy.deepcopy(_record("TD3Loss"))
    record.curated = dataclasses.replace(record.curated, action_space=["discrete"])
    with pytest.raises(CuratedDataError, match=r"TD3Loss: .*bounds.*data/losses.yaml says discrete"):
        validate(record)


def test_multi_agent_flag_must_match_introspection():
    record = copy.deepcopy(_record("MAPPOLoss"))
    record.curated = dataclasses.replace(record.curated, multi_agent=False)
    with pytest.raises(CuratedDataError, match=r"MAPPOLoss: data/losses.yaml says multi_agent: false"):
        validate(record)


def test_a_key_without_a_glossary_entry_is_named(patched_data):
    del patched_data["keys"]["advantage"]
    with pytest.raises(CuratedDataError, match=r"PPOLoss: accepts the key 'advantage' but data/losses.yaml"):
        curated.glossary("PPOLoss", "advantage")


def test_glossary_entries_no_loss_accepts_are_named(patched_data):
    patched_data["keys"]["no_such_key"] = {"holds": "x", "writer": "actor"}
    with pytest.raises(CuratedDataError, match=r"keys\.no_such_key is accepted by no loss"):
        curated.check_glossary({r.name: {k.name for k in r.accepted_keys} for r in all_records()})


def test_a_glossary_entry_split_by_an_unquoted_comma_is_named(patched_data):
    # What YAML makes of {holds: the real reward, moved aside, writer: loss}: "moved aside" becomes a key.
    patched_data["keys"]["true_reward"] = {"holds": "the real reward", "moved aside": None, "writer": "loss"}
    with pytest.raises(CuratedDataError, match=r"key 'true_reward' must have exactly the fields \['holds', 'writer'\]"):
        curated.glossary("DreamerModelLoss", "true_reward")
