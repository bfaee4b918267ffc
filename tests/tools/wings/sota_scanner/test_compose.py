"""Composing *_trainer configs with Hydra (``make sota-compose``) tells compositions and failures apart."""

from __future__ import annotations

from tools.wings.sota_scanner import compose


def test_composing_the_fixture_configs(fixture_map):
    results = {c.file: c for c in compose.compose_all(fixture_map)}
    assert results["config/config.yaml"].composes, results["config/config.yaml"].error
    hyper = {h.key: h.value for h in results["config/variant.yaml"].hyperparameters}
    assert hyper["loss.clip_epsilon"] == 0.1  # the variant's value wins over its parent's 0.3
    broken = results["config/broken.yaml"]
    assert not broken.composes and "no_such_option" in broken.error


def test_the_store_is_shared_only_while_composing():
    from hydra._internal.core_plugins.structured_config_source import StructuredConfigSource

    with compose._shared_config_store():
        assert "__deepcopy__" in StructuredConfigSource.__dict__
    assert "__deepcopy__" not in StructuredConfigSource.__dict__
