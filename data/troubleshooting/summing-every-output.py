import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import Actor, ValueOperator
from torchrl.objectives import TD3Loss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
actor = Actor(nn.Sequential(nn.Linear(3, 2), nn.Tanh()), in_keys=["observation"])
loss = TD3Loss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=Bounded(-1, 1, (2,)))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
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
try:
    # TD3Loss also returns per-sample diagnostics (target_value, pred_value, ...): not terms to sum.
    sum(losses.values()).backward()
except RuntimeError as error:
    assert "grad can be implicitly created only for scalar outputs" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import Actor, ValueOperator
from torchrl.objectives import TD3Loss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
actor = Actor(nn.Sequential(nn.Linear(3, 2), nn.Tanh()), in_keys=["observation"])
loss = TD3Loss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=Bounded(-1, 1, (2,)))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
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
# Sum only the terms the loss page lists as loss terms.
total = losses["loss_actor"] + losses["loss_qvalue"]
total.backward()
