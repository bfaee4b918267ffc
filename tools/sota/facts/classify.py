"""The scanner's vocabulary: which torchrl names are which kind, which config keys matter.

The scanner runs without torchrl (a checkout may be newer than the installed
wheel), so it sorts the classes a script builds by where torchrl keeps them and
how it names them.  The build then checks each kind against the installed
torchrl's base classes (``tools.sota.facts.check``), so a name sorted wrongly here
fails the build instead of reaching a page.
"""

from __future__ import annotations

import re

# Environments that wrap or batch another one (or are transforms named like one): they say nothing
# about what a script needs installed, so the map leaves them out.
WRAPPER_ENVS = frozenset({"TransformedEnv", "ParallelEnv", "SerialEnv", "NoopResetEnv", "EnvBase"})
# Named like trainers, but hooks a Trainer registers (the build checks every kind against torchrl).
TRAINER_HOOKS = frozenset({"ReplayBufferTrainer"})
ESTIMATOR_NAMES = frozenset({"GAE", "TD0Estimator", "TD1Estimator", "TDLambdaEstimator", "VTrace"})


def kind_of(module: str, name: str) -> str | None:
    """The kind (records.KINDS) of torchrl's ``module.name``, or None when the map does not follow it."""
    if not module.startswith("torchrl") or not name[:1].isupper():
        return None
    if module.startswith("torchrl.objectives"):
        if name in ESTIMATOR_NAMES or module.startswith("torchrl.objectives.value"):
            return "value_estimator"
        if name in {"SoftUpdate", "HardUpdate"}:
            return "target_updater"
        if name.endswith("Loss") or "Loss_" in name:
            return "loss"
        return None
    if module.startswith("torchrl.trainers") and name.endswith("Trainer") and name not in TRAINER_HOOKS:
        return "trainer"
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
      | total_frames | frames_per_batch | init_random_frames | total_iters | num_iterations
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
