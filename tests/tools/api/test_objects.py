"""Which methods each API section renders: its own, and links to the ones it inherits."""

from __future__ import annotations

import importlib

from tools.api.facts import objects
from tools.api.views import render


def _cls(obj: objects.ApiObject) -> type:
    module, name = obj.canonical.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def test_a_section_renders_only_the_methods_its_class_defines():
    for obj in objects.documented().values():
        cls = _cls(obj)
        assert all(name in vars(cls) for name in obj.members), obj.name


def test_each_inherited_method_links_to_the_documented_class_that_defines_it():
    documented = objects.documented()
    rendered = {f"{obj.identifier}.{member}" for obj in documented.values() for member in obj.members}
    by_identifier = {obj.identifier: _cls(obj) for obj in documented.values()}
    for obj in documented.values():
        cls = _cls(obj)
        for method, identifier in obj.inherited:
            assert identifier in rendered, f"{obj.name}.{method} links to {identifier}, which no section renders"
            definer = by_identifier[identifier.rsplit(".", 1)[0]]
            assert getattr(cls, method) is vars(definer)[method], f"{obj.name}.{method} is not {identifier}"


def test_the_bases_the_kinds_inherit_from_are_documented_once():
    documented = objects.documented()
    bases = {obj.name for obj in documented.values() if obj.base}
    assert {"LossModule", "ValueEstimatorBase", "TargetNetUpdater"} <= bases
    assert "set_keys" in documented["LossModule"].members
    # Trainer is documented as a trainer already: its subclasses link to it, no base section is added.
    assert "Trainer" not in bases
    assert dict(documented["PPOTrainer"].inherited)["register_op"] == "torchrl.trainers.Trainer.register_op"
    assert documented["PPOTrainer"].members == ()


def test_links_to_inherited_methods_follow_the_block():
    obj = objects.documented()["ClipPPOLoss"]
    block = render.api_block(obj)
    assert "set_keys" not in block.split("\n\n")[0]  # not in the ::: block's members
    assert "[`LossModule.set_keys`][torchrl.objectives.LossModule.set_keys]" in block
    assert "[`PPOLoss.make_value_estimator`][torchrl.objectives.PPOLoss.make_value_estimator]" in block


def test_a_subclass_path_of_an_inherited_method_links_to_its_definition():
    targets = objects.link_targets()
    assert targets["ClipPPOLoss.set_keys"] == "torchrl.objectives.LossModule.set_keys"
    assert (
        targets["torchrl.objectives.ppo.ClipPPOLoss.make_value_estimator"]
        == "torchrl.objectives.PPOLoss.make_value_estimator"
    )
