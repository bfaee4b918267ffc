"""The zoo covers every loss torchrl offers (a construction or a written reason), and builds fresh objects."""

from __future__ import annotations

import pytest

from tools.torchrl import loss_zoo as zoo
from tools.torchrl import losses as discover


def test_every_loss_has_a_recipe_or_a_reason_and_nothing_else():
    offered = set(discover.loss_classes())
    constructions, reasons = set(zoo.names()), set(zoo.NOT_BUILT)
    assert not constructions & reasons, f"losses both built and marked not built: {sorted(constructions & reasons)}"
    assert offered - constructions - reasons == set(), (
        "losses torchrl offers with no construction in tools/torchrl/loss_zoo/constructions/ nor a reason in zoo.NOT_BUILT"
    )
    assert (constructions | reasons) - offered == set(), (
        "constructions or reasons for names torchrl does not offer as losses"
    )


def test_every_recipe_declares_its_action_space():
    assert set(zoo.ACTION_SPACE) == set(zoo.names())


def test_build_returns_fresh_objects():
    first, second = zoo.build("DQNLoss"), zoo.build("DQNLoss")
    assert first.loss is not second.loss and first.batch is not second.batch
    assert type(first.loss).__name__ == "DQNLoss"


def test_unknown_recipe_names_the_known_ones():
    with pytest.raises(KeyError, match="no construction for 'Nope'"):
        zoo.build("Nope")


def test_stated_action_space_is_checked_against_the_recipes_batch():
    from dataclasses import replace

    from tools.losses.facts.measure import MeasurementError, batch_action_kind, check_construction_action_space

    sac, dqn = zoo.build("SACLoss"), zoo.build("DQNLoss")
    assert (batch_action_kind(sac), batch_action_kind(dqn)) == ("continuous", "discrete")
    check_construction_action_space("SACLoss", sac)  # the stated kind matches
    with pytest.raises(MeasurementError, match=r"ACTION_SPACE says 'discrete'.*holds continuous"):
        check_construction_action_space("SACLoss", replace(sac, action_space="discrete"))
