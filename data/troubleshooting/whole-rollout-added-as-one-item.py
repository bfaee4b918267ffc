import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer

rollout = TensorDict({"observation": torch.randn(10, 3), "reward": torch.randn(10, 1)}, [10])  # 10 steps
buffer = ReplayBuffer(storage=LazyTensorStorage(100))
buffer.add(rollout)  # add() stores its argument as ONE item
sample = buffer.sample(4)
# No error: each "sample" is a whole 10-step rollout, not a transition.
assert len(buffer) == 1
assert sample.shape == (4, 10)
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer

rollout = TensorDict({"observation": torch.randn(10, 3), "reward": torch.randn(10, 1)}, [10])
buffer = ReplayBuffer(storage=LazyTensorStorage(100))
# extend() stores one item per entry of the first dimension; flatten [env, time] rollouts first
# (rollout.reshape(-1)) to store transitions.
buffer.extend(rollout)
assert len(buffer) == 10
assert buffer.sample(4).shape == (4,)
