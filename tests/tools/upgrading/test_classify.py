"""Every difference of a release step is classified, by a rule or by a note; one that is neither stops the build."""

from __future__ import annotations

import copy
import json
import shutil

import pytest

from tools.upgrading import facts
from tools.upgrading.facts import curated
from tools.upgrading.facts.classify import UnclassifiedDifferences, auto, classify_step
from tools.upgrading.facts.diff import ADDED, DEFAULT, REMOVED, VALUE, Difference
from tools.upgrading.facts.records import (
    ADDED as ADDED_CATEGORY,
)
from tools.upgrading.facts.records import (
    BEHAVIOUR,
    BREAKING,
    DEFAULT_CHANGED,
    NEW,
    NONE,
    RENAMED,
    SAME_RESOLVED,
    Note,
)


def _param(name, kind="keyword-only", default=None):
    p = {"name": name, "kind": kind}
    if default is not None:
        p["default"] = default
    return p


def _snapshot() -> dict:
    return {
        "schema": 1,
        "versions": {"torchrl": "0.1.0"},
        "losses": {
            "ALoss": {
                "exported_from": "torchrl.objectives",
                "parameters": [_param("actor", "positional-or-keyword"), _param("gamma", default="0.99")],
                "accepted_keys": {"value": "state_value"},
                "default_value_estimator": "TD0",
                "supported_value_estimators": ["TD0"],
            }
        },
        "estimators": {"members": {}, "classes": {}},
        "updaters": {},
        "hooks": {},
        "trainers": {"classes": {}, "register_op_stages": []},
        "configs": {
            "EnvConfig": {
                "target": "x.Env",
                "fields": {"frame_skip": {"type": "int | None", "default": "None", "resolved": "1"}},
            }
        },
        "config_store": {},
        "functions": {"f": {"parameters": [_param("x", "positional-or-keyword")]}},
        "exports": {},
        "deprecations": [],
    }


def _note(slug, patterns, impact=BEHAVIOUR, category=None) -> Note:
    return Note(slug, "a-to-b", slug, impact, category, patterns, "text", None, "")


def test_the_rules():
    assert auto(Difference("losses", "ALoss", "parameters.beta", ADDED, new="beta = 1 (keyword-only)")) == (
        ADDED_CATEGORY,
        NEW,
    )
    required = Difference("losses", "ALoss", "parameters.beta", ADDED, new="beta (keyword-only)")
    assert auto(required) == (ADDED_CATEGORY, BREAKING)
    assert auto(Difference("losses", "BLoss", "", REMOVED))[1] == BREAKING
    assert auto(Difference("trainers", "T", "parameters.n", DEFAULT, "4", "None")) == (DEFAULT_CHANGED, BEHAVIOUR)
    assert auto(Difference("hooks", "H", "parameters.c", DEFAULT, "<required>", "None")) == (DEFAULT_CHANGED, NEW)
    assert auto(Difference("losses", "A", "accepted_keys.value", VALUE, "a", "b")) == (DEFAULT_CHANGED, BEHAVIOUR)
    assert auto(Difference("configs", "C", "_target_", VALUE, "a", "b")) == (None, NONE)  # no rule: a note


def test_a_default_that_resolves_to_the_same_value_is_nothing_to_do():
    old, new = _snapshot(), _snapshot()
    new["configs"]["EnvConfig"]["fields"]["frame_skip"] = {"type": "int", "default": "1"}
    (annotation, change) = sorted(classify_step(old, new, "a-to-b", []), key=lambda c: c.kind)
    assert (annotation.category, change.category, change.impact) == ("annotation only", SAME_RESOLVED, NONE)


def test_an_unclassified_difference_stops_it_naming_the_difference_and_the_file():
    old, new = _snapshot(), _snapshot()
    new["configs"]["EnvConfig"]["target"] = "x.make_env"
    with pytest.raises(UnclassifiedDifferences) as raised:
        classify_step(old, new, "a-to-b", [])
    message = str(raised.value)
    assert "configs EnvConfig _target_" in message and "data/upgrading.yaml" in message and "'a-to-b'" in message
    noted = classify_step(old, new, "a-to-b", [_note("env-target", ["configs EnvConfig _target_"], NONE, "noted")])
    assert [(c.category, c.note) for c in noted] == [("noted", "env-target")]


def test_a_breaking_or_behaviour_change_needs_a_note():
    old, new = _snapshot(), _snapshot()
    new["losses"]["ALoss"]["accepted_keys"]["value"] = ["vla", "value"]
    with pytest.raises(UnclassifiedDifferences, match=r"losses ALoss accepted_keys.value .*behaviour"):
        classify_step(old, new, "a-to-b", [])
    (change,) = classify_step(old, new, "a-to-b", [_note("value-key", ["losses ALoss accepted_keys.*"])])
    assert (change.category, change.impact, change.note) == (DEFAULT_CHANGED, BEHAVIOUR, "value-key")


def test_a_rename_pairs_a_removal_and_an_addition():
    old, new = _snapshot(), _snapshot()
    new["functions"]["f"]["parameters"] = [_param("value", "positional-or-keyword")]
    notes = [_note("f-renamed", ["functions f parameters.*"], BREAKING, RENAMED)]
    assert {c.category for c in classify_step(old, new, "a-to-b", notes)} == {RENAMED}
    only_removal = copy.deepcopy(new)
    only_removal["functions"]["f"]["parameters"] = [_param("x", "positional-or-keyword"), _param("y", default="1")]
    with pytest.raises(UnclassifiedDifferences, match="must pair a removed and an added"):
        classify_step(old, only_removal, "a-to-b", [_note("f-renamed", ["functions f parameters.*"], NEW, RENAMED)])


def test_a_note_that_matches_nothing_stops_it_too():
    with pytest.raises(UnclassifiedDifferences, match="matches no difference"):
        classify_step(_snapshot(), _snapshot(), "a-to-b", [_note("stale", ["losses ALoss parameters.gone"])])


def test_two_notes_on_one_difference_are_refused():
    old, new = _snapshot(), _snapshot()
    new["losses"]["ALoss"]["parameters"][1]["default"] = "0.9"
    notes = [_note("one", ["losses ALoss parameters.gamma"]), _note("two", ["losses ALoss *"])]
    with pytest.raises(UnclassifiedDifferences, match="more than one note: one, two"):
        classify_step(old, new, "a-to-b", notes)


def test_the_real_steps_fail_on_a_fake_snapshot_with_an_unclassified_difference(tmp_path, monkeypatch):
    """The build's own computation, on a copy of the snapshots where 0.13.3's GAEConfig built another class."""
    snapshots = tmp_path / "snapshots"
    shutil.copytree(curated.SNAPSHOTS, snapshots)
    path = snapshots / "torchrl-0.13.3.json"
    fake = json.loads(path.read_text(encoding="utf-8"))
    fake["configs"]["PPOLossConfig"]["target"] = "torchrl.objectives.PPOLoss"
    path.write_text(json.dumps(fake), encoding="utf-8")
    monkeypatch.setattr(curated, "SNAPSHOTS", snapshots)
    with pytest.raises(UnclassifiedDifferences) as raised:
        facts._upgrades()
    message = str(raised.value)
    assert "configs PPOLossConfig _target_" in message and "data/upgrading.yaml" in message


def test_the_committed_steps_are_all_classified():
    data = facts.upgrades()
    assert [s.slug for s in data.steps][-2:] == ["0.12-to-0.13", "0.13-to-0.14"]
    for step in data.steps:
        assert step.changes, step.slug
        assert all(c.category and c.impact for c in step.changes)
        assert all(c.note for c in step.changes if c.impact in (BREAKING, BEHAVIOUR)), step.slug


def test_a_note_without_its_migration_is_refused(tmp_path):
    data = tmp_path / "upgrading.yaml"
    data.write_text(
        "steps:\n  - {old: 0.12.0, new: 0.13.3}\nnotes:\n"
        "  - {slug: gone, step: 0.12-to-0.13, title: T, impact: breaking, differences: [x], text: t}\n"
    )
    with pytest.raises(curated.CuratedDataError, match="add its migration"):
        curated.load(data, tmp_path / "migrations")
    (tmp_path / "migrations" / "from-0.12.0").mkdir(parents=True)
    (tmp_path / "migrations" / "from-0.12.0" / "orphan.before.py").write_text("x = 1\n")
    with pytest.raises(curated.CuratedDataError, match=r"orphan\.before\.py"):
        curated.load(data, tmp_path / "migrations")
