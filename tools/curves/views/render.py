"""Curves -> Markdown: one family's plot with its caption, and the results table."""

from __future__ import annotations

import html
from collections.abc import Callable

from tools.core import urls
from tools.core.markdown import table, text
from tools.curves.facts.records import FINAL_FRACTION, MIN_FINAL_EPISODES, SMOOTHING_FRACTION, FamilyCurves


def _number(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:,.1f}"


def verdict(curves: FamilyCurves) -> str:
    if curves.beats_baseline is None:
        return "no result"
    return "beats it" if curves.beats_baseline else "does not beat it"


def _count(value: int | None) -> str:
    return "–" if value is None else f"{value:,}"


def _minutes(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} min"


def result(curves: FamilyCurves) -> str:
    """The family's result in one line: final return ± spread against random, and the 0-100 score offline."""
    out = (
        f"{_number(curves.final_mean)} ± {_number(curves.final_std)} against {_number(curves.baseline)} "
        f"for a random policy: {verdict(curves)}"
    )
    score, spread = curves.normalised
    if score is not None:
        out += f"; normalised {_number(score)} ± {_number(spread)} (its data: {_number(curves.behaviour[1])})"
    return out


def _percent(share: float | None) -> str:
    return "–" if share is None else f"{share:.0%}"


def _normalised_sentence(curves: FamilyCurves) -> str:
    score, spread = curves.normalised
    if score is None:
        return ""
    raw, scaled = curves.behaviour
    out = (
        f" On the recipe's own scale (0 = a random policy, 100 = its reference policy, both measured by the "
        f"recipe on `make_env(seed + 1)`), the trained policy scores {_number(score)} ± {_number(spread)}; the "
        f"policy that collected its data returns {_number(raw)}, that is {_number(scaled)}."
    )
    if curves.reference_agreement is not None:
        out += (
            f" {_percent(curves.reference_agreement)} of the dataset's actions are the very action the reference "
            "policy takes on the same observation (`reference_agreement` in the CSV, measured by the recipe): that "
            "much of what the trained policy imitates or evaluates is the reference's own behaviour."
        )
    return out + _cap_sentence(curves)


def _cap_sentence(curves: FamilyCurves) -> str:
    """Said where the reference already takes the environment's highest return: 100 is then a ceiling."""
    if not curves.reference_at_cap:
        return ""
    return (
        f" The reference policy returns {_number(curves.reference_return)}, the most an episode of {curves.environment} can "
        "return (one per step up to its step limit): no policy scores above 100 on this scale, so a score of 100 "
        "is that ceiling."
    )


def _final_sentence(curves: FamilyCurves) -> str:
    episodes = curves.final_episodes()
    behind = "" if episodes is None else f", each seed's mean over its last {episodes:,} or more episodes,"
    return (
        f"Final return {_number(curves.final_mean)} ± {_number(curves.final_std)}{behind} against "
        f"{_number(curves.baseline)} for the random policy"
    )


def render_plot(curves: FamilyCurves, svg: str) -> str:
    seeds = ", ".join(str(s.seed) for s in curves.seeds)
    knobs = ", ".join(f"`{k}={v}`" for k, v in curves.knobs.items()) or "its defaults"
    caption = (
        f"`{curves.recipe}` trained by `make curves` with {knobs}, seeds {seeds}: mean episode return over "
        f"seeds (line), their min and max (band), each seed first averaged over a trailing window of "
        f"{SMOOTHING_FRACTION:.0%} of its iterations, and a uniformly random policy on the same environment "
        f"(dashed). {_final_sentence(curves)}: it **{verdict(curves)}** by more than the seeds' "
        f"spread. One run: {_minutes(curves.cpu_seconds)} of CPU time ({_minutes(curves.wall_seconds)} of wall "
        "time on a shared machine)." + _normalised_sentence(curves)
    )
    stale = f'!!! warning "Stale curves"\n    {curves.stale}\n\n' if curves.stale else ""
    note = f'\n!!! note "Why it does not beat the random policy"\n    {curves.note}\n' if curves.note else ""
    if curves.findings:
        note += f'\n??? info "What was measured on the way to this recipe"\n    {curves.findings}\n'
    # Raw HTML block: Markdown leaves the SVG alone inside the div.  Its axis ticks and legend are out of
    # the search index every page load fetches (the caption below says the same in words).
    label = f"Learning curve of {curves.label}: final return {_number(curves.final_mean)}, random policy {_number(curves.baseline)}"
    return (
        f'{stale}<div class="learning-curve" markdown="0" data-search-exclude="true" role="img" aria-label="{html.escape(label)}">\n'
        f"{svg.strip()}\n</div>\n\n{caption}\n{note}"
    )


def _unbroken(cell: str) -> str:
    """A figure that never wraps onto two lines: its spaces made non-breaking."""
    return cell.replace(" ", "\u00a0")


def render_thumbnails(families: list[FamilyCurves], served_path: Callable[[str], str]) -> str:
    """One small plot per family with runs, each linking to the curve on its recipe page.

    ``served_path``: family -> docs-relative path the site serves its committed SVG at.
    """
    items = []
    for c in families:
        if not c.seeds:
            continue
        image = served_path(c.family).removeprefix("recipes/")  # the page sits in recipes/
        alt = f"Learning curve of {c.label}"
        figure = f"{_number(c.final_mean)} vs {_number(c.baseline)} random"
        items.append(
            f"- [![{alt}]({image}){{ loading=lazy }}<br>**{text(c.label)}**<br>{_unbroken(figure)}]"
            f"({urls.link(urls.LEARNING_CURVES, urls.recipe(c.family), 'learning-curve')})"
        )
    return (
        '<div class="curve-thumbnails" markdown>\n\n'
        + "\n".join(items)
        + "\n\n</div>\n\nEach plot is the one its recipe page shows under *Learning curve* (click to open it): "
        "mean episode return over seeds against the frames collected (or the optimiser steps, offline), the "
        "seeds' band, and a random policy dashed; below it, the final return against the random policy's.\n"
    )


def render_summary(families: list[FamilyCurves]) -> str:
    header = (
        "Family",
        "Environment",
        "Final return (mean ± std)",
        "Random policy",
        "Beats random?",
        "Normalised (offline)",
        "Frames",
        "CPU per run",
        "Wall per run",
    )
    rows = []
    for c in families:
        score, spread = c.normalised
        normalised = (
            "–"
            if score is None
            else f"{_unbroken(f'{_number(score)} ± {_number(spread)}')} (data: {_number(c.behaviour[1])})"
        )
        # Each family's plot sits under the "Learning curve" heading of its recipe page.
        rows.append(
            (
                f"[{c.label}]({urls.link(urls.LEARNING_CURVES, urls.recipe(c.family), 'learning-curve')})",
                c.environment,
                _unbroken(f"{_number(c.final_mean)} ± {_number(c.final_std)}"),
                _number(c.baseline),
                verdict(c) if c.beats_baseline is not False else f"**{verdict(c)}**",
                normalised,
                _count(c.frames),
                _unbroken(_minutes(c.cpu_seconds)),
                _unbroken(_minutes(c.wall_seconds)),
            )
        )
    runs = [s for c in families for s in c.seeds]
    cpu = sum(s.cpu_seconds for s in runs)
    wall = sum(s.wall_seconds for s in runs)
    beating = sum(c.beats_baseline is True for c in families)
    note = (
        f"\n{beating} of {len(families)} families beat the random policy by more than their seeds' spread "
        "(*Beats random?*). Final returns are the mean ± standard deviation over the seeds; *Normalised* is the "
        "offline families' score between a random policy (0) and a reference policy (100). "
        f"Read from the CSV files `make curves` commits under `outputs/curves/` (measured). The final return of "
        f"a run is the mean of its last {FINAL_FRACTION:.0%} of logged iterations in which an episode ended, or "
        f"of as many more of them as it takes to hold {MIN_FINAL_EPISODES} episodes, each iteration weighted by "
        "the episodes behind it; "
        '"spread" is the largest minus the smallest final return over the seeds. '
        f"The {len(runs)} runs took {cpu / 60:.0f} minutes of CPU time in all (one thread each: about "
        f"{cpu / 120:.0f} minutes with `make curves JOBS=2` on an idle 2-core machine) and {wall / 60:.0f} minutes "
        "of wall time summed over the runs, on the shared machine that made them. The offline recipes "
        "collect their own data with a stated behaviour policy and score the trained policy between a random "
        'policy (0) and a reference policy (100), both measured by the recipe; "data" is the behaviour '
        "policy's own score.\n"
    )
    return table(header, rows) + "\n" + note + _offline_data(families)


def _offline_data(families: list[FamilyCurves]) -> str:
    """How much of each offline family's data is its reference policy's own behaviour, and where 100 is a ceiling."""
    lines = [
        f"- **{text(c.label)}**: {_percent(c.reference_agreement)} of its dataset's actions are the reference "
        "policy's own."
        + (" Its reference takes the environment's highest return: 100 is a ceiling." if c.reference_at_cap else "")
        for c in families
        if c.reference_agreement is not None
    ]
    if not lines:
        return ""
    return (
        "\nThe reference policy is the one the offline data is measured against, and some of the data is its "
        "behaviour: the share of each dataset's actions that equal the reference's own action on the same "
        "observation, averaged over seeds (measured by the recipe):\n\n" + "\n".join(lines) + "\n"
    )
