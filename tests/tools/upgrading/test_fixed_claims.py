"""The fixed-upstream rows' ``fixed_in`` against what their blocks did in each release's snapshot venv.

``make api-snapshot`` runs every ``data/troubleshooting/fixed/<slug>.py`` in the
release's venv and records whether it ran. A row claiming ``fixed_in: vX`` must
have run in every snapshot of X or later and not in any before X; a row
claiming "after vX, present in Y" must not have run in X or earlier. (A block
can also fail in an old release for a reason other than the bug, e.g. an API
it uses is newer; that does not contradict the claim, so the tests only check
that it did not run.)
"""

from __future__ import annotations

import json
import re

import pytest
import yaml

from tools.core.paths import ROOT

ROWS = yaml.safe_load((ROOT / "data" / "troubleshooting.yaml").read_text(encoding="utf-8"))["fixed_upstream"]
SNAPSHOTS = {
    tuple(map(int, facts["versions"]["torchrl"].split("."))): facts
    for facts in (
        json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "data" / "snapshots").glob("*.json"))
    )
}
FIRST = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")  # a tag: v0.2.0 (the oldest, 0.0.3, has no v)
AFTER = re.compile(r"^after v(\d+)\.(\d+)\.(\d+), present in \d+\.\d+\.\d+$")


def _text(version: tuple) -> str:
    return ".".join(map(str, version))


@pytest.mark.parametrize("row", ROWS, ids=[r["slug"] for r in ROWS])
def test_the_claimed_first_release_agrees_with_the_snapshots(row):
    claim = str(row["fixed_in"])
    first, after = FIRST.match(claim), AFTER.match(claim)
    assert first or after, f"fixed_in {claim!r} of {row['slug']}: expected 'vX.Y.Z' or 'after vX.Y.Z, present in A.B.C'"
    for version, facts in sorted(SNAPSHOTS.items()):
        outcome = facts["fixed_upstream"][row["slug"]]
        if first and version >= tuple(map(int, first.groups())):
            assert outcome["result"] == "ran", (
                f"{row['slug']} claims fixed_in {claim}, but its block did not run in the {_text(version)} "
                f"snapshot venv: {outcome}"
            )
        elif first or version <= tuple(map(int, after.groups())):
            assert outcome["result"] != "ran", (
                f"{row['slug']} claims fixed_in {claim}, but its block ran in the {_text(version)} snapshot venv: "
                "the fix is older than claimed"
            )


@pytest.mark.parametrize("row", ROWS, ids=[r["slug"] for r in ROWS])
def test_each_claim_says_how_it_was_checked(row):
    """Where no snapshot venv runs the claimed release and the one before it, the row says what was read."""
    claim = str(row["fixed_in"])
    first = FIRST.match(claim)
    releases = sorted(SNAPSHOTS)
    if first:
        claimed = tuple(map(int, first.groups()))
        bracketed = claimed in SNAPSHOTS and any(v < claimed for v in releases)
    else:  # "after vX, present in Y": X's venv (not fixed) and the pinned release (the page's block) bracket it
        bracketed = tuple(map(int, AFTER.match(claim).groups())) in SNAPSHOTS
    if not bracketed:
        assert str(row.get("checked", "")).startswith("read from the code at "), (
            f"{row['slug']}: no snapshot venv of {claim} and of the release before it ran its block; say what was "
            "read (checked: read from the code at vX: ...) in data/troubleshooting.yaml"
        )
