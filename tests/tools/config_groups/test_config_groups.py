"""The config-group records equal Hydra's ConfigStore after importing torchrl's configs, both ways."""

from __future__ import annotations

import dataclasses

import pytest

from tools.config_groups import facts as config_groups
from tools.config_groups.facts import curated, introspect


def _live_store() -> set[tuple[str, str, str]]:
    import torchrl.trainers.algorithms.configs  # noqa: F401
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    found = set()

    def walk(tree, group):
        for key, node in tree.items():
            if isinstance(node, dict):
                walk(node, f"{group}/{key}" if group else key)
            elif node.provider != "hydra" and group:
                found.add((group, key.removesuffix(".yaml"), OmegaConf.get_type(node.node).__name__))

    walk(ConfigStore.instance().repo, "")
    return found


def test_groups_equal_the_config_store():
    survey = config_groups.survey()
    recorded = {(g.name, e.name, e.config) for g in survey.groups for e in g.entries}
    assert recorded == _live_store()


def test_every_exported_config_dataclass_has_a_record():
    import torchrl.trainers.algorithms.configs as configs

    exported = {n for n in configs.__all__ if dataclasses.is_dataclass(getattr(configs, n))}
    assert exported <= {c.name for c in config_groups.survey().classes}


def test_resolved_classes_import_and_are_classes():
    import inspect

    for config in config_groups.survey().classes:
        if config.resolved:
            assert inspect.isclass(introspect.import_object(config.resolved)), config.name
        if config.target_kind == "missing":
            with pytest.raises((ImportError, AttributeError)):
                introspect.import_object(config.target)


def test_an_unannotated_factory_must_be_curated():
    bare = curated.CuratedConfigs(factory_targets={}, call_time_parameters={})
    target = next(iter(curated.load().factory_targets))
    with pytest.raises(curated.CuratedDataError, match="has no return annotation"):
        introspect.resolve_target(target, bare)


def test_missing_target_is_recorded_not_raised():
    kind, resolved, _, error = introspect.resolve_target("torch.optim.NoSuchOptimizer", curated.load())
    assert (kind, resolved) == ("missing", "") and "NoSuchOptimizer" in error


def test_a_loss_factory_records_the_class_instantiating_it_builds():
    """`_make_ppo_loss` is annotated `-> PPOLoss`; with its defaults (`loss_type="clip"`) it builds ClipPPOLoss.
    The survey is the one record of what a config builds: measured, with the annotation kept beside it."""
    survey = config_groups.survey()
    ppo = survey.by_key("loss/ppo")
    assert ppo.resolved_name == "ClipPPOLoss" and ppo.annotated.endswith(".PPOLoss")
    assert ppo.resolved_how.startswith("measured")
    assert survey.builds("loss/ppo") == ppo.resolved
    assert survey.builds("loss/ppo", {"loss_type": "'kl'"}).endswith(".KLPENPPOLoss")
    with pytest.raises(ValueError, match="no instantiation measured"):
        survey.builds("loss/ppo", {"loss_type": "'nothing'"})
    # Every loss factory was instantiated, and its config reports what its defaults built.
    for factory in survey.factories:
        config = survey.config(factory.config)
        assert factory.default_class == config.resolved_name, factory.config


def test_the_measured_class_is_what_hydra_instantiates():
    """Independent of the survey: instantiate the PPO loss config with Hydra and tiny networks."""
    from hydra.utils import instantiate
    from omegaconf import OmegaConf

    from tools.torchrl import loss_zoo

    dataclass_type = introspect.config_dataclasses()["PPOLossConfig"]
    case = loss_zoo.build("PPOLoss")
    arguments = loss_zoo.bound_call(case).arguments
    names = {f.name for f in dataclasses.fields(dataclass_type)}
    loss = instantiate(OmegaConf.structured(dataclass_type()), _partial_=True)(
        **{k: v for k, v in arguments.items() if k in names}
    )
    assert type(loss).__name__ == config_groups.survey().by_key("PPOLossConfig").resolved_name
