"""Learning curves: each recipe family trained over seeds by ``make curves``, plotted at build time.

Training happens only in ``make curves`` (``python -m tools.curves``); builds
read the committed CSV and provenance files under ``outputs/curves/`` and plot
them.  Markers::

    <!-- gen:curves.plot ppo -->     one family's SVG with its caption
    <!-- gen:curves.summary -->      the results table of every family
"""

from __future__ import annotations

from tools.cache import cached
from tools.curves import plan as plan_module
from tools.curves.records import FamilyCurves, family_curves
from tools.curves.render import render_plot, render_summary
from tools.paths import DATA, ROOT, TOOLS
from tools.registry import Concern

INPUTS = (TOOLS / "curves", DATA / "curves.yaml", ROOT / "outputs" / "curves", ROOT / "snippets" / "recipes")


def all_curves() -> list[FamilyCurves]:
    plan = plan_module.load()
    return [family_curves(f, plan) for f in plan.families.values()]


def svgs() -> dict[str, str]:
    """Family -> SVG, cached on the CSVs, the plan and this package's code (matplotlib is not free)."""
    from tools.curves.plot import render_svg

    return cached("curves.svg", lambda: {c.family: render_svg(c) for c in all_curves()}, inputs=INPUTS,
                  encode=dict, decode=dict)


def _plot(family: str) -> str:
    family = family.strip()
    by_name = {c.family: c for c in all_curves()}
    if family not in by_name:
        from tools.cli.errors import unknown_name

        raise unknown_name("curves family (data/curves.yaml)", family, by_name)
    return render_plot(by_name[family], svgs()[family])


def _inventory() -> dict:
    return {
        c.family: {
            "label": c.label,
            "recipe": c.recipe,
            "knobs": c.knobs,
            "seeds": [s.seed for s in c.seeds],
            "final_return_mean": c.final_mean,
            "final_return_std": c.final_std,
            "random_policy_return": c.baseline,
            "beats_random_by_more_than_spread": c.beats_baseline,
            "frames": c.frames,
            "wall_seconds_per_run": c.wall_seconds,
            "stale": c.stale,
        }
        for c in all_curves()
    }


CONCERN = Concern(
    name="curves",
    sections={"plot": _plot, "summary": lambda _arg: render_summary(all_curves())},
    inventory=_inventory,
    inventory_doc="Learning curves per recipe family (`make curves`): seeds, final return mean and std over "
    "seeds, the random-policy return, whether the mean beats it by more than the seeds' spread, frames, "
    "wall time per run, and why the committed runs are stale (null when current).",
)
