import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler

torch.manual_seed(0)
# 12 steps of one environment whose episodes end every 3 steps, stored in the order they happened.
steps = TensorDict(
    {
        "observation": torch.randn(12, 3),
        "episode": torch.arange(12) // 3,
        "next": {"done": (torch.arange(12) % 3 == 2).unsqueeze(-1)},
    },
    [12],
)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(100),
    # A trajectory is a run of consecutive storage items up to a done: 3 items here, never 4.
    sampler=SliceSampler(slice_len=4, end_key=("next", "done")),
    batch_size=8,
)
buffer.extend(steps)
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

torch.manual_seed(0)
steps = TensorDict(
    {
        "observation": torch.randn(12, 3),
        "episode": torch.arange(12) // 3,
        "next": {"done": (torch.arange(12) % 3 == 2).unsqueeze(-1)},
    },
    [12],
)
buffer = ReplayBuffer(
    storage=LazyTensorStorage(100),
    # Slices no longer than the runs the storage holds (or strict_length=False for shorter ones).
    sampler=SliceSampler(slice_len=3, end_key=("next", "done")),
    batch_size=9,
)
buffer.extend(steps)
slices = buffer.sample()["episode"].reshape(3, 3)
assert (slices == slices[:, :1]).all()  # each slice stays inside one episode
