"""Introspection of the estimator classes, checked against what a loss really builds."""

from __future__ import annotations

import inspect
import json

import pytest
import torch
from torchrl.objectives import ClipPPOLoss, ValueEstimators

from tools.core.signatures import class_signature
from tools.estimators.facts import fixtures
from tools.estimators.facts.records import decode, encode


def test_one_record_per_member_in_enum_order(estimator_reference):
    assert [r.member for r in estimator_reference.estimators] == [m.name for m in ValueEstimators]
    assert estimator_reference.members == [m.name for m in ValueEstimators]


@pytest.mark.parametrize("member", list(ValueEstimators), ids=lambda m: m.name)
def test_record_names_the_class_a_loss_builds(member, estimator_reference):
    # Independent path: ask a loss that accepts every member to build it.
    layout = fixtures.single_agent()
    loss = ClipPPOLoss(layout.actor_network, layout.value_network)
    loss.make_value_estimator(member)
    record = next(r for r in estimator_reference.estimators if r.member == member.name)
    assert type(loss.value_estimator).__name__ == record.name
    assert type(loss.value_estimator) is getattr(__import__(record.module, fromlist=[record.name]), record.name)


def test_parameters_follow_kwargs_to_the_parent_class():
    from torchrl.objectives.value import GAE, MultiAgentGAE

    parameters = {p.name: p for p in class_signature(MultiAgentGAE).all()}
    assert parameters["agent_dim"].declared_by == "MultiAgentGAE"
    assert parameters["agent_dim"].default == repr(
        inspect.signature(MultiAgentGAE.__init__).parameters["agent_dim"].default
    )
    gae_names = [n for n in inspect.signature(GAE.__init__).parameters if n != "self"]
    assert all(parameters[n].declared_by == "GAE" for n in gae_names)
    assert parameters["gamma"].required and not parameters["time_dim"].required


def test_defaults_are_the_signature_defaults(estimator_reference):
    for record in estimator_reference.estimators:
        cls = getattr(__import__(record.module, fromlist=[record.name]), record.name)
        for parameter in record.parameters:
            owner = next(k for k in cls.__mro__ if k.__name__ == parameter.declared_by)
            declared = inspect.signature(owner.__init__).parameters[parameter.name]
            if parameter.required:
                assert declared.default is inspect.Parameter.empty
            else:
                assert parameter.default == repr(declared.default), (record.name, parameter.name)


def test_registry_defaults_are_what_a_loss_passes(estimator_reference):
    layout = fixtures.single_agent()
    for record in estimator_reference.estimators:
        loss = ClipPPOLoss(layout.actor_network, layout.value_network)
        loss.make_value_estimator(ValueEstimators[record.member])
        built = loss.value_estimator
        for name, value in record.registry_defaults.items():
            actual = getattr(built, name)
            actual = actual.item() if isinstance(actual, torch.Tensor) else actual
            assert actual == pytest.approx(value), (record.name, name)


def test_records_survive_the_disk_cache(estimator_reference):
    assert decode(json.loads(json.dumps(encode(estimator_reference)))) == estimator_reference
