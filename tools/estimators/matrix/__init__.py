"""The loss x value-estimator matrix: declared support (introspected) against measured runs.

A concern of its own because it needs the loss zoo; the estimator classes
themselves are ``tools.estimators``.  Its per-loss facts reach inventory.json
through the ``losses`` rows (``measured_value_estimators``,
``estimator_key_forwarding``): one row per loss, one measurement per cell.
"""

from __future__ import annotations

import posixpath

from tools.cache import cached
from tools.estimators.matrix import render
from tools.estimators.matrix.measure import measure_matrix
from tools.estimators.matrix.records import Matrix, decode, encode
from tools.estimators.render import key_location
from tools.paths import TOOLS
from tools.registry import Concern
from tools.timing import stage

# The measured matrix depends on its measuring code and records (not on its
# renderers, so a rendering edit under `make serve` re-measures nothing), and on the zoo that builds each loss (not on the rest of the losses concern).
INPUTS = (
    TOOLS / "estimators" / "matrix" / "measure.py",
    TOOLS / "estimators" / "matrix" / "records.py",
    TOOLS / "estimators" / "records.py",
    TOOLS / "losses" / "zoo.py",
    TOOLS / "losses" / "discover.py",
    TOOLS / "losses" / "recipes",
)
# The page that shows the grid: its raw-HTML links to loss pages are relative to it.
MATRIX_PAGE = "value-estimators/index.md"


def _measure() -> Matrix:
    with stage("estimators.measure"):
        return measure_matrix()


def matrix() -> Matrix:
    return cached("estimators.matrix", _measure, inputs=INPUTS, encode=encode, decode=decode)


def loss_page_links(losses: list[str]) -> dict[str, str]:
    """Loss -> URL of its page, for the losses that have one in this site (relative to MATRIX_PAGE)."""
    from tools.pages import generated_pages
    from tools.paths import DOCS

    pages = set(generated_pages()) | {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    here = posixpath.dirname(MATRIX_PAGE)
    links = {}
    for loss in losses:
        page = f"losses/{loss}.md"
        if page in pages:
            # Raw HTML is not rewritten by MkDocs: point at the built URL (use_directory_urls).
            links[loss] = posixpath.relpath(f"losses/{loss}/", here) + "/"
    return links


def explain_error(member: str, error: str) -> str:
    """Relate a loss's failure to the estimator fact measured in the reference, when the error is the same."""
    from tools.estimators import reference

    data = reference()
    record = next((r for r in data.estimators if r.member == member), None)
    if record is None:
        return ""
    anchor = f"reference.md#{record.name.lower()}"
    for use in record.keys:
        if use.without is not None and use.without.error == error:
            where = key_location(use)
            return (
                f"[`{record.name}`]({anchor}) raises the same error when `{where}` "
                f"(its `{use.field}` key) is missing from the data"
            )
    # The other-layout probe first: it is the likeliest cause of a shape error in a loss.
    for probe in sorted(record.shapes, key=lambda p: p.name != "other_layout"):
        if probe.outcome is not None and probe.outcome.error == error:
            return f"[`{record.name}`]({anchor}) raises the same error on {probe.description}"
    return ""


def _grid(_arg: str) -> str:
    data = matrix()
    return render.render_grid(data, loss_page_links([row.loss for row in data.rows]))


CONCERN = Concern(
    name="estimator_matrix",
    sections={
        "grid": _grid,
        "legend": lambda _arg: render.render_legend(),
        "disagreements": lambda _arg: render.render_disagreements(matrix(), explain_error),
        "errors": lambda _arg: render.render_errors(matrix()),
        "counts": lambda _arg: render.render_counts(matrix()),
    },
)

__all__ = ["CONCERN", "matrix", "loss_page_links"]
