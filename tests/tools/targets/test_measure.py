"""A sample of the measured target-update facts, recomputed here with their own code."""

from __future__ import annotations

import json
import warnings

import pytest
import torch
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, HardUpdate, SoftUpdate

from tools.targets.facts.records import decode, encode
from tools.torchrl import loss_zoo as zoo


def _dqn():
    torch.manual_seed(3)
    q_net = QValueActor(MLP(2, 3, num_cells=[4]), in_keys=["observation"], spec=OneHot(3))
    return DQNLoss(q_net, action_space="one-hot")


def _copied(loss) -> bool:
    online, target = loss.value_network_params, loss.target_value_network_params
    return all(torch.equal(online[k].data, target[k].data) for k in target.keys(True, True))


def _nudge(loss):
    with torch.no_grad():
        for weight in loss.value_network_params.values(True, True):
            weight.add_(0.5)


def test_hard_update_copy_calls_match_the_page(targets_reference):
    for count in targets_reference.hard:
        loss = _dqn()
        updater = HardUpdate(loss, value_network_update_interval=count.interval)
        _nudge(loss)
        calls = []
        for call in range(1, count.calls_tried + 1):
            updater.step()
            if _copied(loss):
                calls.append(call)
                _nudge(loss)
                if len(calls) == 2:
                    break
        assert calls[0] == count.first_copy_call
        assert calls[1] - calls[0] == count.period


def test_eps_from_tau_matches_the_page(targets_reference):
    for tau, eps in targets_reference.soft.eps_from_tau:
        assert SoftUpdate(_dqn(), tau=tau).eps == pytest.approx(eps)


def test_soft_update_fraction_matches_the_page(targets_reference):
    tau = targets_reference.soft.tau
    loss = _dqn()
    updater = SoftUpdate(loss, tau=tau)
    start = loss.target_value_network_params.detach().clone()
    _nudge(loss)  # every online weight is now 0.5 away from its target
    updater.step()
    moved = (loss.target_value_network_params.detach() - start) / 0.5
    fractions = torch.cat([v.reshape(-1) for v in moved.values(True, True)])
    assert torch.allclose(fractions, torch.full_like(fractions, targets_reference.soft.fraction_moved), atol=1e-4)


@pytest.mark.parametrize("name", ["TD3Loss", "SACLoss", "ClipPPOLoss"])
def test_target_groups_match_a_fresh_zoo_loss(name, targets_reference):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loss = zoo.build(name).loss
    groups = [n for n, _ in loss.named_children() if n.startswith("target_")]
    assert targets_reference.loss(name).target_groups == groups


def test_refusal_text_matches_a_fresh_loss(targets_reference):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loss = zoo.build("ClipPPOLoss").loss
    with pytest.raises(RuntimeError) as info:
        SoftUpdate(loss, tau=0.1)
    recorded = targets_reference.loss("ClipPPOLoss").soft_update
    assert recorded.error == f"RuntimeError: {str(info.value).splitlines()[0]}"


def test_every_loss_torchrl_offers_has_a_row(targets_reference):
    from tools.torchrl import losses as discover

    assert {row.loss for row in targets_reference.losses} == set(discover.loss_classes())


def test_records_survive_the_disk_cache(targets_reference):
    assert decode(json.loads(json.dumps(encode(targets_reference)))) == targets_reference


def test_the_no_updater_warning_is_measured_and_building_an_updater_silences_it(targets_reference):
    """Measured on the zoo's DQNLoss by the build; checked again here on another DQNLoss."""
    recorded = targets_reference.no_updater_warning
    assert recorded.per_forward >= 1 and recorded.text.startswith("UserWarning: No target network updater")
    assert recorded.per_forward_after == {"SoftUpdate": 0, "HardUpdate": 0}
    assert recorded.silenced_by.startswith("RL_WARNINGS=0")
    from tensordict import TensorDict

    loss = _dqn()
    batch = TensorDict(
        {
            "observation": torch.randn(4, 2),
            "action": torch.nn.functional.one_hot(torch.randint(3, (4,)), 3),
            ("next", "observation"): torch.randn(4, 2),
            ("next", "reward"): torch.randn(4, 1),
            ("next", "done"): torch.zeros(4, 1, dtype=torch.bool),
            ("next", "terminated"): torch.zeros(4, 1, dtype=torch.bool),
        },
        [4],
    )

    def count() -> int:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loss(batch.clone())
        return sum(f"{w.category.__name__}: {w.message}" == recorded.text for w in caught)

    assert count() == recorded.per_forward
    SoftUpdate(loss, tau=0.1)
    assert count() == 0


def test_the_warning_section_is_placed_on_the_target_updates_page_and_the_contract():
    from tools.core.paths import DOCS
    from tools.targets.views.concern import CONCERN

    section = CONCERN.sections["no_updater_warning"]("")
    assert "No target network updater" in section and "| nothing: no updater built on the loss |" in section
    for page in ("target-updates.md", "losses/contract.md"):
        assert "<!-- gen:targets.no_updater_warning -->" in (DOCS / page).read_text()
