"""Rendering of the matrix, on hand-made records."""

from __future__ import annotations

from tools.estimator_matrix.facts import records
from tools.estimator_matrix.facts.records import Cell, KeyForwarding, Matrix, MatrixRow
from tools.estimator_matrix.views import render
from tools.estimators.facts.records import Outcome

OK = Outcome(True)
REFUSED = Outcome(False, "NotImplementedError: Value type <ValueEstimators.B: 'bee'> is not implemented for loss L")
REFUSED_C = Outcome(False, "NotImplementedError: Value type <ValueEstimators.C: 'cee'> is not implemented for loss L")
BROKEN = Outcome(False, "RuntimeError: shapes")


def _matrix() -> Matrix:
    row = MatrixRow(
        loss="LossA",
        default="A",
        declared=["A", "D"],
        cells=[
            Cell("A", True, OK),
            Cell("B", False, REFUSED, "make_value_estimator"),
            Cell("C", False, REFUSED_C, "make_value_estimator"),
            Cell("D", True, BROKEN, "forward"),
            Cell("E", False, OK),
        ],
        batch_size=[2, 4],
        forwarding=KeyForwarding(OK, "GAE", ["reward"], ["done", "terminated"]),
    )
    unbuilt = MatrixRow("LossB", "A", ["A"], [Cell(m, m == "A", None) for m in "ABCDE"], not_built="no construction")
    return Matrix(members=list("ABCDE"), rows=[row, unbuilt])


def test_every_cell_has_a_status_class_and_a_symbol():
    html = render.render_grid(_matrix())
    for status, (symbol, _label) in records.MARKS.items():
        assert f"em-{status}" in html and symbol in html
    assert html.count("em-cell") == 10


def test_default_is_starred_once_per_row():
    html = render.render_grid(_matrix())
    assert html.count('class="em-default"') == 2


def test_loss_names_link_only_when_a_page_exists():
    html = render.render_grid(_matrix(), {"LossA": "../losses/LossA/"})
    assert '<a href="../losses/LossA/"><code>LossA</code></a>' in html
    assert "<code>LossB</code></th>" in html


def test_forwarding_column_names_what_did_not_arrive():
    html = render.render_grid(_matrix())
    assert "✗ not <code>done</code>, <code>terminated</code>" in html


def test_disagreements_list_declared_failures_and_undeclared_successes():
    text = render.render_disagreements(_matrix(), lambda member, error: "because" if member == "D" else "")
    assert "`LossA` × `D`: declared, but `forward` raised `RuntimeError: shapes`; because" in text
    assert "`LossA` × `E`: not declared, yet" in text
    assert "`B`" not in text


def test_alike_refusals_share_one_row():
    text = render.render_errors(_matrix())
    assert "| `LossA` | `B`, `C` | `make_value_estimator` |" in text
    assert "The 3 errors" in text
    assert "- `LossB`: no construction" in text


def test_no_disagreement_is_said_plainly():
    row = MatrixRow("L", "A", ["A"], [Cell("A", True, OK), Cell("B", False, REFUSED, "make_value_estimator")])
    assert "every estimator a loss declares works" in render.render_disagreements(Matrix(["A", "B"], [row]))


def test_counts_add_up():
    assert render.render_counts(_matrix()).startswith("2 losses × 5 estimators = 10 cells: 1 ✓, 1 ✗, 1 !, 2 –, 5 ?.")
