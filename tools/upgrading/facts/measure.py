"""Measure what a changed default does: build each object that uses it with the old and the new value.

Standalone on purpose, like ``snapshot.py``: standard library and torchrl's stack
only, run by its path with the interpreter of the release to measure (the
pinned venv, or the kept venv of an older release), so a step is measured in
its newer release.  Reads on standard input a JSON list of changed defaults,
``{"key": "<section> <object> <field>", "old": "<text>", "new": "<text>"}``
(values as the snapshots show them), and prints one JSON object: for each key
it knows how to build, per class that uses the default, the effective state
after construction (an attribute the constructor resolves) with the old value
and with the new one, or the first line of what the construction raised; and
``probes``: what the constructions whose errors the upgrade notes quote raised
in this release, in full.

A key it does not know how to build is answered with ``{"unmeasured": why}``:
the page then says the classification is read from the defaults.

Multi-process collectors start worker processes when built: the script runs
as ``__main__`` with a guard, so the workers it spawns do not run it again.
"""

from __future__ import annotations

import ast
import json
import sys
import warnings

ENV_NAME = "Pendulum-v1"
FRAMES = 8
# Collector configs -> the class their ``_target_`` builds, and the attribute each field resolves into.
COLLECTOR_CONFIGS = {
    "CollectorConfig": "Collector",
    "MultiSyncCollectorConfig": "MultiSyncCollector",
    "MultiAsyncCollectorConfig": "MultiAsyncCollector",
}
COLLECTOR_ATTRIBUTES = {
    "extend_buffer": "extend_buffer",
    "init_random_frames": "init_random_frames",
    "split_trajs": "split_trajs",
    "trust_policy": "trust_policy",
    "use_buffers": "_use_buffers",
}
PPO_LOSSES = ("PPOLoss", "ClipPPOLoss", "KLPENPPOLoss")
UNMEASURED = "unmeasured"


def _env():
    from torchrl.envs import GymEnv

    return GymEnv(ENV_NAME)


def _actor():
    """A module policy, what a trainer passes (the collectors trust some policy types and not others)."""
    import torch
    from tensordict.nn import TensorDictModule

    return TensorDictModule(torch.nn.Linear(3, 1), in_keys=["observation"], out_keys=["action"])


def _random_policy():
    from torchrl.envs.utils import RandomPolicy

    return RandomPolicy(_env().action_spec)


def _collector(class_name: str, policy, **given):
    import torchrl.collectors as collectors

    cls = getattr(collectors, class_name)
    first = _env if class_name == "Collector" else [_env]
    return cls(first, policy, frames_per_batch=FRAMES, total_frames=2 * FRAMES, **given)


def _shown(value) -> str:
    if isinstance(value, str):
        return repr(value)
    if hasattr(value, "item") and getattr(value, "numel", lambda: 2)() == 1:
        value = value.item()
    return repr(value)


def _state(build, read) -> str:
    """What ``read`` gives on the object ``build`` makes, or what building raised (first line)."""
    try:
        obj = build()
    except Exception as exc:  # a default the release refuses is a finding, not a failure
        return f"raised {type(exc).__name__}: {(str(exc).strip().splitlines() or [''])[0]}"
    try:
        return _shown(read(obj))
    finally:
        shutdown = getattr(obj, "shutdown", None)
        if callable(shutdown):
            shutdown()


def _collector_cases(config: str, field: str):
    attribute = COLLECTOR_ATTRIBUTES.get(field)
    if config not in COLLECTOR_CONFIGS or attribute is None:
        return None
    class_name = COLLECTOR_CONFIGS[config]
    cases = {}
    for policy_name, policy in (("module policy", _actor), ("RandomPolicy", _random_policy)):
        cases[f"{class_name} ({policy_name})"] = (
            lambda value, c=class_name, p=policy: _collector(c, p(), **{field: value}),
            lambda obj: getattr(obj, attribute),
        )
    return cases


def _gae(value):
    import torch
    from tensordict.nn import TensorDictModule
    from torchrl.objectives.value import GAE

    critic = TensorDictModule(torch.nn.Linear(3, 1), in_keys=["observation"], out_keys=["state_value"])
    return GAE(gamma=0.99, lmbda=0.95, value_network=critic, average_gae=value)


def _ppo_loss(class_name: str, **given):
    import torch
    import torchrl.objectives as objectives
    from tensordict.nn import NormalParamExtractor, TensorDictModule
    from torchrl.modules import ProbabilisticActor, TanhNormal

    net = torch.nn.Sequential(torch.nn.Linear(3, 2), NormalParamExtractor())
    actor = ProbabilisticActor(
        TensorDictModule(net, in_keys=["observation"], out_keys=["loc", "scale"]),
        in_keys=["loc", "scale"],
        distribution_class=TanhNormal,
        return_log_prob=True,
    )
    critic = TensorDictModule(torch.nn.Linear(3, 1), in_keys=["observation"], out_keys=["state_value"])
    return getattr(objectives, class_name)(actor, critic, **given)


def _storage(class_name: str, value):
    import torchrl.data as data

    return getattr(data, class_name)(16, device=value)


def _init_tracker(value):
    from torchrl.envs.transforms import InitTracker

    return InitTracker(init_key=value)


def cases(obj: str, field: str):
    """class shown -> (build with a value, read the effective state); None when this script cannot build it."""
    if field.startswith("fields."):
        name = field.removeprefix("fields.")
        found = _collector_cases(obj, name)
        if found is not None:
            return found
        if obj == "GAEConfig" and name == "average_gae":
            return {"GAE": (_gae, lambda gae: gae.average_gae)}
        if obj == "PPOLossConfig" and name in ("normalize_advantage", "critic_coeff"):
            return {
                loss: (lambda value, c=loss: _ppo_loss(c, **{name: value}), lambda o: getattr(o, name))
                for loss in PPO_LOSSES
            }
        if obj in ("LazyTensorStorageConfig", "LazyMemmapStorageConfig") and name == "device":
            storage = obj.removesuffix("Config")
            return {storage: (lambda value, s=storage: _storage(s, value), lambda o: o.device)}
        if obj == "InitTrackerConfig" and name == "init_key":
            return {"InitTracker": (_init_tracker, lambda o: o.init_key)}
    return None


def why_not(section: str, obj: str) -> str:
    """Why a key is not measured, as the page says it."""
    if obj.endswith("EnvConfig"):
        return "its environment's library is not installed where this is measured"
    if section == "trainers":
        return "a trainer needs a collector, a loss and an optimizer: no tiny construction of it here"
    return "no tiny construction of this object here"


def measure(defaults: list[dict]) -> dict:
    found = {}
    for item in defaults:
        section, obj, field = item["key"].split(" ", 2)
        built = cases(obj, field) if section == "configs" else None
        if built is None:
            found[item["key"]] = {UNMEASURED: why_not(section, obj)}
            continue
        old, new = ast.literal_eval(item["old"]), ast.literal_eval(item["new"])
        found[item["key"]] = {
            shown: {"old": _state(lambda b=build, v=old: b(v), read), "new": _state(lambda b=build, v=new: b(v), read)}
            for shown, (build, read) in built.items()
        }
    return found


def _instantiate(config_name: str, **given):
    """Hydra's instantiate on a config, given only the fields this release requires (``???``)."""
    import dataclasses

    from hydra.utils import instantiate
    from torchrl.trainers.algorithms import configs

    config = getattr(configs, config_name)
    fields = {f.name for f in dataclasses.fields(config) if f.default == "???"}
    return instantiate(config(**{k: v() for k, v in given.items() if k in fields}))


def _writer_config():
    from torchrl.trainers.algorithms.configs import RoundRobinWriterConfig

    return [RoundRobinWriterConfig()]


def _storage_configs():
    from torchrl.trainers.algorithms.configs import LazyTensorStorageConfig

    return [LazyTensorStorageConfig(max_size=4)]


# Constructions whose error a note quotes, run in every release measured: what each raised, whole.
PROBES = {
    "instantiate StorageEnsembleWriterConfig": lambda: _instantiate(
        "StorageEnsembleWriterConfig", writers=_writer_config, transforms=list
    ),
    "instantiate StorageEnsembleConfig": lambda: _instantiate(
        "StorageEnsembleConfig", storages=_storage_configs, transforms=list
    ),
}


def probe(build) -> str:
    try:
        build()
    except Exception as exc:
        return f"raised {type(exc).__name__}: {' '.join(str(exc).split())}"
    return "ran"


def versions() -> dict:
    from importlib import metadata

    return {name: metadata.version(name) for name in ("torchrl", "tensordict", "torch")}


def main() -> int:
    defaults = json.loads(sys.stdin.read())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import logging

        logging.getLogger("torchrl").setLevel(logging.WARNING)
        found = measure(defaults)
        probes = {name: probe(build) for name, build in PROBES.items()}
    print(json.dumps({"versions": versions(), "measured": found, "probes": probes}, sort_keys=True, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
