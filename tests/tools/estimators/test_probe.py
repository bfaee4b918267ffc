"""A sample of the measured estimator facts, recomputed here with their own code."""

from __future__ import annotations

import pytest
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import ProbabilisticActor
from torchrl.objectives.value import GAE, TD0Estimator, TDLambdaEstimator, VTrace

B, T = 3, 4


def _value_net():
    torch.manual_seed(7)
    return TensorDictModule(torch.nn.Linear(2, 1), in_keys=["x"], out_keys=["state_value"])


def _data(log_prob=False):
    g = torch.Generator().manual_seed(11)
    entries = {
        "x": torch.randn(B, T, 2, generator=g),
        "next": {
            "x": torch.randn(B, T, 2, generator=g),
            "reward": torch.randn(B, T, 1, generator=g),
            "done": torch.zeros(B, T, 1, dtype=torch.bool),
            "terminated": torch.zeros(B, T, 1, dtype=torch.bool),
        },
    }
    if log_prob:
        entries["action_log_prob"] = torch.randn(B, T, generator=g)
    return TensorDict(entries, [B, T])


def _key(record, field):
    return next(k for k in record.keys if k.field == field)


def _probe(record, name):
    return next(p for p in record.shapes if p.name == name)


def test_gae_without_reward_raises_what_the_page_says(estimator_reference):
    data = _data()
    del data["next", "reward"]
    with pytest.raises(Exception) as info:
        GAE(gamma=0.9, lmbda=0.9, value_network=_value_net())(data)
    recorded = _key(estimator_reference.by_name("GAE"), "reward").without
    assert not recorded.ok
    assert recorded.error == f"{type(info.value).__name__}: {str(info.value).splitlines()[0]}"


def test_td0_ignores_a_truncation_as_the_page_says(estimator_reference):
    estimator = TD0Estimator(gamma=0.9, value_network=_value_net())
    plain = estimator(_data())["value_target"]
    truncated = _data()
    truncated["next", "done"][:, 1] = True
    moved = not torch.allclose(estimator(truncated)["value_target"], plain)
    recorded = _key(estimator_reference.by_name("TD0Estimator"), "done").perturbed
    assert recorded.ok and recorded.changed is moved


def test_gae_time_first_without_time_dim_matches_the_page(estimator_reference):
    estimator = GAE(gamma=0.9, lmbda=0.9, value_network=_value_net())
    reference = estimator(_data())["advantage"]
    swapped = estimator(_data().transpose(0, 1).contiguous())["advantage"].transpose(0, 1)
    recorded = _probe(estimator_reference.by_name("GAE"), "time_first").outcome
    assert recorded.ok and recorded.changed is (not torch.allclose(swapped, reference))


def test_td_lambda_with_lmbda_zero_matches_the_page(estimator_reference):
    try:
        TDLambdaEstimator(gamma=0.9, lmbda=0.0, value_network=_value_net())(_data())
    except Exception as exc:
        outcome = (False, f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    else:
        outcome = (True, "")
    recorded = _probe(estimator_reference.by_name("TDLambdaEstimator"), "lmbda_zero").outcome
    assert (recorded.ok, recorded.error) == outcome


def test_vtrace_needs_the_stored_log_prob_as_the_page_says(estimator_reference):
    actor = ProbabilisticActor(
        TensorDictModule(torch.nn.Linear(2, 3), in_keys=["x"], out_keys=["logits"]),
        in_keys=["logits"],
        distribution_class=torch.distributions.Categorical,
        return_log_prob=True,
    )
    estimator = VTrace(gamma=0.9, value_network=_value_net(), actor_network=actor)
    estimator(_data(log_prob=True))  # runs with the log-probabilities
    recorded = _key(estimator_reference.by_name("VTrace"), "sample_log_prob").without
    with pytest.raises(Exception) as info:
        estimator(_data(log_prob=False))
    assert not recorded.ok and recorded.error.startswith(type(info.value).__name__)


def test_forwarding_table_matches_a_fresh_loss(estimator_reference):
    from torchrl.objectives import ClipPPOLoss

    from tools.estimators.facts import fixtures

    layout = fixtures.single_agent()
    loss = ClipPPOLoss(layout.actor_network, layout.value_network)
    loss.set_keys(reward="elsewhere")
    loss.make_value_estimator(GAE(gamma=0.9, lmbda=0.9, value_network=layout.value_network))
    forwarded = loss.value_estimator.tensor_keys.reward == "elsewhere"
    case = next(c for c in estimator_reference.forwarding if "then loss.make_value_estimator(GAE(...))" in c.order)
    assert case.forwarded is forwarded
