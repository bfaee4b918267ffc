"""Step TorchRL's pure-Python pendulum and list the keys a loss will read."""
import torch
from torchrl.envs import PendulumEnv

torch.manual_seed(0)
env = PendulumEnv()
env.set_seed(0)
rollout = env.rollout(max_steps=5)  # 5 steps: batch size torch.Size([5])

# What followed each action (reward, done, terminated) sits under "next".
for key in sorted(rollout.keys(include_nested=True, leaves_only=True), key=str):
    print(key, tuple(rollout[key].shape))
assert rollout["next", "reward"].shape == (5, 1)
