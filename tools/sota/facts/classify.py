"""The scanner's vocabulary: which torchrl names are which kind, which config keys matter.

Losses, value estimators, target updaters and trainers are recognised by torchrl's own class lists
(``tools.torchrl``): a name a script imports from ``torchrl.objectives`` is a loss when the class it
imports is a ``LossModule`` subclass (the loss table's list, ``loss_classes()``, plus the subclasses
torchrl defines without exporting them, such as ``REDQLoss_deprecated``), never because it ends in
"Loss".  So the scanner imports the installed torchrl, and a ``torchrl.objectives`` name the installed
torchrl lacks stops the scan (``NotInstalled``) instead of being guessed.  Collectors, replay buffers,
samplers, storages, datasets and environments are still sorted by where torchrl keeps them and how it
names them; the build checks every kind against the installed torchrl's base classes
(``tools.sota.facts.check``), so a name sorted wrongly here fails the build instead of reaching a page.
"""

from __future__ import annotations

import importlib
import re

from tools.core.silence import quiet
from tools.torchrl.estimators import PUBLIC_MODULE as ESTIMATORS_MODULE
from tools.torchrl.losses import loss_classes
from tools.torchrl.trainers import trainer_classes
from tools.torchrl.updaters import updater_classes

# Environments that wrap or batch another one (or are transforms named like one): they say nothing
# about what a script needs installed, so the map leaves them out.
WRAPPER_ENVS = frozenset({"TransformedEnv", "ParallelEnv", "SerialEnv", "NoopResetEnv", "EnvBase"})


class NotInstalled(Exception):
    """A ``torchrl.objectives`` or ``torchrl.trainers`` name the installed torchrl does not have."""


def _installed(module: str, name: str):
    try:
        with quiet():
            return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise NotInstalled(
            f"{module}.{name} is not in the installed torchrl, so the scanner cannot tell what it is "
            "(it sorts torchrl.objectives and torchrl.trainers names by the installed classes); scan with "
            "the torchrl this commit was written for"
        ) from exc


def objectives_kind(obj: object) -> str | None:
    """loss, value_estimator or target_updater for a class torchrl has, by its class lists; else None."""
    from torchrl.objectives import LossModule
    from torchrl.objectives.value import ValueEstimatorBase

    if not isinstance(obj, type):
        return None
    if obj in loss_classes().values() or (issubclass(obj, LossModule) and obj is not LossModule):
        return "loss"
    if obj in updater_classes().values():
        return "target_updater"
    estimators = importlib.import_module(ESTIMATORS_MODULE)
    exported = [getattr(estimators, n) for n in estimators.__all__]
    if obj in exported and issubclass(obj, ValueEstimatorBase) and obj is not ValueEstimatorBase:
        return "value_estimator"
    return None


def kind_of(module: str, name: str) -> str | None:
    """The kind (records.KINDS) of torchrl's ``module.name``, or None when the map does not follow it."""
    if not module.startswith("torchrl") or not name[:1].isupper():
        return None
    if module.startswith("torchrl.objectives"):
        return objectives_kind(_installed(module, name))
    if module.startswith("torchrl.trainers"):
        obj = _installed(module, name)
        return "trainer" if obj in trainer_classes().values() else None
    if module.startswith("torchrl.collectors") and name.endswith("Collector"):
        return "collector"
    if module.startswith("torchrl.data"):
        if name.endswith("ExperienceReplay"):
            return "dataset"
        for suffix, kind in (("ReplayBuffer", "replay_buffer"), ("Sampler", "sampler"), ("Storage", "storage")):
            if name.endswith(suffix):
                return kind
        return None
    if module.startswith("torchrl.envs") and name.endswith("Env") and name not in WRAPPER_ENVS:
        return "env"
    return None


# Config keys (their last part) that decide what the loss computes and how the loop feeds it.
_HYPER_KEYS = re.compile(
    r"""^(
        gamma | lmbda | lambda_? | gae_lambda | clip_epsilon | clip_value | entropy_coef{1,2} | entropy_coeff
      | critic_coef{1,2} | critic_coeff | loss_critic_type | loss_function | normalize_advantage
      | tau | polyak | target_update_polyak | target_update_interval | hard_update(_freq)? | value_network_update_interval
      | alpha_init | fixed_alpha | target_entropy | num_qvalue_nets | num_q_values | num_critics | temperature | expectile
      | min_q_weight | with_lagrange | lagrange_thresh | deterministic_backup | num_random
      | policy_update_delay | policy_noise | noise_clip | utd_ratio | optim_steps_per_batch | num_updates
      | ppo_epochs | num_epochs | epochs | mini_batch_size | minibatch_size | batch_size | gradient_steps
      | total_frames | frames_per_batch | init_random_frames | total_iters | num_iterations | n_iters
      | lr | .*_lr | lr_.* | learning_rate | weight_decay | max_grad_norm | clip_grad_norm | grad_clip
      | size | buffer_size | max_size | prb | alpha | beta
      | eps_init | eps_end | eps_start | annealing_num_steps | anneal_clip_epsilon
      | kl_coef | kl_to_ref_coeff | kl_to_inference_coeff | num_samples | group_size
    )$""",
    re.X,
)


def matters(key: str) -> bool:
    """Is the config key ``a.b.c`` one of the hyperparameters the map shows?"""
    return bool(_HYPER_KEYS.match(key.rsplit(".", 1)[-1]))


def names_device(key: str) -> bool:
    return key.rsplit(".", 1)[-1] in {"device", "collector_device", "storage_device", "env_device", "policy_device"}


def names_environment(key: str) -> bool:
    last = key.rsplit(".", 1)[-1]
    return last in {
        "name",
        "env_name",
        "task",
        "scenario_name",
        "library",
        "backend",
        "dataset",
        "dataset_name",
        "env_task",
    } and (key.startswith(("env", "replay_buffer", "data", "dataset")) or "." not in key)


# --- what a script needs installed besides torchrl -------------------------------------------------

# torchrl classes and the extra each one needs.
ENV_EXTRAS = {
    "GymEnv": "gym/gymnasium",
    "GymWrapper": "gym/gymnasium",
    "DMControlEnv": "dm_control",
    "VmasEnv": "vmas",
    "PettingZooEnv": "pettingzoo",
    "IsaacGymEnv": "isaacgym",
    "IsaacLabEnv": "isaaclab",
    "MeltingpotEnv": "meltingpot",
    "BraxEnv": "brax",
    "JumanjiEnv": "jumanji",
    "HabitatEnv": "habitat",
    "D4RLExperienceReplay": "D4RL",
    "MinariExperienceReplay": "minari",
    "AtariDQNExperienceReplay": "atari (dataset)",
    "OpenXExperienceReplay": "open-x (dataset)",
}

# Top-level imports (or requirement names) and the extra they stand for.
PACKAGE_EXTRAS = {
    "gym": "gym/gymnasium",
    "gymnasium": "gym/gymnasium",
    "mujoco": "mujoco",
    "dm_control": "dm_control",
    "vmas": "vmas",
    "pettingzoo": "pettingzoo",
    "minari": "minari",
    "d4rl": "D4RL",
    "ale_py": "atari",
    "transformers": "language models",
    "vllm": "language models",
    "datasets": "datasets (Hugging Face)",
    "ray": "ray",
    "submitit": "submitit",
    "isaacgym": "isaacgym",
    "libero": "LIBERO",
    "wandb": "wandb",
}

_MUJOCO_TASKS = re.compile(
    r"^(HalfCheetah|Hopper|Walker2d|Ant|Humanoid|HumanoidStandup|Swimmer|Reacher|InvertedPendulum|InvertedDoublePendulum|Pusher)-v\d+$"
)
_ATARI_TASKS = re.compile(r"^(ALE/.+|.+NoFrameskip-v\d+|.+Deterministic-v\d+)$")


def extras_of_env_name(value: str) -> str | None:
    if _MUJOCO_TASKS.match(value):
        return "mujoco"
    if _ATARI_TASKS.match(value):
        return "atari"
    return None
