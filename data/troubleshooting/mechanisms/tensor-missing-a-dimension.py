import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(nn.Linear(3, 2), in_keys=["observation"], spec=OneHot(2)))
# A hand-written environment step gave one flag per sample, [4], beside a [4, 1] reward.
done = torch.tensor([False, False, True, False])
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": done,
            "terminated": done.clone(),
        },
    },
    [4],
)
try:
    loss(batch)
except RuntimeError as error:
    assert "must share a unique shape" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
loss = DQNLoss(QValueActor(nn.Linear(3, 2), in_keys=["observation"], spec=OneHot(2)))
# Give the flags the reward's trailing dimension of size 1: [4] -> [4, 1].
done = torch.tensor([False, False, True, False]).unsqueeze(-1)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": done,
            "terminated": done.clone(),
        },
    },
    [4],
)
assert loss(batch)["loss"].isfinite()
