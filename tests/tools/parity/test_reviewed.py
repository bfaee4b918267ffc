"""The reviewed differences file: the committed one matches the audit, and the check names what changed."""

from __future__ import annotations

import pytest

from tools.parity import facts as parity
from tools.parity.facts import reviewed
from tools.parity.facts.records import Difference, ParityRow


def test_the_committed_review_matches_the_audit_of_the_installed_torchrl():
    assert reviewed.check(parity.rows()), "run `make parity-accept` after reading the rows the build names"


def _row(*fields: str) -> ParityRow:
    differences = [
        Difference(f, "only in config", "1", "", "suspicious", "the class has no such parameter") for f in fields
    ]
    return ParityRow("XConfig", "pkg.X", "pkg", "the class", differences)


def test_a_gone_difference_is_named_too(tmp_path, monkeypatch):
    monkeypatch.setattr(reviewed, "REVIEWED_FILE", tmp_path / "data" / "captured" / "reviewed.json")
    monkeypatch.setattr(reviewed, "ROOT", tmp_path)
    assert reviewed.record([_row("a", "b")]) == (2, 0)
    assert reviewed.check([_row("a", "b")])
    with pytest.raises(reviewed.ParityDrift, match=r"gone: XConfig\.b \(only in config\)"):
        reviewed.check([_row("a")])
    assert reviewed.record([_row("a", "c")]) == (1, 1)
    with pytest.raises(reviewed.ParityDrift, match=r"new: XConfig\.d \(only in config; class pkg\.X\): the class has"):
        reviewed.check([_row("a", "c", "d")])
