"""The parity rows cover every config dataclass whose target class exists in torchrl, both ways.

The expected set is recomputed here from torchrl directly (the dataclasses the
configs module exports or stores in Hydra's ConfigStore, their `_target_`, the
class it is or returns), not from the site's records. (Some configs, such as
SoftUpdateConfig, are stored but missing from the module's ``__all__``.)
"""

from __future__ import annotations

import dataclasses
import inspect
import typing

from tools.config_groups.facts import curated
from tools.config_groups.facts.introspect import import_object
from tools.parity import facts as parity


def _config_dataclasses() -> dict[str, type]:
    import torchrl.trainers.algorithms.configs as configs
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    found = {n: getattr(configs, n) for n in configs.__all__ if dataclasses.is_dataclass(getattr(configs, n))}

    def walk(tree):
        for node in tree.values():
            if isinstance(node, dict):
                walk(node)
            elif node.provider != "hydra" and OmegaConf.get_type(node.node) is not None:
                cls = OmegaConf.get_type(node.node)
                found.setdefault(cls.__name__, cls)

    walk(ConfigStore.instance().repo)
    return found


def _torchrl_targets() -> dict[str, str]:
    factory_targets = curated.load().factory_targets
    found = {}
    for name, cls in _config_dataclasses().items():
        if not dataclasses.is_dataclass(cls):
            continue
        target = {f.name: f.default for f in dataclasses.fields(cls)}.get("_target_")
        if not isinstance(target, str):
            continue
        try:
            obj = import_object(target)
        except (ImportError, AttributeError):
            continue  # a target that does not exist builds no class
        if not inspect.isclass(obj):
            obj = typing.get_type_hints(obj).get("return") or import_object(factory_targets[target])
        if obj.__module__.startswith("torchrl."):
            found[name] = f"{obj.__module__}.{obj.__qualname__}"
    return found


def test_rows_cover_every_config_with_a_torchrl_target_both_ways():
    expected = _torchrl_targets()
    all_rows = [r for r in parity.rows() if r.package == "torchrl"]
    # Base configs without a `_target_` are paired with the class of their name (OnPolicyTrainerConfig).
    paired = {r.config for r in all_rows if "without `_target_`" in r.via}
    assert all(r.target.endswith("." + r.config.removesuffix("Config")) for r in all_rows if r.config in paired)
    rows = {r.config: r.target for r in all_rows if r.config not in paired}
    assert set(rows) - set(expected) == set(), "rows for configs that build no torchrl class"
    assert set(expected) - set(rows) == set(), "configs building a torchrl class without a row"
    # A factory config is compared with the class its defaults build (measured), where that differs.
    measured = {r.config: r.factory.default_class for r in all_rows if r.factory is not None}
    for config, target in rows.items():
        if config in measured and not expected[config].endswith("." + measured[config]):
            assert target.endswith("." + measured[config]), config
        else:
            assert target == expected[config], config


def test_every_difference_is_classified_with_a_reason():
    for row in parity.rows():
        for d in row.differences:
            assert d.classification in {"by design", "suspicious"} and d.reason, (row.config, d)


def test_inventory_rows_carry_the_required_keys():
    from tools.parity.views.render import inventory

    required = {"config", "target", "only_in_config", "only_in_class", "default_mismatch", "classification"}
    assert all(required <= set(row) for row in inventory(parity.rows()))
