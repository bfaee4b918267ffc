import torch
from tensordict import TensorDict
from torchrl.collectors.utils import split_trajectories
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler

torch.manual_seed(0)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(1000),
    sampler=SliceSampler(slice_len=5, traj_key="episode", strict_length=False),
)
buffer.extend(TensorDict({"observation": torch.arange(100), "episode": torch.zeros(100)}, [100]))
buffer.extend(TensorDict({"observation": torch.arange(4), "episode": torch.ones(4)}, [4]))
sample = buffer.sample(50)  # several slices of episode 0, one of episode 1, concatenated
try:
    split_trajectories(sample, trajectory_key="episode")
except RuntimeError as error:
    assert "split_with_sizes expects split_sizes to sum exactly to" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.collectors.utils import split_trajectories
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler

torch.manual_seed(0)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(1000),
    sampler=SliceSampler(slice_len=5, traj_key="episode", strict_length=False),
)
buffer.extend(TensorDict({"observation": torch.arange(100), "episode": torch.zeros(100)}, [100]))
buffer.extend(TensorDict({"observation": torch.arange(4), "episode": torch.ones(4)}, [4]))
# The sampler marks where each slice ends: split on those marks, not on the episode ids.
sample, info = buffer.sample(50, return_info=True)
sample.set(("next", "truncated"), info[("next", "truncated")])
slices = split_trajectories(sample, done_key="truncated")
for steps, valid in zip(slices["observation"], slices["mask"]):
    kept = steps[valid]
    assert ((kept[1:] - kept[:-1]) == 1).all()  # every row is one run of consecutive steps
