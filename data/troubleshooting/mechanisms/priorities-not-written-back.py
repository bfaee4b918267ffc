import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer

torch.manual_seed(0)
buffer = TensorDictPrioritizedReplayBuffer(alpha=1.0, beta=1.0, storage=LazyTensorStorage(16), batch_size=8)
buffer.extend(TensorDict({"observation": torch.randn(8, 3)}, [8]))
batch = buffer.sample()
# A hand-written TD error, stored under a name of your own...
batch["priority"] = batch["observation"].abs().sum(-1)
buffer.update_tensordict_priority(batch)
# ...is not read: the buffer reads "td_error", finds nothing and keeps every priority equal.
assert (buffer.sample()["priority_weight"] == 1).all()
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer

torch.manual_seed(0)
# Tell the buffer where the priorities are written (a torchrl loss writes them under its priority key).
buffer = TensorDictPrioritizedReplayBuffer(
    alpha=1.0, beta=1.0, storage=LazyTensorStorage(16), batch_size=8, priority_key="priority"
)
buffer.extend(TensorDict({"observation": torch.randn(8, 3)}, [8]))
batch = buffer.sample()
batch["priority"] = batch["observation"].abs().sum(-1)
buffer.update_tensordict_priority(batch)
assert not (buffer.sample()["priority_weight"] == 1).all()
