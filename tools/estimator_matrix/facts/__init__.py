"""The measured matrix: every loss of the zoo x every ``ValueEstimators`` member."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.timing import stage
from tools.estimator_matrix.facts.measure import measure_matrix
from tools.estimator_matrix.facts.records import Matrix, MatrixRow, decode, encode


def _measure() -> Matrix:
    with stage("estimators.measure"):
        return measure_matrix()


# Keyed on the measuring code and the loss zoo it builds from, not on the renderers: a rendering
# edit under `make serve` re-measures nothing.
matrix = RecordSet(
    "estimators.matrix",
    _measure,
    code=("tools.estimator_matrix.facts.measure",),
    encode=encode,
    decode=decode,
    committed=True,
)


def rows_by_loss() -> dict[str, MatrixRow]:
    """Loss name -> its row of the measured matrix (measured once, here)."""
    return {row.loss: row for row in matrix().rows}


__all__ = ["Matrix", "MatrixRow", "matrix", "rows_by_loss"]
