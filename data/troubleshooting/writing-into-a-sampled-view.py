import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer

buffer = ReplayBuffer(storage=LazyTensorStorage(8))
buffer.extend(TensorDict({"observation": torch.randn(8, 3), "seen": torch.zeros(8, dtype=torch.bool)}, [8]))
index = torch.tensor([1, 4, 6])
# Indexing the buffer returns a copy: writing into it changes nothing in the storage.
buffer[index]["seen"] = torch.ones(3, dtype=torch.bool)
buffer[index].set_("seen", torch.ones(3, dtype=torch.bool))
assert not buffer[:]["seen"].any()
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, ReplayBuffer

buffer = ReplayBuffer(storage=LazyTensorStorage(8))
buffer.extend(TensorDict({"observation": torch.randn(8, 3), "seen": torch.zeros(8, dtype=torch.bool)}, [8]))
index = torch.tensor([1, 4, 6])
# Read the items, change them, then write them back at the same indices.
items = buffer[index]
items["seen"] = torch.ones(3, dtype=torch.bool)
buffer[index] = items
assert buffer[:]["seen"].nonzero().flatten().tolist() == [1, 4, 6]
