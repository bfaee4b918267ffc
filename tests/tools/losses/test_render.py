"""Renderers: records -> Markdown."""

from __future__ import annotations

from tools.api.facts import load, objects
from tools.estimator_matrix.facts import rows_by_loss as estimator_rows
from tools.losses.facts.build import all_records
from tools.losses.views.page import render_can_i_use_it, render_example
from tools.losses.views.page import render_page as _render_page
from tools.losses.views.table import render_table
from tools.torchrl import loss_zoo as zoo


def render_page(record, recipe, row, trainers):
    api = objects.documented()[record.name]
    return _render_page(record, recipe, row, trainers, load.parameter_docs(api.identifier))


def _record(name):
    return next(r for r in all_records() if r.name == name)


def test_table_marks_unmeasured_losses_with_a_dagger():
    table = render_table(all_records(), estimator_rows())
    grpo_row = next(line for line in table.splitlines() if line.startswith("| [GRPOLoss]"))
    assert "†" in grpo_row
    sac_row = next(line for line in table.splitlines() if line.startswith("| [SACLoss]"))
    assert "†" not in sac_row and "`loss_actor`" in sac_row


def test_example_sums_exactly_the_measured_terms():
    record = _record("SACLoss")
    example = render_example(record, zoo.source("SACLoss"))
    total_line = next(line for line in example.splitlines() if line.startswith("total = "))
    assert total_line.count("out[") == len(record.measured.loss_outputs)
    assert "SoftUpdate" in example  # it keeps target parameters


def test_unbuilt_loss_page_says_why_and_still_has_a_runnable_block():
    page = render_page(_record("GRPOLoss"), None, None, [])
    assert "Not built on this page" in page and "Key conventions only" in page
    assert page.count("```python") == 1


def test_can_i_use_it_box_names_the_priority_key():
    box = render_can_i_use_it(_record("DQNLoss"))
    assert box.startswith('!!! question "Can I use it?"') and '`"td_error"`' in box


def test_table_and_page_show_the_matrix_measurement_not_a_second_one():
    rows = estimator_rows()
    failing = [
        (row.loss, cell)
        for row in rows.values()
        for cell in row.cells
        if cell.declared and cell.outcome is not None and not cell.outcome.ok
    ]
    assert failing, "expected at least one declared-but-failing pair in torchrl 0.14.1"
    loss, cell = failing[0]
    table_row = next(line for line in render_table(all_records(), rows).splitlines() if line.startswith(f"| [{loss}]"))
    assert f"✗</abbr> {cell.member}" in table_row
    page = render_page(_record(loss), zoo.source(loss), rows[loss], [])
    assert cell.outcome.error.split(":")[0] in page and "estimator matrix" in page


def test_loss_page_links_the_trainers_built_around_it():
    from tools.losses.views.concern import trainers_by_loss

    trainers = trainers_by_loss()["TD3Loss"]
    assert "TD3Trainer" in trainers
    page = render_page(_record("TD3Loss"), zoo.source("TD3Loss"), None, trainers)
    assert "[`TD3Trainer`](../trainers/TD3Trainer.md)" in page
