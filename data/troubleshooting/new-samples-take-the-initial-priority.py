import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, PrioritizedSampler, TensorDictReplayBuffer

torch.manual_seed(0)
buffer = TensorDictReplayBuffer(storage=LazyTensorStorage(64), sampler=PrioritizedSampler(64, alpha=1.0, beta=1.0))
buffer.extend(TensorDict({"step": torch.arange(48)}, [48]))
# Training has shrunk every TD error to about 1e-3 ...
stored = buffer[torch.arange(48)]
stored["td_error"] = torch.full((48,), 1e-3)
stored["index"] = torch.arange(48)
buffer.update_tensordict_priority(stored)
# ... then two new transitions arrive: they get the largest priority ever seen (1.0 here).
buffer.extend(TensorDict({"step": torch.arange(48, 50)}, [2]))
share_of_new = (buffer.sample(1000)["step"] >= 48).float().mean()
# No error: 2 transitions out of 50 fill almost every batch.
assert share_of_new > 0.9
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, PrioritizedSampler, TensorDictReplayBuffer

torch.manual_seed(0)
# max_priority_within_buffer=True: new items get the largest priority currently stored.
buffer = TensorDictReplayBuffer(
    storage=LazyTensorStorage(64),
    sampler=PrioritizedSampler(64, alpha=1.0, beta=1.0, max_priority_within_buffer=True),
)
buffer.extend(TensorDict({"step": torch.arange(48)}, [48]))
stored = buffer[torch.arange(48)]
stored["td_error"] = torch.full((48,), 1e-3)
stored["index"] = torch.arange(48)
buffer.update_tensordict_priority(stored)
buffer.extend(TensorDict({"step": torch.arange(48, 50)}, [2]))
share_of_new = (buffer.sample(1000)["step"] >= 48).float().mean()
assert share_of_new < 0.2  # 2 of 50 items with equal priorities: about 4% of the draws
