"""The accepted-key defaults the upgrade pages diff are the ones the loss pages show.

The upgrade pages compare the pinned release's snapshot (``upgrading.facts.current``)
with an older release's; the loss pages show each loss record's accepted keys.
Both come from ``tools.torchrl.accepted_keys``; this holds them equal, loss by loss.
"""

from __future__ import annotations

import pytest

from tools.losses.facts import all_records, record_of
from tools.torchrl.losses import loss_classes
from tools.upgrading.facts import current

LOSSES = list(loss_classes())


@pytest.fixture(scope="module")
def snapshot_losses() -> dict:
    return current()["losses"]


def test_every_loss_page_has_a_snapshot_entry(snapshot_losses):
    missing = sorted(r.name for r in all_records() if r.name not in snapshot_losses)
    assert not missing, f"losses with a page that the pinned snapshot does not read: {missing}"


@pytest.mark.parametrize("name", LOSSES)
def test_the_upgrade_pages_read_the_defaults_the_loss_page_shows(name, snapshot_losses):
    record = record_of(name)
    shown = {key.name: key.default for key in record.accepted_keys}
    diffed = snapshot_losses[record.name]["accepted_keys"] or {}
    assert diffed == shown, f"{record.name}: upgrade pages read {diffed}, the loss page shows {shown}"
