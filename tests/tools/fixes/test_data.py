"""data/fix-history.json is checked when it is read: a hand edit or a stale file names the command that rewrites it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tools.fixes.facts import data
from tools.fixes.facts.records import decode, encode


def test_the_committed_history_has_no_problem(fix_history):
    assert data.problems_in(fix_history) == []
    assert len(fix_history.fixes) > 100


def _edited(history, index: int, **changes):
    fixes = list(history.fixes)
    fixes[index] = dataclasses.replace(fixes[index], **changes)
    return dataclasses.replace(history, fixes=fixes)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"pr_url": "https://github.com/pytorch/rl/pull/1"}, "does not match"),
        ({"first_release": "v9.0.0"}, "no release up to"),
        ({"files": ["docs/index.md"]}, "outside the covered paths"),
        ({"date": "yesterday"}, "not YYYY-MM-DD"),
        ({"objects": {"torchrl/elsewhere.py": ["f"]}}, "files it did not change"),
    ],
)
def test_an_edited_fix_is_named(fix_history, changes, words):
    problems = data.problems_in(_edited(fix_history, 0, **changes))
    assert any(words in problem and fix_history.fixes[0].sha[:12] in problem for problem in problems), problems


def test_the_order_and_the_scanned_commit_are_checked(fix_history):
    reordered = dataclasses.replace(fix_history, fixes=list(reversed(fix_history.fixes)))
    assert "the fixes are not newest first" in data.problems_in(reordered)
    assert any("no full hash" in p for p in data.problems_in(dataclasses.replace(fix_history, commit="HEAD")))


def test_a_missing_or_broken_file_names_the_command(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "FIX_DATA", tmp_path / "fix-history.json")
    with pytest.raises(data.FixDataError, match="make fix-history"):
        data.load_history()
    (tmp_path / "fix-history.json").write_text('{"commit": 1}')
    with pytest.raises(data.FixDataError, match="is not a history the scanner wrote"):
        data.load_history()


def test_a_history_round_trips_through_json(fix_history):
    assert decode(json.loads(json.dumps(encode(fix_history)))) == fix_history
