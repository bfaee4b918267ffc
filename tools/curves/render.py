"""Curves -> Markdown: one family's plot with its caption, and the results table."""

from __future__ import annotations

from tools.curves.records import FINAL_FRACTION, FamilyCurves


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


def verdict(curves: FamilyCurves) -> str:
    if curves.beats_baseline is None:
        return "no result"
    return "beats it" if curves.beats_baseline else "does not beat it"


def render_plot(curves: FamilyCurves, svg: str) -> str:
    seeds = ", ".join(str(s.seed) for s in curves.seeds)
    knobs = ", ".join(f"`{k}={v}`" for k, v in curves.knobs.items()) or "its defaults"
    caption = (
        f"`{curves.recipe}` trained by `make curves` with {knobs}, seeds {seeds}: mean episode return over "
        f"seeds (line), their min and max (band), and a uniformly random policy on the same environment "
        f"(dashed). Final return {_number(curves.final_mean)} ± {_number(curves.final_std)} against "
        f"{_number(curves.baseline)} for the random policy: it {verdict(curves)} by more than the seeds' spread."
    )
    stale = f'!!! warning "Stale curves"\n    {curves.stale}\n\n' if curves.stale else ""
    # Raw HTML block: Markdown leaves the SVG alone inside the div.
    return f'{stale}<div class="learning-curve" markdown="0">\n{svg.strip()}\n</div>\n\n{caption}\n'


def render_summary(families: list[FamilyCurves]) -> str:
    rows = [
        "| Family | Environment | Final return (mean ± std over seeds) | Random policy | Beats random by more than the spread? | Frames | Wall time per run |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in families:
        wall = "–" if c.wall_seconds is None else f"{c.wall_seconds:.0f} s"
        rows.append(
            f"| {c.label} | {c.environment} | {_number(c.final_mean)} ± {_number(c.final_std)} | "
            f"{_number(c.baseline)} | {verdict(c)} | {c.frames or '–'} | {wall} |"
        )
    note = (
        f"\nRead from the CSV files `make curves` commits under `outputs/curves/` (measured). The final return of "
        f"a run is the mean of its last {FINAL_FRACTION:.0%} of logged iterations in which an episode ended; "
        "\"spread\" is the largest minus the smallest final return over the seeds.\n"
    )
    return "\n".join(rows) + "\n" + note
