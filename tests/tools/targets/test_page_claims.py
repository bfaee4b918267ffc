"""The prose of docs/target-updates.md still holds for the measured records."""

from __future__ import annotations

PAGE = "docs/target-updates.md"


def test_targets_move_only_through_the_updater(targets_reference):
    for row in targets_reference.losses:
        if not row.target_groups:
            continue
        assert row.optimizer_step.ok, f"{row.loss}: the optimizer step raised {row.optimizer_step.error}"
        assert row.sources_moved_by_optimizer, f"{row.loss}: the optimizer step moved nothing; the check says nothing"
        assert row.moved_without_updater is False, f"{PAGE}: {row.loss}'s targets now move without step()"
        assert all(row.moved_by_updater.values()), f"{PAGE}: step() left some targets of {row.loss} in place"


def test_losses_without_targets_refuse_an_updater(targets_reference):
    for row in targets_reference.losses:
        if not row.target_groups and not row.not_built:
            assert not row.soft_update.ok, f"{PAGE}: SoftUpdate now accepts {row.loss}, which keeps no targets"
