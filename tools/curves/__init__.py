"""Learning curves: each recipe family trained over seeds by ``make curves``, plotted at build time.

Training happens only in ``make curves`` (``python -m tools.curves``); builds
read the committed CSV and provenance files under ``outputs/curves/`` and plot
them.  Markers::

    <!-- gen:curves.plot ppo -->     one family's SVG with its caption
    <!-- gen:curves.summary -->      the results table of every family
"""

from __future__ import annotations

from tools.cache import cached, is_cached
from tools.curves import plan as plan_module
from tools.curves.records import FamilyCurves, family_curves
from tools.curves.render import render_plot, render_summary
from tools.curves.schema import SCHEMA
from tools.jsonable import list_codec
from tools.paths import DATA, ROOT, TOOLS
from tools.registry import Concern

# The pins in pyproject.toml decide staleness too (provenance.staleness compares them); labels and
# environments come from the recipes concern.
INPUTS = (TOOLS / "curves", TOOLS / "recipes", DATA / "curves.yaml", ROOT / "outputs" / "curves", ROOT / "snippets" / "recipes",
          ROOT / "pyproject.toml")


class UnexplainedFailure(Exception):
    """A family does not beat the random policy and data/curves.yaml does not say why."""


def records() -> list[FamilyCurves]:
    """Every family's committed curves, as they are."""

    def compute() -> list[FamilyCurves]:
        plan = plan_module.load()
        return [family_curves(f, plan) for f in plan.families.values()]

    encode, decode = list_codec(FamilyCurves)
    return cached("curves", compute, inputs=INPUTS, encode=encode, decode=decode)


def all_curves() -> list[FamilyCurves]:
    """The records the pages show: a family that does not beat the random policy must say why."""
    curves = records()
    # Stale runs are not judged here: their pages warn, and the freshness test fails until they are re-made.
    silent = [c.family for c in curves if c.beats_baseline is False and not c.note and not c.stale]
    outdated = [c.family for c in curves if c.beats_baseline and c.note and not c.stale]
    if outdated:
        raise UnexplainedFailure(
            f"{', '.join(outdated)}: beats the random policy now, but data/curves.yaml still explains why it does "
            "not (remove its `note`)"
        )
    if silent:
        raise UnexplainedFailure(
            f"{', '.join(silent)}: does not beat the random policy and data/curves.yaml gives no `note` saying why "
            "(find out: wiring, hyperparameters or budget; fix it, or write what you found in its note)"
        )
    return curves


# matplotlib costs about a second to import and each SVG a little more: a subprocess started
# with the build draws them while the build imports torchrl, unless they are cached already.
_svg_process: list = []


def start() -> None:
    if not _svg_process and not is_cached("curves.svg", INPUTS):
        import subprocess
        import sys

        _svg_process.append(subprocess.Popen([sys.executable, "-m", "tools.curves.plot"], stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, text=True, cwd=ROOT))


def svgs() -> dict[str, str]:
    """Family -> SVG, cached on the CSVs, the plan and this package's code."""

    def compute() -> dict[str, str]:
        from tools.curves.plot import collect, render_all

        process = _svg_process.pop() if _svg_process else None
        return collect(process) if process is not None else render_all(all_curves())

    return cached("curves.svg", compute, inputs=INPUTS, encode=dict, decode=dict)


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
            "x": c.x,
            "seeds": [s.seed for s in c.seeds],
            "final_return_mean": c.final_mean,
            "final_return_std": c.final_std,
            "random_policy_return": c.baseline,
            "beats_random_by_more_than_spread": c.beats_baseline,
            "frames": c.frames,
            "wall_seconds_per_run": c.wall_seconds,
            "cpu_seconds_per_run": c.cpu_seconds,
            "note": c.note or None,
            "stale": c.stale,
        }
        for c in all_curves()
    }


CONCERN = Concern(
    name="curves",
    start=start,
    sections={"plot": _plot, "summary": lambda _arg: render_summary(all_curves())},
    inventory=_inventory,
    inventory_schema=SCHEMA,
    inventory_doc="Learning curves per recipe family (`make curves`): seeds, final return mean and std over "
    "seeds, the random-policy return, whether the mean beats it by more than the seeds' spread, frames, "
    "wall and CPU time per run, why it does not learn (when it does not), and why the committed runs are "
    "stale (null when current).",
)
