import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, PrioritizedSliceSampler, TensorDictReplayBuffer

torch.manual_seed(0)
buffer = TensorDictReplayBuffer(
    storage=LazyTensorStorage(12),
    sampler=PrioritizedSliceSampler(max_capacity=12, num_slices=2, traj_key="episode", alpha=0.7, beta=0.5),
    batch_size=6,
)
# The reported case: keep adding episodes once the storage is full, so old ones are overwritten.
for episode in range(6):
    buffer.extend(TensorDict({"episode": torch.full((4,), episode), "step": torch.arange(4)}, [4]))
    sample = buffer.sample()
assert len(buffer) == 12
slices = sample["episode"].view(2, 3)
assert (slices == slices[:, :1]).all()  # each slice comes from a single episode
