"""Recipe records (+ loss, target and output records) -> Markdown.  Pure functions; no MkDocs here.

Recipe pages live in ``docs/recipes/``, so links go one folder up.
"""

from __future__ import annotations

from collections.abc import Mapping

from tools.core import urls
from tools.core.markdown import code, table, text
from tools.core.signatures import show_value
from tools.losses.facts.records import LossRecord
from tools.recipes.facts.records import Call, Recipe
from tools.recipes.facts.sota import COLUMNS, KnobCell, SotaComparison
from tools.recipes.facts.targets import copy_calls, copy_rule
from tools.targets.facts.curated import Cadences
from tools.targets.facts.records import TargetsReference

# Every recipes page (the index, a family's page, the learning curves) sits in recipes/: one link fits them all.
HERE = urls.RECIPES


def _to(page: str, anchor: str = "") -> str:
    return urls.link(HERE, page, anchor)


# How many step() calls the cadence line lists before "...".
SHOWN_CALLS = 4


def _loss_link(name: str) -> str:
    return f"[`{name}`]({_to(urls.loss(name))})"


def _value(recipe: Recipe, written: str) -> str:
    """A keyword argument as written, resolved through the recipe's knobs when it names one."""
    knob = recipe.knob(written)
    return knob.value.replace("_", "") if knob else written


def _updaters(recipe: Recipe) -> list[Call]:
    return [c for c in recipe.calls if c.name in ("SoftUpdate", "HardUpdate")]


def _estimator_text(recipe: Recipe, loss_records: Mapping[str, LossRecord]) -> str:
    if not recipe.estimators:
        defaults = ", ".join(
            f"`{loss_records[n].default_value_estimator}` for `{n}`"
            for n in recipe.losses
            if loss_records[n].default_value_estimator
        )
        how = " through `make_value_estimator`" if recipe.calls_named("make_value_estimator") else ""
        return (
            f"the loss's default{how}: {defaults or 'none'} (introspected) · "
            f"[estimator matrix]({_to(urls.ESTIMATOR_MATRIX)})"
        )
    standalone = [e for e in recipe.estimators if recipe.calls_named(f"{e}.__call__")]
    parts = []
    for name in recipe.estimators:
        how = (
            "standalone, run on each batch before the loss" if name in standalone else "set with `make_value_estimator`"
        )
        parts.append(f"`{name}` ({how})")
    return ", ".join(parts) + f" · [estimator matrix]({_to(urls.ESTIMATOR_MATRIX)})"


def _updater_text(recipe: Recipe) -> str:
    updaters = _updaters(recipe)
    if not updaters:
        return f"none · [target updates]({_to(urls.TARGET_UPDATES)})"
    shown = ", ".join(
        code(f"{c.name}({', '.join(f'{k}={_value(recipe, v)}' for k, v in c.keywords.items())})") for c in updaters
    )
    return f"{shown} · [target updates]({_to(urls.TARGET_UPDATES)})"


# --- the index ---------------------------------------------------------------------------------


def _learned(curves) -> str:
    """A family's learning curve in a few words (its page shows the plot and the whole result)."""
    if curves is None or curves.final_mean is None:
        return "not trained"
    outcome = "beats random" if curves.beats_baseline else "**does not beat random**"
    text_ = f"{curves.final_mean:,.0f} ± {curves.final_std:,.0f} vs {curves.baseline:,.0f}: {outcome}"
    score, spread = curves.normalised
    if score is not None:
        text_ += f"; {score:.0f} ± {spread:.0f} of 100 (data {curves.behaviour[1]:.0f})"
    return text_


def render_index(recipes: list[Recipe], curves_by_recipe: Mapping[str, object]) -> str:
    """``curves_by_recipe``: recipe file -> its family's committed learning curves (``tools.curves``)."""
    rows = []
    for r in recipes:
        losses = "<br>".join(_loss_link(n) for n in r.losses) or "–"
        estimators = ", ".join(code(e) for e in r.estimators) or "loss default"
        updaters = (
            "<br>".join(
                code(f"{c.name}({', '.join(f'{k}={_value(r, v)}' for k, v in c.keywords.items())})")
                for c in _updaters(r)
            )
            or "none"
        )
        environments = ", ".join(code(e) for e in r.environments) or "–"
        learned = f"[{_learned(curves_by_recipe.get(r.source))}]({_to(urls.recipe(r.slug), 'learning-curve')})"
        rows.append(
            (f"[{text(r.family)}]({_to(urls.recipe(r.slug))})", losses, estimators, updaters, environments, learned)
        )
    header = (
        "Family",
        "Losses",
        "Value estimator",
        "Target updater",
        "Environment",
        "Learning curve: final return ± std vs a random policy (3 seeds)",
    )
    note = (
        "Read from each recipe file's source by the build: its imports, its calls and their keyword "
        "arguments, resolved through its knobs. The last column is measured: each family trained over three "
        f"seeds by `make curves` ([all the curves]({_to(urls.LEARNING_CURVES)})); offline families also give their "
        "score between a random policy (0) and a reference policy (100), and the score of the data they learn from."
    )
    return table(header, rows) + "\n\n" + note + "\n"


# --- one recipe page ---------------------------------------------------------------------------


def does_not_learn(curves) -> str:
    """A warning for the top of a recipe page whose family does not beat a random policy, else "".

    Generated from the committed learning curves (``tools.curves``), so it comes and goes with them.
    """
    if curves is None or curves.beats_baseline is not False:
        return ""
    return (
        '!!! warning "This recipe does not beat a random policy"\n'
        f"    Trained over {len(curves.seeds)} seeds by `make curves`, its final return is "
        f"{curves.final_mean:,.1f} ± {curves.final_std:,.1f} against {curves.baseline:,.1f} for a uniformly "
        "random policy: not better by more than the seeds' spread. The wiring below is still what torchrl "
        "expects; the [learning curve](#learning-curve) shows what it does.\n\n"
    )


def _figure(value: float) -> str:
    return f"{value:,.1f}" if abs(value) < 1000 else f"{value:,.0f}"


def measured_result(curves) -> str:
    """The family's learning curve in one cell: final return against a random policy, over how many
    seeds, after how much training, and the verdict; read from the committed runs (``tools.curves``)."""
    if curves is None or curves.final_mean is None:
        return f"not trained yet: `make curves` trains it · [learning curves]({_to(urls.LEARNING_CURVES)})"
    if curves.x == "frames":
        budget = f"after {curves.frames:,} frames"
    else:
        budget = f"after {max(s.x[-1] for s in curves.seeds if s.x):,.0f} optimiser steps"
    verdict = "beats it" if curves.beats_baseline else "**does not beat it**"
    out = (
        f"final return **{_figure(curves.final_mean)}** ± {_figure(curves.final_std)} over "
        f"{len(curves.seeds)} seeds {budget}, against {_figure(curves.baseline)} for a random policy: "
        f"{verdict} by more than the seeds' spread"
    )
    score, spread = curves.normalised
    if score is not None:
        out += f"; {score:.0f} ± {spread:.0f} on a 0 (random) to 100 (reference) scale"
    return out + " · [its learning curve](#learning-curve)"


def render_summary(recipe: Recipe, loss_records: Mapping[str, LossRecord], curves=None) -> str:
    """The recipe at a glance; ``curves``: its family's learning curves (a warning on top when it does not learn)."""
    rows = [
        ("Result (measured)", measured_result(curves)),
        ("Loss", ", ".join(_loss_link(n) for n in recipe.losses)),
        ("Value estimator", _estimator_text(recipe, loss_records)),
        ("Target updater", _updater_text(recipe)),
        ("Environment", ", ".join(code(e) for e in recipe.environments)),
        ("File", f"`{recipe.source}`: `python {recipe.source.rsplit('/', 1)[-1]}` runs it"),
    ]
    knobs = table(
        ("Knob", "Default", "What it sets"),
        [(code(knob.name), code(knob.value), text(knob.comment)) for knob in recipe.knobs],
    ).splitlines()
    contract = (
        f"`train()` takes {', '.join(code(k) for k in recipe.train_defaults)} as keyword arguments "
        "(their defaults are the knobs), prints one line per iteration and returns the rows it printed "
        "as dicts, so another script can import the file and call `train(total_frames=..., seed=...)`."
    )
    folded = "\n".join("    " + line for line in [*knobs, "", contract])
    return (
        does_not_learn(curves)
        + table(("", ""), rows)
        + "\n\nRead from the file's source by the build; the result, from the runs `make curves` committed.\n\n"
        + f'??? abstract "Knobs: {len(recipe.knobs)} module-level constants, and `train()`"\n\n'
        + folded
        + "\n"
    )


def _renames(recipe: Recipe) -> list[str]:
    return [
        f"`{call.receiver}.set_keys` (line {call.line}): "
        + ", ".join(f"`{name}` → {code(value)}" for name, value in call.keywords.items())
        for call in recipe.calls_named("set_keys")
        if call.keywords
    ]


def render_keys(recipe: Recipe) -> str:
    out = []
    renames = _renames(recipe)
    for name in recipe.losses:
        out.append(
            f"**{name}** ({_loss_link(name)}: the same table, with an example for each key). "
            'Entries under `"next"` are read from `("next", <key>)`; `set_keys` takes the names in the first column.'
        )
        out.append("")
        out.append(f"<!-- gen:losses.keys {name} -->")  # the loss page's own table
        out.append("")
    if renames:
        out.append("This recipe renames with `set_keys` (read from its source):\n")
        out.extend(f"- {line}" for line in renames)
    else:
        out.append(
            "This recipe renames nothing: its modules write the default keys. With other names, pass them to "
            "`loss.set_keys(...)` (a tuple for a nested key)."
        )
    return "\n".join(out) + "\n"


def _step_lines(recipe: Recipe, updater: Call) -> list[int]:
    return [c.line for c in recipe.calls if c.name == f"{updater.name}.step"]


def render_targets(recipe: Recipe, reference: TargetsReference, cadences: Cadences) -> str:
    lines = []
    measured = {row.loss: row for row in reference.losses}
    for name in recipe.losses:
        row = measured.get(name)
        if row is None or row.not_built:
            lines.append(f"- `{name}`: target parameters not measured (the loss zoo cannot build it).")
        elif not row.target_groups:
            lines.append(f"- `{name}` keeps no target parameters (measured on the loss zoo): no updater to step.")
        else:
            groups = ", ".join(code(g) for g in row.target_groups)
            flags = ", ".join(code(f"{k}={v}") for k, v in row.delay_flags.items())
            moved = row.moved_by_updater or {}
            lines.append(
                f"- `{name}` keeps {groups}"
                + (f" (switched by {flags})" if flags else "")
                + "; an optimizer step leaves "
                + ("them" if len(row.target_groups) > 1 else "it")
                + (" untouched" if row.moved_without_updater is False else " **changed**")
                + " and `updater.step()` "
                + (
                    "moves " + ("them" if len(moved) > 1 else "it")
                    if moved and all(moved.values())
                    else "does **not** move all of them"
                )
                + " (measured)."
            )
        for reference_cadence in cadences.losses.get(name, []):
            if reference_cadence.updater is None:
                continue
            arguments = ", ".join(f"{k}={v!r}" for k, v in reference_cadence.arguments.items())
            lines.append(
                f"    The reference script `{reference_cadence.script}` builds "
                f"{code(f'{reference_cadence.updater}({arguments})')}: {reference_cadence.cadence}."
            )
    for updater in _updaters(recipe):
        steps = _step_lines(recipe, updater)
        where = "called on line " + ", ".join(str(s) for s in steps) if steps else "**never stepped in this file**"
        arguments = ", ".join(f"{k}={_value(recipe, v)}" for k, v in updater.keywords.items())
        lines.append(
            f"- This recipe builds {code(f'{updater.name}({arguments})')} (line {updater.line}); its `step()` is {where}."
        )
        if updater.name == "HardUpdate":
            written = updater.keywords.get("value_network_update_interval")
            interval = _value(recipe, written) if written else None
            rule = copy_rule(reference)
            if interval is not None and interval.isdigit():
                calls = copy_calls(reference, int(interval), (int(interval) + 1) * (SHOWN_CALLS + 1))
                if calls:
                    shown = ", ".join(str(c) for c in calls[:SHOWN_CALLS])
                    lines.append(
                        f"    With `value_network_update_interval={interval}` it copies the online weights onto the "
                        f"targets on `step()` calls {shown}, ...: {rule or 'from the measurement'}. "
                        f"Count with the [HardUpdate measurement]({_to(urls.TARGET_UPDATES)}#hardupdate)."
                    )
    if not _updaters(recipe) and any(measured.get(n) and measured[n].target_groups for n in recipe.losses):
        raise ValueError(f"{recipe.source} uses a loss that keeps target parameters but builds no updater")
    return "\n".join(lines) + f"\n\nMore on cadences: [Target updates]({_to(urls.TARGET_UPDATES)}).\n"


def _source_link(source) -> str:
    """``source.anchor``: the docs-relative page and anchor of its directory on the SOTA map."""
    return f"[`{source.directory}/{source.file}`]({_to(source.anchor)})"


def _sota_cell(answer: KnobCell | None) -> str:
    """The source's value and key; where it states the knob another way, the converted value and how."""
    if answer is None:
        return "–"
    shown = f"{code(show_value(answer.value))}<br>from `{answer.key}`"
    if not answer.conversion:
        return shown
    where = f" (`{answer.lands_on.replace('.', '` `', 1)}`)" if answer.lands_on else ""
    converted = "not computable" if answer.converted is None else code(show_value(answer.converted))
    return f"{shown}{where}<br>→ {converted} ({text(answer.conversion)})"


ASIDE_REASONS = {
    "multi-agent": "multi-agent",
    "single-agent": "single-agent",
    "no knob": "sets none of these knobs",
    "columns": "past the first {columns} columns",
}


def _not_compared(comparison: SotaComparison) -> list[str]:
    lines = []
    for aside in comparison.also:
        if aside.reason == "other losses":
            why = "also builds " + ", ".join(f"`{n}`" for n in aside.other_losses)
        else:
            why = ASIDE_REASONS[aside.reason].format(columns=COLUMNS)
        lines.append(f"{_source_link(aside.source)} ({aside.source.kind}, {why})")
    return lines


def render_sota(recipe: Recipe, comparison: SotaComparison, commit: str, eps_is_one_minus_tau: bool) -> str:
    """The recipe's knobs beside the values of the SOTA scripts that build its loss (records: tools.recipes.facts.sota)."""
    losses = " or ".join(f"`{n}`" for n in comparison.losses)
    source_note = (
        f"Values read by the [SOTA map]({_to(urls.SOTA)}) from pytorch/rl's `sota-implementations/` at commit "
        f"`{commit[:10]}` (a script's Hydra config; a trainer config's composition, stored by `make sota-compose`). "
        "Which config key answers which knob is curated in `tools/recipes/facts/sota.py`."
    )
    out = []
    for name in comparison.unbuilt:
        if name in comparison.older:
            out.append(
                f"No script or trainer config builds `{name}`; the ones below build `{comparison.older[name]}`, "
                "its older implementation."
            )
        else:
            out.append(f"No script or trainer config of pytorch/rl's `sota-implementations/` builds `{name}`.")
    if not comparison.shown:
        others = _not_compared(comparison)
        if others:
            out.append("Scripts that build " + losses + ", not compared here: " + ", ".join(others) + ".")
        out.append(f"The [SOTA map]({_to(urls.SOTA)}) lists what each directory builds (commit `{commit[:10]}`).")
        return "\n\n".join(out) + "\n"
    header = ("Knob", "This recipe", *(_source_link(s) for s in comparison.shown))
    rows = [
        (
            "Trains on",
            ", ".join(code(e) for e in recipe.environments),
            *(", ".join(code(e) for e in s.environments) or "–" for s in comparison.shown),
        ),
        (
            "Builds",
            ", ".join(f"`{n}`" for n in comparison.losses),
            *(", ".join(f"`{n}`" for n in s.losses) for s in comparison.shown),
        ),
    ]
    if _updaters(recipe) or any(s.updaters for s in comparison.shown):
        # As built: a config value may reach the updater through arithmetic (eps=1 - tau).
        ours = "<br>".join(
            code(f"{c.name}({', '.join(f'{k}={_value(recipe, v)}' for k, v in c.keywords.items())})")
            for c in _updaters(recipe)
        )
        rows.append(
            (
                "Target updater",
                ours or "none",
                *("<br>".join(code(u) for u in s.updaters) or "none" for s in comparison.shown),
            )
        )
    for row in comparison.rows:
        rows.append((f"`{row.knob}`", code(row.value), *(_sota_cell(c) for c in row.cells)))
    out.append(table(header, rows))
    notes = [source_note]
    converted = sorted({c.conversion for row in comparison.rows for c in row.cells if c is not None and c.conversion})
    if converted:
        notes.append(
            "Where a script states a knob another way, its cell shows the value as written, then (→) the value in "
            "this recipe's terms: " + "; ".join(text(name) for name in converted) + "."
        )
    if eps_is_one_minus_tau and (
        any("eps=" in u for s in comparison.shown for u in s.updaters) or any("eps" in name for name in converted)
    ):
        notes.append(
            f"`SoftUpdate`'s `eps` is `1 - tau` (measured: [`SoftUpdate`]({_to(urls.TARGET_UPDATES)}#softupdate))."
        )
    others = _not_compared(comparison)
    if others:
        notes.append("Also building " + losses + ", not compared: " + ", ".join(others) + ".")
    if comparison.unmatched:
        notes.append(
            "Knobs with no counterpart in these configs: " + ", ".join(f"`{k}`" for k in comparison.unmatched) + "."
        )
    out.extend(notes)
    return "\n\n".join(out) + "\n"


def render_links(recipe: Recipe) -> str:
    losses = ", ".join(_loss_link(n) for n in recipe.losses)
    return (
        f"- The loss: {losses}: constructor, every key, what the forward pass returns.\n"
        f"- The [estimator matrix]({_to(urls.ESTIMATOR_MATRIX)}): which estimator each loss accepts, measured; "
        f"the [estimator reference]({_to(urls.ESTIMATOR_REFERENCE)}): the keys each estimator reads and writes.\n"
        f"- [Target updates]({_to(urls.TARGET_UPDATES)}): `SoftUpdate` and `HardUpdate` measured, and the reference scripts' cadences.\n"
        f"- [All recipes]({_to(urls.RECIPES)}).\n"
    )


__all__ = [
    "render_index",
    "render_keys",
    "render_links",
    "render_sota",
    "render_summary",
    "render_targets",
]
