"""One family's curves -> an SVG (matplotlib): mean over seeds, min-max band, random-policy baseline.

The SVGs are drawn offline, not by the build: ``make curves`` writes each
trained family's ``outputs/curves/<family>/curve.svg`` and ``make curve-plots``
redraws them all from the committed runs.  Drawing them cost every cold build
a matplotlib import and a process beside it; the build only reads
the files, and ``tests/tools/curves/test_committed.py`` fails, naming
``make curve-plots``, when one is not what this module draws now.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from tools.curves.facts import plan as plan_module
from tools.curves.facts.records import SMOOTHING_FRACTION, FamilyCurves

PLOT_FILE = "curve.svg"
REFRESH_COMMAND = "make curve-plots"


class MissingPlot(Exception):
    """A family has no drawn curve; the message names the command that draws it."""


def plot_path(family: str) -> Path:
    return plan_module.root() / "outputs" / "curves" / family / PLOT_FILE


# Where the site serves each committed plot as a file (the learning-curves page's thumbnails link them).
SERVED_DIR = "recipes/curves"


def served_path(family: str) -> str:
    """The docs-relative path the site serves ``family``'s plot at."""
    return f"{SERVED_DIR}/{family}.svg"


def served_plots() -> dict[str, Path]:
    """Every committed plot, by the docs-relative path it is served at."""
    plan = plan_module.load()
    return {served_path(name): plot_path(name) for name in plan.families if plot_path(name).exists()}


def read_plot(family: str) -> str:
    """The committed SVG of ``family``."""
    path = plot_path(family)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MissingPlot(
            f"{path.relative_to(plan_module.root())} is missing; run `{REFRESH_COMMAND}` to draw it"
        ) from None


def write_plots(curves: list[FamilyCurves]) -> list[Path]:
    """Draw and write each family's SVG; returns the files that changed."""
    changed = []
    for family, svg in render_all(curves).items():
        path = plot_path(family)
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(svg, encoding="utf-8")
            changed.append(path)
    return changed


X_LABELS = {"frames": "environment frames collected", "updates": "optimiser steps"}


def smoothing_window(points: int) -> int:
    return max(1, math.ceil(points * SMOOTHING_FRACTION))


def _trailing_mean(values, window: int):
    import numpy as np

    sums = np.cumsum(np.insert(values, 0, 0.0))
    counts = np.minimum(np.arange(1, len(values) + 1), window)
    return (sums[1:] - sums[np.maximum(np.arange(1, len(values) + 1) - window, 0)]) / counts


def _on_grid(curves: FamilyCurves):
    """Each seed's smoothed returns on the frames every seed reached (iterations without an episode skipped)."""
    import numpy as np

    grids = [
        np.array([x for x, r in zip(s.x, s.returns, strict=True) if r is not None], dtype=float) for s in curves.seeds
    ]
    values = [np.array([r for r in s.returns if r is not None], dtype=float) for s in curves.seeds]
    usable = [(g, _trailing_mean(v, smoothing_window(len(v)))) for g, v in zip(grids, values, strict=True) if len(g)]
    if not usable:
        return None, None
    start, end = max(g[0] for g, _ in usable), min(g[-1] for g, _ in usable)
    grid = np.unique(np.concatenate([g[(g >= start) & (g <= end)] for g, _ in usable]))
    return grid, np.stack([np.interp(grid, g, v) for g, v in usable])


def draw(curves: FamilyCurves):
    """The family's matplotlib figure (``python -m tools.curves.views.plot --png DIR`` saves them to look at)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 3.4), dpi=100)
    grid, stacked = _on_grid(curves)
    if grid is not None:
        axes.fill_between(
            grid,
            stacked.min(axis=0),
            stacked.max(axis=0),
            alpha=0.25,
            color="C0",
            linewidth=0,
            label=f"min-max over {len(stacked)} seeds",
        )
        axes.plot(grid, stacked.mean(axis=0), color="C0", linewidth=1.6, label="mean over seeds")
    if curves.baseline is not None:
        axes.axhline(curves.baseline, color="C3", linestyle="--", linewidth=1.2, label="random policy")
    axes.set_xlabel(X_LABELS.get(curves.x, curves.x))
    # Where a phase starts (offline, then online): the same x for every seed, the recipe's knobs decide it.
    for start, phase in curves.seeds[0].phases[1:] if curves.seeds else []:
        axes.axvline(start, color="0.4", linestyle=":", linewidth=1)
        axes.annotate(
            f"{phase} from here",
            (start, 1),
            xycoords=("data", "axes fraction"),
            xytext=(3, -3),
            textcoords="offset points",
            va="top",
            fontsize=8,
            color="0.3",
        )
    axes.set_ylabel("episode return")
    axes.set_title(f"{curves.label}: {curves.environment}" if curves.environment else curves.label)
    axes.grid(True, alpha=0.3)
    if grid is None:  # the page's warning says which command makes them
        axes.text(0.5, 0.5, "no runs yet", transform=axes.transAxes, ha="center", va="center")
    else:
        axes.legend(loc="best", framealpha=0.85, edgecolor="none")
    figure.tight_layout()
    return figure


def _style(curves: FamilyCurves):
    import matplotlib

    # Text stays text (no glyph outlines): smaller files, and the page's own font renders it.
    return matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": curves.family, "font.size": 9})


def render_svg(curves: FamilyCurves) -> str:
    import matplotlib.pyplot as plt

    with _style(curves):
        figure = draw(curves)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
        plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]  # drop the XML prolog and doctype: the SVG sits inside an HTML page


def render_all(curves: list[FamilyCurves]) -> dict[str, str]:
    return {c.family: render_svg(c) for c in curves}


if __name__ == "__main__":
    import sys

    from tools.curves.facts import committed_curves

    if sys.argv[1:2] == ["--png"]:  # to look at the plots without building the site (notes or not)
        import matplotlib.pyplot as plt

        for curves in committed_curves():
            with _style(curves):
                figure = draw(curves)
                figure.savefig(Path(sys.argv[2]) / f"{curves.family}.png", dpi=110)
                plt.close(figure)
