import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DiscreteCQLLoss

torch.manual_seed(0)
# The Q-network's spec says one-hot, so the loss expects one-hot actions in the batch...
loss = DiscreteCQLLoss(QValueActor(nn.Linear(3, 3), in_keys=["observation"], spec=OneHot(3)))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(3, (4,)),  # ...while the data holds action indices
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
try:
    loss(batch)
except RuntimeError as error:
    assert "must match the size of tensor" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import Categorical
from torchrl.modules import QValueActor
from torchrl.objectives import DiscreteCQLLoss

torch.manual_seed(0)
# Declare the encoding the data holds: a Categorical spec means action indices.
loss = DiscreteCQLLoss(QValueActor(nn.Linear(3, 3), in_keys=["observation"], spec=Categorical(3)))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(3, (4,)),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss_qvalue"].isfinite()
