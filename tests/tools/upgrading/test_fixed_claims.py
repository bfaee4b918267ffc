"""The fixed-upstream rows' ``fixed_in`` against what their blocks did in each release's snapshot venv.

``make api-snapshot`` runs every ``data/troubleshooting/fixed/<slug>.py`` in the release's venv and records
whether it ran. A block that did not run in a release before the claimed one agrees with the claim; one
that ran there contradicts it (the fix is older). A row that does not say what was read at the tag
(``checked: read from the code at ...``) is held to the snapshots alone: its block must also have run in
every snapshot of the claimed release or later. Outcomes the venv cannot give (torchrl's compiled extension
does not load with its torch) check nothing.
"""

from __future__ import annotations

import re

import pytest
import yaml

from tools.core.paths import ROOT
from tools.upgrading.facts import NOT_RUN, fixed_outcomes

ROWS = yaml.safe_load((ROOT / "data" / "troubleshooting.yaml").read_text(encoding="utf-8"))["fixed_upstream"]
OUTCOMES = fixed_outcomes()
FIRST = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")  # a tag: v0.2.0 (the oldest, 0.0.3, has no v)
AFTER = re.compile(r"^after v(\d+)\.(\d+)\.(\d+), present in \d+\.\d+\.\d+$")
READ = "read from the code at "


def _version(text: str) -> tuple[int, ...]:
    return tuple(map(int, text.split(".")))


@pytest.mark.parametrize("row", ROWS, ids=[r["slug"] for r in ROWS])
def test_the_claimed_first_release_agrees_with_the_snapshots(row):
    claim = str(row["fixed_in"])
    first, after = FIRST.match(claim), AFTER.match(claim)
    assert first or after, f"fixed_in {claim!r} of {row['slug']}: expected 'vX.Y.Z' or 'after vX.Y.Z, present in A.B.C'"
    fixed_from = tuple(map(int, first.groups())) if first else None
    outcomes = OUTCOMES.get(row["slug"], {})
    assert outcomes, f"{row['slug']}: no snapshot ran its block (make api-snapshot RELEASE=...)"
    for release, outcome in outcomes.items():
        if outcome["result"] == NOT_RUN:
            continue
        if fixed_from is not None and _version(release) >= fixed_from:
            if not str(row.get("checked", "")).startswith(READ):
                assert outcome["result"] == "ran", (
                    f"{row['slug']} claims fixed_in {claim}, but its block did not run in the {release} snapshot "
                    f"venv: {outcome}"
                )
        else:
            assert outcome["result"] != "ran", (
                f"{row['slug']} claims fixed_in {claim}, but its block ran in the {release} snapshot venv: the fix is "
                "older than claimed"
            )


@pytest.mark.parametrize("row", ROWS, ids=[r["slug"] for r in ROWS])
def test_each_claim_says_how_it_was_checked(row):
    """Where the snapshot venvs do not bracket the claim (one before it failed, one of it ran), the row says
    what was read at the tag."""
    claim = str(row["fixed_in"])
    outcomes = {_version(r): o["result"] for r, o in OUTCOMES.get(row["slug"], {}).items() if o["result"] != NOT_RUN}
    first = FIRST.match(claim)
    if first:
        claimed = tuple(map(int, first.groups()))
        bracketed = outcomes.get(claimed) == "ran" and any(v < claimed and r != "ran" for v, r in outcomes.items())
    else:  # "after vX, present in Y": X's venv did not run it, and the pinned release runs it (the page's block)
        bracketed = outcomes.get(tuple(map(int, AFTER.match(claim).groups()))) not in (None, "ran")
    if not bracketed:
        assert str(row.get("checked", "")).startswith(READ), (
            f"{row['slug']}: no snapshot venv of {claim} ran its block and none before it failed; say what was "
            f"read (checked: {READ}vX: ...) in data/troubleshooting.yaml"
        )
