"""The loss x estimator matrix: parity with torchrl, and a sample of cells recomputed independently."""

from __future__ import annotations

import warnings

import pytest
from torchrl.objectives import LossModule, ValueEstimators

from tools.estimator_matrix.facts import records
from tools.torchrl import loss_zoo as zoo


def _estimator_losses() -> set[str]:
    # Independent of tools.estimator_matrix.facts.measure: walk torchrl's exports ourselves.
    import torchrl.objectives as objectives

    names = set()
    for name in objectives.__all__:
        obj = getattr(objectives, name)
        is_loss = isinstance(obj, type) and issubclass(obj, LossModule) and obj is not LossModule
        if is_loss and (
            getattr(obj, "default_value_estimator", None) is not None or hasattr(obj, "SUPPORTED_VALUE_ESTIMATORS")
        ):
            names.add(name)
    return names


def test_rows_are_the_losses_that_use_an_estimator(estimator_matrix):
    rows = {row.loss for row in estimator_matrix.rows}
    assert rows == _estimator_losses()


def test_columns_are_every_member(estimator_matrix):
    assert estimator_matrix.members == [m.name for m in ValueEstimators]
    for row in estimator_matrix.rows:
        assert [c.member for c in row.cells] == estimator_matrix.members


def test_declared_and_default_are_the_class_attributes(estimator_matrix):
    import torchrl.objectives as objectives

    for row in estimator_matrix.rows:
        cls = getattr(objectives, row.loss)
        assert set(row.declared) == {m.name for m in getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", ())}
        assert row.default == cls.default_value_estimator.name
        assert all(c.declared == (c.member in row.declared) for c in row.cells)


def _sample(matrix) -> list[tuple[str, str]]:
    """A few cells of each measured status, plus the cases users ask about most."""
    picked = [("ClipPPOLoss", "GAE"), ("DQNLoss", "GAE"), ("MAPPOLoss", "MAGAE"), ("MAPPOLoss", "GAE")]
    for status in (records.WORKS, records.DECLARED_FAILS, records.RAISES, records.UNDECLARED_WORKS):
        found = [(r.loss, c.member) for r in matrix.rows for c in r.cells if c.status == status]
        picked += found[:1] + found[-1:]
    return sorted(set(picked))


def _run(loss_name: str, member: str) -> str:
    case = zoo.build(loss_name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            case.loss.make_value_estimator(ValueEstimators[member])
            case.loss(case.batch.clone())
        except Exception as exc:
            return f"error: {type(exc).__name__}: {str(exc).strip().splitlines()[0].strip()}"
    return "ok"


def test_sampled_cells_match_a_fresh_run(estimator_matrix):
    sample = _sample(estimator_matrix)
    statuses = {estimator_matrix.row(loss).cell(member).status for loss, member in sample}
    # The sample reaches every status the matrix has (there may be no "!" cell at all).
    present = {c.status for r in estimator_matrix.rows for c in r.cells} - {records.NOT_MEASURED}
    assert statuses == present
    mismatches = []
    for loss, member in sample:
        cell = estimator_matrix.row(loss).cell(member)
        fresh = _run(loss, member)
        if fresh != cell.inventory_value():
            mismatches.append(f"{loss} x {member}: matrix says {cell.inventory_value()!r}, a fresh run {fresh!r}")
    assert not mismatches, "\n".join(mismatches)


def test_losses_the_zoo_cannot_build_are_marked_not_measured(estimator_matrix):
    for row in estimator_matrix.rows:
        built = row.loss in zoo.names()
        assert bool(row.not_built) != built
        assert all((c.outcome is None) != built for c in row.cells)


def test_losses_inventory_holds_every_cell(estimator_matrix):
    # The matrix's per-loss facts reach inventory.json through the losses rows.
    from tools.losses.views.concern import CONCERN as LOSSES

    rows = {entry["name"]: entry for entry in LOSSES.inventory()}
    users = {name for name, entry in rows.items() if entry["uses_value_estimator"]}
    assert users == {row.loss for row in estimator_matrix.rows}
    for row in estimator_matrix.rows:
        cells = rows[row.loss]["measured_value_estimators"]
        assert list(cells) == estimator_matrix.members
        assert all(v == "ok" or v.startswith("error: ") or v == "not measured" for v in cells.values()), row.loss
    assert all(rows[name]["measured_value_estimators"] is None for name in set(rows) - users)


@pytest.mark.parametrize("loss_name", ["SACLoss", "ClipPPOLoss"])
def test_key_forwarding_matches_a_fresh_loss(loss_name, estimator_matrix):
    loss = zoo.build(loss_name).loss
    loss.set_keys(reward="r2", done="d2", terminated="t2")
    keys = loss.value_estimator.tensor_keys
    fresh = [f for f, new in (("reward", "r2"), ("done", "d2"), ("terminated", "t2")) if getattr(keys, f) == new]
    assert estimator_matrix.row(loss_name).forwarding.forwarded == fresh
