"""make curves on a throwaway project: plan checks, runs, resume, provenance, records, plot, verdict."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap

import pytest

from tools.core.fresh_python import fresh_environment
from tools.core.paths import ROOT
from tools.curves.facts import plan as plan_module
from tools.curves.facts import provenance
from tools.curves.facts.records import MIN_FINAL_EPISODES, FamilyCurves, SeedCurve, family_curves, read_seed
from tools.curves.views.plot import render_svg
from tools.curves.views.render import render_plot, render_summary

# A recipe that follows the contract and "learns" a fake return, fast; its env is real (random baseline).
FAKE_RECIPE = textwrap.dedent("""
    import torch
    from torchrl.envs import GymEnv

    TOTAL_FRAMES = 40
    FRAMES_PER_BATCH = 10
    SEED = 0


    def make_env(seed):
        env = GymEnv("CartPole-v1")
        env.set_seed(seed)
        return env


    def train(total_frames=TOTAL_FRAMES, frames_per_batch=FRAMES_PER_BATCH, seed=SEED):
        torch.manual_seed(seed)
        rows = []
        for i in range(total_frames // frames_per_batch):
            ret = float("nan") if i == 1 else 10.0 * (i + 1) + seed
            rows.append({"frames": (i + 1) * frames_per_batch, "episode_return": ret, "loss": 1.0 / (i + 1), "seconds": 0.01})
            print(f"frames {(i + 1) * frames_per_batch} return {ret}")
        return rows


    if __name__ == "__main__":
        train()
""")


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "snippets" / "recipes").mkdir(parents=True)
    (tmp_path / "snippets" / "recipes" / "fake.py").write_text(FAKE_RECIPE)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "curves.yaml").write_text(
        textwrap.dedent("""
        seeds: [0, 1]
        cpu_budget_seconds: 60
        # Wall clock: only a guard against a hang, far above the CPU budget, so that a busy
        # machine never trips it; the tests assert CPU-budget outcomes, never wall time.
        timeout_seconds: 900
        baseline_episodes: 3
        families:
          fake:
            recipe: snippets/recipes/fake.py
            knobs: {total_frames: 60}
            label: Fake
            environment: CartPole-v1
    """)
    )
    monkeypatch.setenv("CURVES_ROOT", str(tmp_path))
    plan_module._load.cache_clear()
    yield tmp_path
    plan_module._load.cache_clear()


def _run(*args):
    env = fresh_environment(extra={"PYTHONPATH": str(ROOT)})
    return subprocess.run(
        [sys.executable, "-m", "tools.wings.curve_trainer", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_runs_resume_and_become_stale_when_the_recipe_changes(project):
    first = _run("--family", "fake", "--jobs", "2")
    assert first.returncode == 0, first.stdout + first.stderr
    family = plan_module.load().families["fake"]
    data = provenance.read(family)
    assert data["recipe_hash"] == family.recipe_hash() and data["knobs"] == {"total_frames": 60}
    assert data["train_defaults"] == {"total_frames": 40, "frames_per_batch": 10, "seed": 0}
    assert set(data["runs"]) == {"0", "1"} and all(r["status"] == "ok" for r in data["runs"].values())
    assert data["runs"]["0"]["rows"] == 6 and data["runs"]["0"]["baseline"]["episodes"] == 3
    assert data["runs"]["0"]["cpu_seconds"] >= 0 and data["cpu_budget_seconds"] == 60
    assert provenance.staleness(family) is None
    csv_text = (family.results / "seed-1.csv").read_text().splitlines()
    assert csv_text[0] == "frames,episode_return,loss,seconds" and csv_text[2].startswith("20,,")  # NaN -> empty

    again = _run("--family", "fake")
    assert again.returncode == 0 and "every run is current" in again.stdout

    recipe = project / "snippets" / "recipes" / "fake.py"
    recipe.write_text(recipe.read_text() + "\n# edited\n")
    assert "recipe_hash changed" in provenance.staleness(family)
    assert "make curves FAMILY=fake" in provenance.staleness(family)

    curves = family_curves(family, plan_module.load())
    assert [s.seed for s in curves.seeds] == [0, 1]
    assert curves.seeds[1].returns[1] is None and curves.seeds[1].final_return() == 61.0

    # A run that fails is recorded as failed, and the command exits 1.
    recipe.write_text(recipe.read_text().replace("torch.manual_seed(seed)", "raise RuntimeError('diverged')"))
    failed = _run("--family", "fake")
    assert failed.returncode == 1 and "FAILED" in failed.stdout and "diverged" in failed.stdout
    assert provenance.read(family)["runs"]["0"]["status"] == "failed"
    assert "seeds [0, 1] have no current run" in provenance.staleness(family)


def test_a_run_past_its_cpu_budget_is_stopped_and_recorded_as_failed(project):
    recipe = project / "snippets" / "recipes" / "fake.py"
    recipe.write_text(recipe.read_text().replace("torch.manual_seed(seed)", "while True:\n            pass"))
    path = project / "data" / "curves.yaml"
    # Small, to keep the suite quick: the kernel may stop a run in its import of torch or in the loop, alike.
    path.write_text(path.read_text().replace("cpu_budget_seconds: 60", "cpu_budget_seconds: 3"))
    result = _run("--family", "fake", "--jobs", "2")
    assert result.returncode == 1 and "used up its CPU budget of 3 s" in result.stdout
    runs = provenance.read(plan_module.load().families["fake"])["runs"]
    assert [r["status"] for r in runs.values()] == ["failed", "failed"]


def test_bad_input_exits_2_without_traceback(project):
    result = _run("--family", "fak")
    assert result.returncode == 2 and "did you mean fake" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "knobs, message",
    [("{gamma: 0.5}", "does not take"), ("{total_frames: 1}", None)],
)
def test_plan_checks_knobs_against_train(project, knobs, message):
    path = project / "data" / "curves.yaml"
    path.write_text(path.read_text().replace("{total_frames: 60}", knobs))
    plan_module._load.cache_clear()
    if message is None:
        assert plan_module.load().families["fake"].knobs == {"total_frames": 1}
    else:
        with pytest.raises(plan_module.PlanError, match=message):
            plan_module.load()


def test_findings_are_read_whatever_the_verdict_and_other_fields_are_refused(project):
    path = project / "data" / "curves.yaml"
    text = path.read_text()
    path.write_text(text + "    findings: >-\n      A wider critic:\n      no better.\n")
    plan_module._load.cache_clear()
    assert plan_module.load().families["fake"].findings == "A wider critic: no better."
    path.write_text(text + "    notes: a typo\n")
    plan_module._load.cache_clear()
    with pytest.raises(plan_module.PlanError, match="unknown fields"):
        plan_module.load()


def _curves(finals, baseline):
    seeds = [
        SeedCurve(i, [10, 20, 30], [10, 20, 30], [0.0, f / 2, f], [4, 4, 12], 12.0, 6.0, baseline)
        for i, f in enumerate(finals)
    ]
    return FamilyCurves("x", "X", "Env", "snippets/recipes/x.py", {}, "frames", seeds, None)


def _seed(returns, episodes):
    steps = list(range(len(returns)))
    return SeedCurve(0, steps, steps, returns, episodes, 1.0, 1.0, 0.0)


def test_final_return_widens_its_window_until_it_holds_enough_episodes():
    # Fifty rows of one episode each: the last tenth (5 rows) is too few; the window grows to 10 rows.
    returns = [float(i) for i in range(50)]
    seed = _seed(returns, [1] * 50)
    assert seed.final_episodes() == MIN_FINAL_EPISODES
    assert seed.final_return() == sum(range(40, 50)) / 10
    # Rows of many episodes: the last tenth suffices, and each row weighs by its episodes.
    seed = _seed([0.0] * 18 + [10.0, 40.0], [5] * 18 + [2, 8])
    assert seed.final_return() == (10.0 * 2 + 40.0 * 8) / 10 and seed.final_episodes() == 10
    # A row without an episode is skipped; a recipe that logs no counts has no episode figure.
    assert _seed([1.0, None, 3.0], [None, None, None]).final_episodes() is None


def test_verdict_needs_the_mean_above_baseline_by_more_than_the_spread():
    assert _curves([100, 110, 120], 0.0).beats_baseline is True
    assert _curves([10, 60, 110], 0.0).beats_baseline is False  # mean 60 above 0 by less than 100 of spread
    assert _curves([-200, -190, -180], -1200.0).beats_baseline is True


def test_plot_is_an_inline_svg_with_labelled_axes_and_the_summary_reads_the_records():
    curves = _curves([100, 110, 120], 5.0)
    svg = render_svg(curves)
    assert svg.startswith("<svg") and "environment frames collected" in svg and "random policy" in svg
    assert "<metadata" not in svg and 'href="http' not in svg  # nothing to fetch at view time
    page = render_plot(curves, svg)
    assert (
        '<div class="learning-curve" markdown="0" data-search-exclude="true" role="img"' in page and "beats it" in page
    )
    table = render_summary([curves])
    # A figure's inner spaces are non-breaking: a figure never wraps onto two lines.
    row = "| [X](x.md#learning-curve) | Env | 110.0\xa0±\xa08.16 | 5.00 | beats it | – | 30 | 6\xa0s | 12\xa0s |"
    assert row in table
    assert "1 of 1 families beat the random policy" in table


def test_offline_families_plot_against_updates_and_mark_where_online_starts(project):
    path = project / "data" / "curves.yaml"
    path.write_text(path.read_text().replace("environment: CartPole-v1", "environment: CartPole-v1\n    x: updates"))
    plan_module._load.cache_clear()
    family = plan_module.load().families["fake"]
    family.results.mkdir(parents=True)
    (family.results / "seed-0.csv").write_text(
        "phase,frames,updates,episode_return\noffline,100,40,-5\noffline,100,80,-4\nonline,200,104,-2\nonline,300,128,-1\n"
    )
    seed = read_seed(family, 0, {"wall_seconds": 1, "cpu_seconds": 1, "baseline": {"mean": -6}})
    assert seed.x == [40, 80, 104, 128] and seed.frames == [100, 100, 200, 300]
    assert seed.phases == [(40, "offline"), (104, "online")]
    svg = render_svg(FamilyCurves("fake", "Fake", "Env", family.recipe, {}, "updates", [seed], None))
    assert "optimiser steps" in svg and "online from here" in svg and "offline from here" not in svg


def test_a_family_that_does_not_beat_random_must_say_why(monkeypatch):
    import tools.curves.facts as concern

    silent = _curves([10, 60, 110], 0.0)
    monkeypatch.setattr(concern, "committed_curves", lambda: [silent])
    with pytest.raises(concern.UnexplainedFailure, match="x: does not beat the random policy"):
        concern.all_curves()
    explained = dataclasses.replace(silent, note="The seeds diverge after 20k frames.")
    monkeypatch.setattr(concern, "committed_curves", lambda: [explained])
    assert concern.all_curves() == [explained]
    beaten = dataclasses.replace(_curves([100, 110, 120], 0.0), note="It does not learn.")
    monkeypatch.setattr(concern, "committed_curves", lambda: [beaten])
    with pytest.raises(concern.UnexplainedFailure, match="remove its `note`"):
        concern.all_curves()
    page = render_plot(explained, "<svg></svg>")
    assert "does not beat it" in page and "The seeds diverge after 20k frames." in page
