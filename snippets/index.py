"""Step a pure-Python TorchRL environment and look at the keys a loss will read."""

import torch
from torchrl.envs import PendulumEnv

STEPS = 5  # a handful of steps is enough to see the layout

torch.manual_seed(0)
env = PendulumEnv()
env.set_seed(0)
rollout = env.rollout(max_steps=STEPS)

print(rollout.batch_size)  # one leading time dimension: torch.Size([5])
for key in sorted(rollout.keys(include_nested=True, leaves_only=True), key=str):
    print(key, tuple(rollout[key].shape))

# What happened after each action lives under "next": this is where losses and
# value estimators look for the reward and the done/terminated flags.
assert ("next", "reward") in rollout.keys(include_nested=True)
assert ("next", "terminated") in rollout.keys(include_nested=True)
assert rollout["next", "reward"].shape == (STEPS, 1)
