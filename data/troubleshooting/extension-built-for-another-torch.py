import torch
from torchrl.data import LazyTensorStorage, PrioritizedReplayBuffer

import torchrl._torchrl  # noqa: F401  (fails with ImportError when torch is not the one torchrl was built for)

buffer = PrioritizedReplayBuffer(alpha=0.7, beta=0.5, storage=LazyTensorStorage(8))
buffer.extend(torch.arange(6.0))
assert buffer.sample(4).shape == (4,)
print("torchrl's extension loads with torch", torch.__version__)
