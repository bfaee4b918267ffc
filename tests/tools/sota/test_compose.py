"""The *_trainer configs composed with Hydra: stored results are fresh, and composing tells failures apart."""

from __future__ import annotations

from tools.sota import compose


def test_stored_compositions_match_the_map_and_the_pins():
    stored = compose.load()
    assert stored is not None, f"{compose.STORED} is missing: run '{compose.REFRESH_COMMAND}'"
    assert stored.key == compose.current_key(), (
        f"{compose.STORED} was composed for another data/sota.json, compose.py or pinned versions: "
        f"run '{compose.REFRESH_COMMAND}'"
    )
    from tools.sota.data import load_map

    expected = {(d.name, c.file) for d in load_map().directories for c in d.trainer_configs}
    assert {(c.directory, c.file) for c in stored.compositions} == expected


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
