import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
loss.set_keys(priority="my_priority")  # the loss now writes its TD error under "my_priority"...
buffer = TensorDictPrioritizedReplayBuffer(alpha=1.0, beta=1.0, storage=LazyTensorStorage(16), batch_size=8)
# ...while the buffer reads priorities from "td_error" (its priority_key default).
buffer.extend(
    TensorDict(
        {
            "observation": torch.randn(8, 3),
            "action": torch.nn.functional.one_hot(torch.randint(2, (8,)), 2),
            "next": {
                "observation": torch.randn(8, 3),
                "reward": torch.randn(8, 1) * 10,
                "done": torch.zeros(8, 1, dtype=torch.bool),
                "terminated": torch.zeros(8, 1, dtype=torch.bool),
            },
        },
        [8],
    )
)
batch = buffer.sample()
loss(batch)
buffer.update_tensordict_priority(batch)
# No error: the priorities were not updated, every sample keeps the same weight.
assert (buffer.sample()["priority_weight"] == 1).all()
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
loss.set_keys(priority="my_priority")
# The buffer must read the key the loss writes (the loss's "priority" field, "td_error" by default).
buffer = TensorDictPrioritizedReplayBuffer(
    alpha=1.0, beta=1.0, storage=LazyTensorStorage(16), batch_size=8, priority_key="my_priority"
)
buffer.extend(
    TensorDict(
        {
            "observation": torch.randn(8, 3),
            "action": torch.nn.functional.one_hot(torch.randint(2, (8,)), 2),
            "next": {
                "observation": torch.randn(8, 3),
                "reward": torch.randn(8, 1) * 10,
                "done": torch.zeros(8, 1, dtype=torch.bool),
                "terminated": torch.zeros(8, 1, dtype=torch.bool),
            },
        },
        [8],
    )
)
batch = buffer.sample()
loss(batch)
buffer.update_tensordict_priority(batch)
assert not (buffer.sample()["priority_weight"] == 1).all()
