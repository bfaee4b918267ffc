"""Asking an installed torchrl class whether it still reaches a method or property, and which classes answer alike."""

from __future__ import annotations

from tools.torchrl.attributes import probe


def test_a_method_no_class_of_the_chain_defines_or_mentions_is_missing_for_the_subclasses_too():
    found = probe("torchrl.objectives.ppo", "PPOLoss", "get_entropy_bonus")
    assert found is not None and not found.reached
    assert found.named[0] == "PPOLoss"
    assert {"ClipPPOLoss", "KLPENPPOLoss"} <= set(found.named)


def test_an_inherited_or_defined_name_is_reached():
    # ``cuda`` comes from torch.nn.Module, which no torchrl release's LossModule body defines.
    assert probe("torchrl.objectives.common", "LossModule", "cuda").reached
    assert probe("torchrl.objectives.ppo", "PPOLoss", "forward").reached


def test_a_class_that_cannot_be_imported_says_nothing():
    assert probe("torchrl.objectives.ppo", "NoSuchLoss", "forward") is None
    assert probe("torchrl.no_such_module", "PPOLoss", "forward") is None
