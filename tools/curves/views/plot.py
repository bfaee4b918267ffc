"""One family's curves -> an SVG (matplotlib): mean over seeds, min-max band, random-policy baseline."""

from __future__ import annotations

import io
import math

from tools.curves.facts.records import SMOOTHING_FRACTION, FamilyCurves

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


def collect(process) -> dict[str, str]:
    """The SVGs a ``python -m tools.curves.views.plot`` subprocess drew (started by the concern's ``start``)."""
    import json

    stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"drawing the learning curves failed (python -m tools.curves.views.plot):\n{stderr}")
    return json.loads(stdout)


if __name__ == "__main__":
    import json
    import sys
    from pathlib import Path

    from tools.curves.facts import all_curves, committed_curves

    if sys.argv[1:2] == ["--png"]:  # to look at the plots without building the site (notes or not)
        import matplotlib.pyplot as plt

        for curves in committed_curves():
            with _style(curves):
                figure = draw(curves)
                figure.savefig(Path(sys.argv[2]) / f"{curves.family}.png", dpi=110)
                plt.close(figure)
    else:  # what the build's subprocess (the concern's start()) prints: family -> SVG
        json.dump(render_all(all_curves()), sys.stdout)
