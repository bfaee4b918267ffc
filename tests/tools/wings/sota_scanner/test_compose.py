"""Composing *_trainer configs with Hydra (``make sota-compose``) tells compositions and failures apart."""

from __future__ import annotations

from tools.wings.sota_scanner import compose


def test_composing_the_fixture_configs(fixture_map):
    results = {c.file: c for c in compose.compose_all(fixture_map)}
    assert results["config/config.yaml"].composes, results["config/config.yaml"].error
    hyper = {h.key: h.value for h in results["config/variant.yaml"].hyperparameters}
    assert hyper["loss.clip_epsilon"] == 0.1  # the variant's value wins over its parent's 0.3
    broken = results["config/broken.yaml"]
    assert not broken.composes and "no_such_option" in broken.error and not broken.instantiates


def test_only_what_the_trainer_reaches_is_recorded(fixture_map):
    results = {c.file: c for c in compose.compose_all(fixture_map)}
    spare = results["config/spare.yaml"]
    assert [n.key for n in spare.nodes_at("trainer.loss_module")] == ["loss"]
    assert "spare_loss" not in {n.key for n in spare.instantiates}
    (loss,) = results["config/variant.yaml"].nodes_at("trainer.loss_module")
    assert loss.config == "PPOLossConfig" and loss.values["clip_epsilon"] == "0.1"


def test_a_refused_key_is_dropped_and_the_config_composed_again(fixture_map):
    refused = {c.file: c for c in compose.compose_all(fixture_map)}["config/refused.yaml"]
    assert not refused.composes and refused.dropped == ["loss.no_such_field"]
    assert "no_such_field" in refused.error
    (loss,) = refused.nodes_at("trainer.loss_module")
    assert loss.values["loss_type"] == "'kl'"


def test_the_store_is_shared_only_while_composing():
    from hydra._internal.core_plugins.structured_config_source import StructuredConfigSource

    with compose._shared_config_store():
        assert "__deepcopy__" in StructuredConfigSource.__dict__
    assert "__deepcopy__" not in StructuredConfigSource.__dict__
