"""Recipe renderers on the real recipe records, and on made-up target measurements."""

from __future__ import annotations

from tools.core import registry
from tools.recipes.facts import recipes
from tools.recipes.facts.records import Call, Knob, Recipe
from tools.recipes.facts.targets import copy_calls
from tools.recipes.views.concern import CONCERN
from tools.recipes.views.render import render_index, render_targets
from tools.targets.facts.curated import Cadences
from tools.targets.facts.records import HardCount, LossTargets, TargetsReference


def _reference(counts: list[HardCount]) -> TargetsReference:
    row = LossTargets(
        loss="DQNLoss",
        target_groups=["target_value_network_params"],
        delay_flags={"delay_value": "True"},
        moved_without_updater=False,
        moved_by_updater={"target_value_network_params": True},
    )
    return TargetsReference(updaters=[], soft=None, hard=counts, hard_loss="DQNLoss", losses=[row])


def _recipe(interval: str) -> Recipe:
    return Recipe(
        slug="dqn",
        family="DQN",
        source="snippets/recipes/dqn.py",
        title="t",
        losses=["DQNLoss"],
        estimators=[],
        environments=["CartPole-v1"],
        knobs=[Knob("TARGET_INTERVAL", interval, "")],
        calls=[
            Call("HardUpdate", 10, 10, {"value_network_update_interval": "TARGET_INTERVAL"}, ["loss"]),
            Call("HardUpdate.step", 20, 20),
        ],
        train_defaults={},
    )


def test_copy_calls_follow_the_measured_rule_not_the_interval():
    plus_one = _reference([HardCount(1, 2, 2, 10), HardCount(3, 4, 4, 20)])
    assert copy_calls(plus_one, 10, 40) == [11, 22, 33]
    assert copy_calls(plus_one, 3, 12) == [4, 8, 12]
    exact = _reference([HardCount(1, 1, 1, 10), HardCount(3, 3, 3, 20)])
    assert copy_calls(exact, 3, 9) == [3, 6, 9]  # measured for this interval
    assert copy_calls(exact, 10, 40) is None  # no common "+1" rule to extend to 10


def test_targets_section_resolves_the_knob_and_states_the_copy_calls():
    page = render_targets(_recipe("10"), _reference([HardCount(1, 2, 2, 10)]), Cadences("pytorch/rl", "abc"))
    assert "HardUpdate(value_network_update_interval=10)" in page
    assert "`step()` calls 11, 22, 33, 44" in page
    assert "line 20" in page


def test_a_loss_with_targets_and_no_updater_fails_the_render():
    recipe = _recipe("10")
    bare = Recipe(**{**recipe.__dict__, "calls": []})
    try:
        render_targets(bare, _reference([HardCount(1, 2, 2, 10)]), Cadences("pytorch/rl", "abc"))
    except ValueError as error:
        assert "builds no updater" in str(error)
    else:
        raise AssertionError("a recipe whose loss keeps targets but builds no updater rendered")


def test_index_links_each_family_and_its_losses_from_docs_recipes():
    table = render_index(recipes(), {})
    for r in recipes():
        assert f"]({r.slug}.md)" in table
        for loss in r.losses:
            assert f"](../losses/{loss}.md)" in table


def test_loss_pages_link_their_recipes():
    first = recipes()[0]
    loss = first.losses[0]
    assert (f"Recipe: {first.family}", f"recipes/{first.slug}.md") in CONCERN.links("loss", loss)
    # The loss page lists what every concern links under "Recipes and SOTA implementations".
    assert (f"Recipe: {first.family}", f"recipes/{first.slug}.md") in registry.links("loss", loss)
