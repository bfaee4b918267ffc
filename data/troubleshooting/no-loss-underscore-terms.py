import torch
from tensordict import TensorDict
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
losses = loss(batch)
# A common training-loop idiom; DQNLoss names its one term "loss", so the sum is the integer 0.
total = sum(value for key, value in losses.items() if key.startswith("loss_"))
try:
    total.backward()
except AttributeError as error:
    assert "'int' object has no attribute 'backward'" in str(error)
else:
    raise AssertionError("expected an AttributeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
losses = loss(batch)
# Match "loss" itself as well as "loss_*"; each loss page lists the names its terms have.
total = sum(value for key, value in losses.items() if key == "loss" or key.startswith("loss_"))
total.backward()
