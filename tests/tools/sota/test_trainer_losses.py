"""The SOTA map's loss column for every ``*_trainer`` directory equals what composing each of its trainer
configs with Hydra and instantiating the loss its ``trainer`` node reaches builds.

Independent of the map's own path (stored compositions mapped through the config survey): here each config
is composed again and its ``trainer.loss_module`` node is instantiated with Hydra, given the tiny networks
of the loss zoo's construction of the class the map names (the networks only; the class built is whatever
the config's target makes of them).  The node's ``*_key`` fields are left at their defaults: they name the
entries the networks write (a multi-agent config's ``("agents", ...)`` keys), which the zoo's networks do not,
and no factory chooses a class by them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import tempfile
from pathlib import Path

import pytest

from tools.sota.facts import checked, sota_map, summaries
from tools.sota.facts.summary import TRAINER_SUFFIX
from tools.torchrl import loss_zoo
from tools.wings.sota_scanner import compose

LOSS_PATH = "trainer.loss_module"


def _instantiate_loss(node, claimed: str) -> str:
    """The class name instantiating the composed loss node builds, with the claimed class's tiny networks."""
    from hydra.utils import instantiate
    from omegaconf import OmegaConf

    dataclass_type = OmegaConf.get_type(node)
    assert dataclasses.is_dataclass(dataclass_type), f"{node._get_full_key(None)} is not a config dataclass"
    raw = OmegaConf.to_container(node, resolve=False)
    plain = {
        k: v
        for k, v in raw.items()
        if not k.startswith("_")
        and not k.endswith("_key")
        and not isinstance(v, dict)
        and not (isinstance(v, str) and "${" in v)
        and v != "???"
    }
    cfg = OmegaConf.merge(OmegaConf.structured(dataclass_type), plain)
    names = {f.name for f in dataclasses.fields(dataclass_type)}
    networks = {k: v for k, v in loss_zoo.bound_call(loss_zoo.build(claimed)).arguments.items() if k in names}
    constructed: list[str] = []
    with _constructing(constructed):
        try:
            return type(instantiate(cfg, _partial_=True)(**networks)).__name__
        except Exception:
            # The factory built the loss, then failed on what the tiny networks lack (a value estimator
            # checking the config's value key against their out_keys): the class is still known.
            if constructed:
                return constructed[0]
            raise


@contextlib.contextmanager
def _constructing(found: list[str]):
    """Record the class of every loss constructed (LossModule.__init__, which every loss calls)."""
    from torchrl.objectives import LossModule

    original = LossModule.__init__

    def init(self, *args, **kwargs):
        found.append(type(self).__name__)
        original(self, *args, **kwargs)

    LossModule.__init__ = init
    try:
        yield
    finally:
        LossModule.__init__ = original


@pytest.fixture(scope="module")
def instantiated() -> dict[str, dict[str, str]]:
    """directory -> config file -> the loss class its trainer's loss node builds."""
    from tools.core.silence import quiet

    with quiet():
        import torchrl.trainers.algorithms.configs  # noqa: F401  registers the config groups

    by_config = {(t.directory, t.file): t for t in checked().trainer_configs}
    out: dict[str, dict[str, str]] = {}
    with compose._shared_config_store(), tempfile.TemporaryDirectory() as tmp:
        for directory in sota_map().directories:
            if not directory.name.endswith(TRAINER_SUFFIX):
                continue
            for config in directory.trainer_configs:
                composed, error, dropped = compose.compose_config(directory, config, Path(tmp))
                assert composed is not None, f"{directory.name}/{config.file} does not compose: {error}"
                node = composed
                for part in LOSS_PATH.split("."):
                    node = node[part]
                loss_key = node._get_full_key(None)
                assert not [k for k in dropped if k.startswith(loss_key + ".")], (
                    f"{directory.name}/{config.file}: a key of its loss node was dropped to compose it: {dropped}"
                )
                claimed = by_config[(directory.name, config.file)].kinds.get("loss", [])
                assert len(claimed) == 1, f"{directory.name}/{config.file}: the map names {claimed}"
                with quiet():
                    out.setdefault(directory.name, {})[config.file] = _instantiate_loss(node, claimed[0])
    return out


def test_every_trainer_directory_was_instantiated(instantiated):
    expected = {d.name for d in sota_map().directories if d.name.endswith(TRAINER_SUFFIX) and d.trainer_configs}
    assert set(instantiated) == expected and len(expected) >= 10


def test_the_map_names_per_config_what_the_trainer_instantiates(instantiated):

    for t in checked().trainer_configs:
        if t.directory in instantiated:
            assert t.kinds.get("loss") == [instantiated[t.directory][t.file]], f"{t.directory}/{t.file}"


def test_the_map_loss_column_equals_what_instantiating_builds(instantiated):
    found = {s.directory.name: s for s in summaries()}
    for directory, configs in instantiated.items():
        built = set(configs.values())
        scripts = {n for x in found[directory].scripts for n in x.losses}
        assert set(found[directory].losses) == built | scripts, directory


def test_ppo_trainer_and_the_multiagent_ppo_configs_build_the_clipped_loss(instantiated):
    """The issue's cases: `loss/ppo` builds ClipPPOLoss (its factory's loss_type="clip"), and IQL extends QMIX's
    YAML yet its trainer builds a DQNLoss only."""
    assert instantiated["ppo_trainer"]["config/config.yaml"] == "ClipPPOLoss"
    assert instantiated["multiagent_trainer"]["config/mappo.yaml"] == "ClipPPOLoss"
    assert instantiated["multiagent_trainer"]["config/ippo.yaml"] == "ClipPPOLoss"
    assert instantiated["multiagent_trainer"]["config/iql.yaml"] == "DQNLoss"
