"""The curves' plots and results table, and the ``curves`` inventory section."""

from __future__ import annotations

from tools.core.errors import unknown_name
from tools.core.registry import Concern
from tools.curves.facts import all_curves
from tools.curves.views.plot import read_plot, served_path, served_plots
from tools.curves.views.render import render_plot, render_summary, render_thumbnails
from tools.curves.views.schema import SCHEMA


def _plot(family: str) -> str:
    family = family.strip()
    by_name = {c.family: c for c in all_curves()}
    if family not in by_name:
        raise unknown_name("curves family (data/curves.yaml)", family, by_name)
    return render_plot(by_name[family], read_plot(family))


def _inventory() -> dict:
    return {
        c.family: {
            "label": c.label,
            "recipe": c.recipe,
            "knobs": c.knobs,
            "x": c.x,
            "seeds": [s.seed for s in c.seeds],
            "final_return_mean": c.final_mean,
            "final_return_std": c.final_std,
            "random_policy_return": c.baseline,
            "beats_random_by_more_than_spread": c.beats_baseline,
            "frames": c.frames,
            "wall_seconds_per_run": c.wall_seconds,
            "cpu_seconds_per_run": c.cpu_seconds,
            "normalised_return_mean": c.normalised[0],
            "normalised_return_std": c.normalised[1],
            "behaviour_return": c.behaviour[0],
            "behaviour_normalised": c.behaviour[1],
            "note": c.note or None,
            "findings": c.findings or None,
            "stale": c.stale,
        }
        for c in all_curves()
    }


CONCERN = Concern(
    name="curves",
    sections={
        "plot": _plot,
        "summary": lambda _arg: render_summary(all_curves()),
        "thumbnails": lambda _arg: render_thumbnails(all_curves(), served_path),
    },
    assets=served_plots,
    inventory=_inventory,
    inventory_schema=SCHEMA,
    inventory_doc="Learning curves per recipe family (`make curves`): seeds, final return mean and std over "
    "seeds, the random-policy return, whether the mean beats it by more than the seeds' spread, frames, "
    "wall and CPU time per run, why it does not learn (when it does not), and why the committed runs are "
    "stale (null when current).",
)
