import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer


def sampled_indices():
    torch.manual_seed(0)  # seeds torch only
    buffer = TensorDictPrioritizedReplayBuffer(alpha=0.6, beta=0.4, storage=LazyTensorStorage(64), batch_size=8)
    buffer.extend(TensorDict({"observation": torch.randn(64, 3)}, [64]))
    return buffer.sample()["index"]


# No error: on CPU the prioritized sampler draws from numpy's global generator, so two runs
# seeded identically with torch sample different transitions.
assert not torch.equal(sampled_indices(), sampled_indices())
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer


def sampled_indices():
    torch.manual_seed(0)
    # A generator of its own makes the sampler draw with torch (np.random.seed(0) also works).
    buffer = TensorDictPrioritizedReplayBuffer(
        alpha=0.6, beta=0.4, storage=LazyTensorStorage(64), batch_size=8, generator=torch.Generator().manual_seed(0)
    )
    buffer.extend(TensorDict({"observation": torch.randn(64, 3)}, [64]))
    return buffer.sample()["index"]


assert torch.equal(sampled_indices(), sampled_indices())
