"""The estimator matrix's sections on the value-estimator page."""

from __future__ import annotations

from tools.core import urls
from tools.core.registry import Concern
from tools.estimator_matrix.facts import matrix
from tools.estimator_matrix.views import render
from tools.estimators.facts import reference

# The page that shows the grid: its raw-HTML links to loss pages are relative to it.
PAGE = urls.ESTIMATOR_MATRIX


def loss_page_links(losses: list[str]) -> dict[str, str]:
    """Loss -> the built URL of its page (every public loss has one), relative to the grid's page."""
    # Raw HTML is not rewritten by MkDocs: point at the built URL (use_directory_urls).
    return {loss: urls.built_url(PAGE, urls.loss(loss)) for loss in losses}


def explain_error(member: str, error: str) -> str:
    """Relate a loss's failure to the estimator fact measured in the reference, when the error is the same."""
    data = reference()
    record = next((r for r in data.estimators if r.member == member), None)
    if record is None:
        return ""
    anchor = urls.link(PAGE, urls.estimator(record.name))
    for use in record.keys:
        if use.without is not None and use.without.error == error:
            where = use.location_text()
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
