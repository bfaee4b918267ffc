"""The committed curves: one family per recipe, current, small, shown on its page, baselines measured right."""

from __future__ import annotations

import csv
import math
import statistics

import pytest
import torch
from torchrl.envs import GymEnv

from tools.core.paths import DOCS, ROOT
from tools.curves.facts import plan as plan_module
from tools.curves.facts import provenance
from tools.curves.facts.caps import return_cap
from tools.curves.facts.plan import Family
from tools.curves.facts.records import MIN_FINAL_EPISODES, family_curves
from tools.curves.views.plot import PLOT_FILE, REFRESH_COMMAND, plot_path, render_all
from tools.wings.curve_trainer.worker import import_recipe, random_policy_returns

PLAN = plan_module.load()
FAMILIES = list(PLAN.families.values())
RESULTS = ROOT / "outputs" / "curves"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_curves_are_current(family):
    # Fails when the recipe file, its knobs in data/curves.yaml or a pin changed after the
    # curves were made, or a seed has no successful run; the message names the refresh command.
    problem = provenance.staleness(family)
    assert problem is None, problem


def test_every_recipe_file_is_a_family():
    recipes = {p.relative_to(ROOT).as_posix() for p in (ROOT / "snippets" / "recipes").glob("*.py")}
    planned = {f.recipe for f in FAMILIES}
    assert recipes - planned == set(), "recipes without curves: add them to data/curves.yaml"
    assert {f.name for f in FAMILIES} == {f.path.stem for f in FAMILIES}, "a family is named after its recipe file"


def test_committed_results_are_csv_json_and_the_plot_under_2_mb():
    files = [p for p in RESULTS.rglob("*") if p.is_file()]
    assert {p.suffix for p in files} <= {".csv", ".json", ".svg"}, sorted(
        p.name for p in files if p.suffix not in {".csv", ".json", ".svg"}
    )
    assert all(p.name == PLOT_FILE for p in files if p.suffix == ".svg")
    total = sum(p.stat().st_size for p in files)
    assert total < 2_000_000, f"outputs/curves/ holds {total / 1e6:.2f} MB"
    assert {p.name for p in RESULTS.iterdir()} <= {f.name for f in FAMILIES}, "results of a family no longer planned"


def test_each_plot_is_what_the_committed_runs_draw_now():
    # The build shows outputs/curves/<family>/curve.svg as it is: a plot drawn before the runs,
    # data/curves.yaml or the plotting code changed is stale.
    stale = [
        f"outputs/curves/{family}/{PLOT_FILE}"
        for family, svg in render_all([family_curves(f, PLAN) for f in FAMILIES]).items()
        if not plot_path(family).exists() or plot_path(family).read_text(encoding="utf-8") != svg
    ]
    assert not stale, f"stale or missing plots: {', '.join(stale)}; run `{REFRESH_COMMAND}`"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_recipe_page_shows_its_curve_under_a_learning_curve_heading(family):
    page = (DOCS / "recipes" / f"{family.name}.md").read_text()
    heading, marker = "## Learning curve\n", f"<!-- gen:curves.plot {family.name} -->"
    assert heading in page and marker in page.split(heading, 1)[1].split("\n## ", 1)[0]


def test_summary_page_is_linked_from_the_recipes_index():
    assert "<!-- gen:curves.summary -->" in (DOCS / "recipes" / "learning-curves.md").read_text()
    assert "(learning-curves.md)" in (DOCS / "recipes" / "index.md").read_text()


@pytest.mark.parametrize(
    "slug, logged",
    [("ppo", ("next", "episode_reward")), ("ma_clipppo", ("next", "agents", "episode_reward"))],
)
def test_random_baseline_is_the_return_the_recipe_logs(slug, logged):
    # The baseline sums rewards over time; the recipes log RewardSum's running sum where an
    # episode ends, averaged over environments and agents. Same seed, same random actions.
    module = import_recipe(Family(slug, f"snippets/recipes/{slug}.py", {}, "", ""))
    baseline = random_policy_returns(module, seed=3, episodes=2)["mean"]
    torch.manual_seed(3)
    env = module.make_env(3)
    logged_returns = []
    for _ in range(2):
        rollout = env.rollout(max_steps=1000, break_when_any_done=True)
        ended = rollout["next", "done"].squeeze(-1)
        logged_returns.append(rollout[logged][ended].mean().item())
    assert baseline == pytest.approx(sum(logged_returns) / 2, rel=1e-5)


def test_offline_families_learn_from_a_stated_behaviour_policy_and_score_on_a_common_scale():
    """Every family whose runs log a normalised return states its data's policy: in its CSV (the return of
    the behaviour policy, of a random one and of the reference) and in what its recipe prints."""
    import json

    from tools.core.paths import ROOT
    from tools.curves.facts import committed_curves

    offline = [c for c in committed_curves() if c.normalised[0] is not None]
    assert len(offline) >= 7, [c.family for c in offline]
    for c in offline:
        raw, scaled = c.behaviour
        assert raw is not None and scaled is not None, c.family
        for seed in c.seeds:
            assert seed.random_return < seed.reference_return, (c.family, seed.seed)
        printed = json.loads((ROOT / "outputs" / f"{c.recipe}.json").read_text())["stdout"]
        assert "behaviour policy return" in printed, f"{c.recipe} does not print its behaviour policy's return"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_every_final_figure_rests_on_enough_episodes_and_beats_random(family):
    curves = family_curves(family, PLAN)
    assert curves.final_episodes() is not None, f"{family.recipe} logs no `episodes` column"
    assert curves.final_episodes() >= MIN_FINAL_EPISODES, (family.name, curves.final_episodes())
    assert curves.beats_baseline, f"{family.name}: {curves.final_mean} against random {curves.baseline}"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_the_last_twentieth_of_each_run_holds_too(family):
    # A run is judged on its end: the plain mean of each seed's last 5 % of rows with a return, read from
    # the CSV without the records' window rule, beats the random policy by more than the seeds' spread.
    curves = family_curves(family, PLAN)
    ends = []
    for seed in PLAN.seeds:
        with (RESULTS / family.name / f"seed-{seed}.csv").open(newline="") as handle:
            returns = [
                float(r["episode_return"]) for r in csv.DictReader(handle) if r["episode_return"] not in ("", "nan")
            ]
        ends.append(statistics.fmean(returns[-math.ceil(len(returns) * 0.05) :]))
    assert statistics.fmean(ends) - curves.baseline > max(ends) - min(ends), (family.name, ends, curves.baseline)


def test_offline_families_measure_how_much_of_their_data_is_the_reference_policy():
    offline = [c for c in (family_curves(f, PLAN) for f in FAMILIES) if c.normalised[0] is not None]
    for c in offline:
        assert c.reference_agreement is not None and 0.0 <= c.reference_agreement <= 1.0, c.family


def test_cartpole_rewards_one_per_step_up_to_the_cap_the_pages_use():
    env = GymEnv("CartPole-v1")
    env.set_seed(0)
    rollout = env.rollout(max_steps=50)
    assert (rollout["next", "reward"] == 1).all()
    assert return_cap("CartPole-v1") == 500.0
    assert return_cap("Pendulum-v1") is None
