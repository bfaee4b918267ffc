"""One family's curves -> an SVG (matplotlib): mean over seeds, min-max band, random-policy baseline."""

from __future__ import annotations

import io

from tools.curves.records import FamilyCurves


def _on_grid(curves: FamilyCurves):
    """Each seed's returns interpolated onto the frames every seed reached (iterations without an episode skipped)."""
    import numpy as np

    grids = [np.array([f for f, r in zip(s.frames, s.returns) if r is not None], dtype=float) for s in curves.seeds]
    values = [np.array([r for r in s.returns if r is not None], dtype=float) for s in curves.seeds]
    usable = [(g, v) for g, v in zip(grids, values) if len(g)]
    if not usable:
        return None, None
    start, end = max(g[0] for g, _ in usable), min(g[-1] for g, _ in usable)
    grid = np.unique(np.concatenate([g[(g >= start) & (g <= end)] for g, _ in usable]))
    return grid, np.stack([np.interp(grid, g, v) for g, v in usable])


def render_svg(curves: FamilyCurves) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Text stays text (no glyph outlines): smaller files, and the page's own font renders it.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": curves.family, "font.size": 9}):
        figure, axes = plt.subplots(figsize=(6.4, 3.4), dpi=100)
        grid, stacked = _on_grid(curves)
        if grid is not None:
            axes.fill_between(grid, stacked.min(axis=0), stacked.max(axis=0), alpha=0.25, color="C0",
                              linewidth=0, label=f"min-max over {len(stacked)} seeds")
            axes.plot(grid, stacked.mean(axis=0), color="C0", linewidth=1.6, label="mean over seeds")
        if curves.baseline is not None:
            axes.axhline(curves.baseline, color="C3", linestyle="--", linewidth=1.2, label="random policy")
        axes.set_xlabel("environment frames collected")
        axes.set_ylabel("episode return")
        axes.set_title(f"{curves.label}: {curves.environment}" if curves.environment else curves.label)
        axes.grid(True, alpha=0.3)
        axes.legend(loc="best", frameon=False)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
        plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]  # drop the XML prolog and doctype: the SVG sits inside an HTML page
