"""Tiny parts for every trainer and hook class: the smallest construction torchrl accepts, on CPU.

Measurement builds each trainer (``construction``) and each hook class (``hook``)
from these parts and reads what it wired up: hooks, modules, checkpoint
components.  A trainer or hook class that appears in a new torchrl without a
construction here stops the build with a message naming it.  ``probe_trainer`` is
the bare ``Trainer`` the hook-point measurements run; ``captured`` records
the warnings and log lines torchrl prints meanwhile.

Sizes are deliberately minute: one hidden layer of 8 units, batches of 8
frames, gymnasium's pure-Python Pendulum and CartPole.  Nothing here trains
for real; the runnable examples under ``snippets/`` do.
"""

from tools.torchrl.trainer_zoo.capture import Captured, captured
from tools.torchrl.trainer_zoo.hooks import UNBUILT_HOOKS, hook
from tools.torchrl.trainer_zoo.parts import (
    FRAMES_PER_BATCH,
    HIDDEN,
    TOTAL_FRAMES,
    action_value,
    adam,
    cartpole_env,
    collector,
    deterministic_actor,
    pendulum_env,
    replay_buffer,
    state_value,
    stochastic_actor,
)
from tools.torchrl.trainer_zoo.probe import LinearLoss, probe_trainer
from tools.torchrl.trainer_zoo.trainers import CONSTRUCTIONS, Construction, NoConstruction, construction

__all__ = [
    "CONSTRUCTIONS",
    "FRAMES_PER_BATCH",
    "HIDDEN",
    "TOTAL_FRAMES",
    "UNBUILT_HOOKS",
    "Captured",
    "Construction",
    "LinearLoss",
    "NoConstruction",
    "action_value",
    "adam",
    "captured",
    "cartpole_env",
    "collector",
    "construction",
    "deterministic_actor",
    "hook",
    "pendulum_env",
    "probe_trainer",
    "replay_buffer",
    "state_value",
    "stochastic_actor",
]
