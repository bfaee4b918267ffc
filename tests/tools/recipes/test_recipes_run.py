"""Each training recipe's run under the probe is checked: finite losses, buffers, target updates, rows.

The runs are kept in ``outputs/recipe-probes/`` keyed on the recipe, the probe and the pins
(``tools/outputs/facts/probes.py``; ``make outputs`` refreshes them): a stale report fails
here.  One recipe runs under the probe afresh, so the probe itself is exercised on every run
of the suite and a stored report is shown to be what a run produces.  The generic snippet
runner skips ``snippets/recipes/``.
"""

from __future__ import annotations

import math

import pytest

from tools.core.paths import ROOT
from tools.outputs.facts import probes
from tools.recipes.facts.read import recipe_files
from tools.recipes.facts.targets import copy_calls

RECIPES = recipe_files()
ROW_FIELDS = ("frames", "episode_return", "seconds")


def _loss_problems(report: dict) -> list[str]:
    problems = []
    if not report["losses"]:
        problems.append("no loss module ran a forward pass")
    for loss in report["losses"]:
        if loss["non_finite"]:
            problems.append(f"{loss['class']}: non-finite loss terms {loss['non_finite']}")
        unchanged = [
            g for g, moved in loss["parameter_groups_changed"].items() if not moved and not g.startswith("target_")
        ]
        if unchanged:
            problems.append(f"{loss['class']}: trained parameters unchanged at the end: {unchanged}")
    for collector in report["collectors"]:
        if collector.get("policy_changed") is False:
            problems.append("the policy the collector runs ended the run with its initial parameters")
    return problems


def _buffer_problems(report: dict) -> list[str]:
    problems = []
    for buffer in report["buffers"]:
        capacity = buffer["capacity"]
        expected = min(buffer["written"], capacity) if capacity else buffer["written"]
        if buffer["length"] != expected:
            problems.append(
                f"{buffer['class']} holds {buffer['length']} items after {buffer['written']} were written "
                f"(capacity {capacity}): expected {expected}"
            )
    collected = sum(c["frames"] for c in report["collectors"])
    written = sum(b["written"] for b in report["buffers"])
    if report["buffers"] and report["collectors"] and written != collected:
        problems.append(f"the collectors yielded {collected} frames but {written} were written to replay buffers")
    prioritized = [b for b in report["buffers"] if "Prioritized" in b["sampler"]]
    if prioritized:
        updates = report["priority_updates"]
        if not updates:
            problems.append("prioritized replay: no priority was ever written back")
        elif not sum(u["changed"] for u in updates):
            problems.append(f"prioritized replay: {len(updates)} priority updates changed no priority")
        if not any(loss["read_priority_weight"] for loss in report["losses"]):
            problems.append("prioritized replay: no loss forward saw importance weights (priority_weight)")
    return problems


def _updater_problems(report: dict) -> list[str]:
    from tools.targets.facts import reference

    problems = []
    measured = reference()
    keeping = {row.loss for row in measured.losses if row.target_groups}
    stepped = {u["loss"] for u in report["updaters"]}
    for loss in report["losses"]:
        if loss["class"] in keeping and loss["class"] not in stepped:
            problems.append(f"{loss['class']} keeps target parameters but no updater ever stepped them")
    for updater in report["updaters"]:
        name = f"{updater['class']} on {updater['loss']}"
        if updater["moved_between_calls"]:
            problems.append(f"{name}: targets moved between step() calls {updater['moved_between_calls']} times")
        if updater["class"] == "HardUpdate":
            expected = copy_calls(measured, updater["interval"], updater["calls"])
        else:
            expected = list(range(1, updater["calls"] + 1))
        if expected is None:
            problems.append(f"{name}: the measured HardUpdate records give no rule to check against")
        elif updater["moved_on_call"] != expected:
            problems.append(f"{name}: targets moved on step() calls {updater['moved_on_call']}, expected {expected}")
    return problems


def _row_problems(report: dict) -> list[str]:
    rows = report["rows"]
    if not rows:
        return ["train() returned no rows"]
    problems = []
    for field in ROW_FIELDS:
        if any(field not in row for row in rows):
            problems.append(f"a row returned by train() lacks {field!r}")
    if not all(any(k.startswith("loss") for k in row) for row in rows):
        problems.append("a row returned by train() has no loss term (a key starting with 'loss')")
    frames = [row.get("frames", 0) for row in rows]
    if frames != sorted(frames):
        problems.append(f"frames go down: {frames}")
    losses = [v for row in rows for k, v in row.items() if k.startswith("loss")]
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in losses):
        problems.append("a logged loss term is not a finite number")
    return problems


def _problems(report: dict) -> list[str]:
    return _loss_problems(report) + _buffer_problems(report) + _updater_problems(report) + _row_problems(report)


def _stored_report(path) -> dict:
    stale = probes.staleness(path)
    if stale:
        pytest.fail(stale)
    return probes.load(path).report


@pytest.mark.parametrize("path", RECIPES, ids=[p.stem for p in RECIPES])
def test_recipe_runs_and_is_wired(path):
    problems = _problems(_stored_report(path))
    assert not problems, f"{path.relative_to(ROOT)}:\n- " + "\n- ".join(problems)


def _structure(report: dict) -> dict:
    """A run's report with each row's real numbers replaced by their type: the seconds differ from
    run to run, and returns and losses may differ in their last bits on another CPU (a stored report
    may come from another machine).  Counts, classes, keys and flags stay, and must be the same."""
    rows = [{k: "float" if isinstance(v, float) else v for k, v in row.items()} for row in report["rows"]]
    return {**report, "rows": rows}


def test_a_recipe_run_afresh_under_the_probe_gives_its_stored_report():
    quickest = min(RECIPES, key=lambda path: probes.load(path).seconds if probes.load(path) else math.inf)
    stored = _stored_report(quickest)
    fresh, _seconds = probes.run_probe(quickest)
    assert _structure(fresh) == _structure(stored), f"{quickest.relative_to(ROOT)}: the report changed"
    assert not _problems(fresh)
