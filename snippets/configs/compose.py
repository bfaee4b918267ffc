"""Compose a PPO trainer from torchrl's Hydra config groups.

Then override fields, instantiate the trainer and train it briefly.

No command line and no files: the primary config is stored in Hydra's
ConfigStore next to the groups torchrl registers, and Hydra's compose API
builds it. Raise TOTAL_FRAMES and the network sizes for real training.
"""

import inspect

import torch
from hydra import compose, initialize
from hydra.core.config_store import ConfigStore
from hydra.utils import instantiate
from omegaconf import OmegaConf

# Importing the configs registers their groups in Hydra's ConfigStore.
import torchrl.trainers.algorithms.configs  # noqa: F401

TOTAL_FRAMES = 256
FRAMES_PER_BATCH = 64
HIDDEN = [16]

# The primary config: which option of each group to use ("group@where: option"),
# then the values to fill in. ${...} interpolations share one object between fields.
ConfigStore.instance().store(
    name="tiny_ppo",
    node={
        "defaults": [
            {"env@env": "gym"},
            {"network@networks.policy": "mlp"},
            {"network@networks.value": "mlp"},
            {"model@models.policy": "tanh_normal"},
            {"model@models.value": "value"},
            {"collector@collector": "sync"},
            {"replay_buffer@replay_buffer": "base"},
            {"storage@replay_buffer.storage": "lazy_tensor"},
            {"sampler@replay_buffer.sampler": "without_replacement"},
            {"loss@loss": "ppo"},
            {"optimizer@optimizer": "adam"},
            {"trainer@trainer": "ppo"},
            "_self_",
        ],
        "env": {"env_name": "Pendulum-v1"},
        "networks": {
            "policy": {
                "in_features": 3,
                "out_features": 2,
                "num_cells": HIDDEN,
            },  # loc and scale of 1 action
            "value": {"in_features": 3, "out_features": 1, "num_cells": HIDDEN},
        },
        "models": {
            "policy": {
                "in_keys": ["observation"],
                "param_keys": ["loc", "scale"],
                "out_keys": ["action"],
                "return_log_prob": True,
                "network": "${networks.policy}",
            },
            "value": {
                "in_keys": ["observation"],
                "out_keys": ["state_value"],
                "network": "${networks.value}",
            },
        },
        "collector": {
            "create_env_fn": "${env}",
            "policy": "${models.policy}",
            "frames_per_batch": FRAMES_PER_BATCH,
            "total_frames": TOTAL_FRAMES,
            # Keep the env as given (no FutureWarning from torchrl 0.14).
            "auto_register_policy_transforms": False,
        },
        "replay_buffer": {"storage": {"max_size": FRAMES_PER_BATCH}, "batch_size": 16},
        "loss": {
            "actor_network": "${models.policy}",
            "critic_network": "${models.value}",
        },
        "trainer": {
            "collector": "${collector}",
            "loss_module": "${loss}",
            "optimizer": "${optimizer}",
            "replay_buffer": "${replay_buffer}",
            # PPOTrainerConfig fields without a default must be set, even to null.
            "logger": None,
            "save_trainer_file": None,
            "total_frames": TOTAL_FRAMES,
            "optim_steps_per_batch": None,  # each epoch reads the whole buffer once
            "progress_bar": False,
        },
    },
)

# Overrides use the same syntax as on a command line.
with initialize(version_base=None):
    cfg = compose(
        config_name="tiny_ppo",
        overrides=["trainer.num_epochs=2", "optimizer.lr=1e-3", "trainer.seed=0"],
    )

print(OmegaConf.to_yaml(cfg.optimizer))
assert cfg.trainer.num_epochs == 2 and cfg.optimizer.lr == 1e-3
# AdamConfig's eps is not torch.optim.Adam's default: the config decides.
assert (
    cfg.optimizer.eps != inspect.signature(torch.optim.Adam).parameters["eps"].default
)
assert OmegaConf.get_type(cfg.trainer).__name__ == "PPOTrainerConfig"

torch.manual_seed(0)
trainer = instantiate(
    cfg.trainer
)  # builds env, networks, collector, loss, optimizer, buffer, trainer
print(
    type(trainer).__name__,
    "with",
    type(trainer.loss_module).__name__,
    "and",
    type(trainer.optimizer).__name__,
)
assert trainer.num_epochs == 2 and trainer.optimizer.param_groups[0]["lr"] == 1e-3

# Hydra instantiates each interpolated node on its own: the collector's policy and
# the loss's actor are two copies, kept in sync by the trainer's UpdateWeights hook.
assert trainer.collector.policy is not trainer.loss_module.actor_network

trainer.train()
print("collected", trainer.collected_frames, "frames")
assert trainer.collected_frames == TOTAL_FRAMES
