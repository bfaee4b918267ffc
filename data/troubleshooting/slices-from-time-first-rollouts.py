import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler

steps, envs = 6, 2
# A rollout stored time first, [time, env]: each row holds one step of every environment.
rollout = TensorDict(
    {"observation": torch.randn(steps, envs, 3), "episode": torch.arange(envs).expand(steps, envs).clone()},
    [steps, envs],
)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(100),
    sampler=SliceSampler(slice_len=4, traj_key="episode", strict_length=True),
    batch_size=8,
)
buffer.extend(rollout.reshape(-1))  # episodes interleave: 0, 1, 0, 1, ...
try:
    buffer.sample()
except RuntimeError as error:
    assert "Did not find a single trajectory with sufficient length" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler

steps, envs = 6, 2
rollout = TensorDict(
    {"observation": torch.randn(steps, envs, 3), "episode": torch.arange(envs).expand(steps, envs).clone()},
    [steps, envs],
)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(100),
    sampler=SliceSampler(slice_len=4, traj_key="episode", strict_length=True),
    batch_size=8,
)
# Put the environment dimension first so that each episode's steps are contiguous, then flatten.
buffer.extend(rollout.transpose(0, 1).reshape(-1))
sample = buffer.sample()
assert sample.shape == (8,) and sample["episode"].unique().numel() <= 2
