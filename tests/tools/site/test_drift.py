"""A torchrl that changed under the site: generation fails, naming the class, what changed and the file to fix.

torchrl is monkeypatched in place (a new loss exported, a key dropped, a config
field added, an estimator's signature changed); every cache that remembers
the real torchrl is cleared around each case, so the generators see the change.
"""

from __future__ import annotations

import dataclasses

import pytest

from tools.core.cache import clear_memory


@pytest.fixture
def fresh(monkeypatch):
    """No record or discovery cached from the real torchrl, before or after the case."""
    from tools.losses.facts import curated
    from tools.torchrl import losses as discover

    monkeypatch.setenv("DOCS_CACHE", "off")
    caches = [discover.loss_classes, curated.load]
    for cache in caches:
        cache.cache_clear()
    clear_memory()
    yield
    for cache in caches:
        cache.cache_clear()
    clear_memory()


def test_a_new_loss_class_names_itself_and_data_losses_yaml(fresh, monkeypatch):
    import torchrl.objectives as objectives

    from tools.losses.facts.build import compute_records
    from tools.losses.facts.curated import CuratedDataError

    class BrandNewLoss(objectives.LossModule):
        pass

    monkeypatch.setattr(objectives, "BrandNewLoss", BrandNewLoss, raising=False)
    monkeypatch.setattr(objectives, "__all__", [*objectives.__all__, "BrandNewLoss"])
    with pytest.raises(
        CuratedDataError, match=r"BrandNewLoss: torchrl has this loss but data/losses.yaml has no entry"
    ):
        compute_records([], measure_losses=False)


def _without_key(cls: type, name: str) -> type:
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls._AcceptedKeys) if f.name != name]
    return dataclasses.make_dataclass("_AcceptedKeys", fields)


def test_a_dropped_key_names_the_loss_the_key_and_data_losses_yaml(fresh, monkeypatch):
    import torchrl.objectives as objectives

    from tools.losses.facts.build import compute_records
    from tools.losses.facts.curated import CuratedDataError

    # data/losses.yaml refines DQNLoss's "value" key; a DQNLoss without it contradicts the file.
    monkeypatch.setattr(objectives.DQNLoss, "_AcceptedKeys", _without_key(objectives.DQNLoss, "value"))
    with pytest.raises(
        CuratedDataError, match=r"DQNLoss: data/losses.yaml key_overrides.DQNLoss.value is not a key this loss accepts"
    ):
        compute_records(None, measure_losses=False)


def test_a_dropped_key_a_recipe_renames_names_the_loss_and_its_recipe(fresh, monkeypatch):
    import torchrl.objectives as objectives

    from tools.losses.facts.measure import MeasurementError, measure

    monkeypatch.setattr(objectives.DQNLoss, "_AcceptedKeys", _without_key(objectives.DQNLoss, "value"))
    with pytest.raises(
        MeasurementError, match=r"DQNLoss: the construction tools/torchrl/loss_zoo/constructions/DQNLoss.py"
    ):
        measure("DQNLoss")


def test_a_new_required_estimator_argument_names_the_class_and_the_fixtures_file(fresh, monkeypatch):
    from torchrl.objectives.value import GAE

    from tools.estimators.facts.assemble import compute_reference

    original = GAE.__init__

    def changed(self, *, gamma, lmbda, value_network, brand_new_required, **kwargs):
        original(self, gamma=gamma, lmbda=lmbda, value_network=value_network, **kwargs)

    monkeypatch.setattr(GAE, "__init__", changed)
    with pytest.raises(
        RuntimeError,
        match=r"GAE requires the constructor parameter 'brand_new_required'.*tools/estimators/facts/fixtures.py",
    ):
        compute_reference()


def test_a_config_field_the_class_does_not_take_stops_the_build_naming_class_field_and_file(fresh, monkeypatch):
    """The audit classifies the new field, and the review check refuses it until `make parity-accept`."""
    from tools.config_groups import facts as config_groups
    from tools.config_groups.facts import curated, introspect
    from tools.parity.facts import compare, reviewed

    real = introspect.config_dataclasses()
    name = "SoftUpdateConfig"
    widened = dataclasses.make_dataclass(
        name, [("brand_new_field", int, dataclasses.field(default=3))], bases=(real[name],)
    )
    monkeypatch.setattr(introspect, "config_dataclasses", lambda: {**real, name: widened})
    monkeypatch.setattr(compare, "config_dataclasses", lambda: {**real, name: widened})

    rows = compare.audit(config_groups.survey(), curated.load(), {})
    row = next(r for r in rows if r.config == name)
    difference = next(d for d in row.differences if d.field == "brand_new_field")
    assert difference.classification == compare.SUSPICIOUS and "SoftUpdate" in difference.reason
    with pytest.raises(reviewed.ParityDrift) as raised:
        reviewed.check(rows)
    message = str(raised.value)
    assert (
        "new: SoftUpdateConfig.brand_new_field (only in config; class torchrl.objectives.utils.SoftUpdate)" in message
    )
    assert "data/captured/parity-differences.json" in message and "make parity-accept" in message
    assert "data/configs.yaml" in message
