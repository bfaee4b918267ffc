"""Recipes that sum a loss's terms into one optimiser rely on each term training one parameter group.

Then one optimiser over the sum equals one optimiser per group (actor, critic,
temperature...), the usual layout of the reference scripts.

Measured here on the loss zoo's tiny constructions (tools/torchrl/loss_zoo/constructions/), for
each loss a recipe sums that way: its page says so, and this test keeps it true.
"""

from __future__ import annotations

import pytest

from tools.torchrl import loss_zoo as zoo

# Loss -> the recipe that sums its terms into one optimiser.
SUMMED = {
    "SACLoss": "sac",
    "TD3Loss": "td3",
    "DDPGLoss": "ddpg",
    "DiscreteSACLoss": "discrete_sac",
    "REDQLoss": "redq",
    "TQCLoss": "tqc",
    "CrossQLoss": "crossq",
    "IQLLoss": "iql",
    "CQLLoss": "cql",
    "DiscreteCQLLoss": "discrete_cql",
    "TD3BCLoss": "td3_bc",
}


def _groups_reached(case, term: str) -> set[str]:
    case.loss.zero_grad()
    case.loss(case.batch.clone())[term].backward()
    return {
        name.split(".")[0]
        for name, parameter in case.loss.named_parameters()
        if parameter.grad is not None and parameter.grad.abs().sum() > 0
    }


@pytest.mark.parametrize("loss", sorted(SUMMED))
def test_each_term_reaches_only_its_own_parameters(loss):
    case = zoo.build(loss)
    terms = [k for k in case.loss(case.batch.clone()).keys() if isinstance(k, str) and k.startswith("loss_")]
    reached = {term: _groups_reached(zoo.build(loss), term) for term in terms}
    assert all(reached.values()), f"{loss}: a term trains nothing: {reached}"
    several = {term: groups for term, groups in reached.items() if len(groups) > 1}
    assert not several, f"{loss}: terms reaching several parameter groups {several}; recipe {SUMMED[loss]} sums them"
