import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import Actor, ValueOperator
from torchrl.objectives import DDPGLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
loss = DDPGLoss(
    Actor(nn.Linear(3, 2), in_keys=["observation"]), ValueOperator(QValue(), in_keys=["observation", "action"])
)
terminated = torch.tensor([[False], [True], [False], [False]])
next_observation = torch.randn(4, 3)
next_observation[1] = float("nan")  # an environment that has nothing to observe after the end
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randn(4, 2),
        "next": {
            "observation": next_observation,
            "reward": torch.randn(4, 1),
            "done": terminated,
            "terminated": terminated.clone(),
        },
    },
    [4],
)
# No error: the terminated step's target is multiplied by zero, and 0 * nan is nan.
assert loss(batch)["loss_value"].isnan()
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import Actor, ValueOperator
from torchrl.objectives import DDPGLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
loss = DDPGLoss(
    Actor(nn.Linear(3, 2), in_keys=["observation"]), ValueOperator(QValue(), in_keys=["observation", "action"])
)
terminated = torch.tensor([[False], [True], [False], [False]])
next_observation = torch.randn(4, 3)
next_observation[1] = float("nan")
# Any finite value will do at a terminated step: it is multiplied by zero.
next_observation = torch.nan_to_num(next_observation, nan=0.0)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randn(4, 2),
        "next": {
            "observation": next_observation,
            "reward": torch.randn(4, 1),
            "done": terminated,
            "terminated": terminated.clone(),
        },
    },
    [4],
)
assert loss(batch)["loss_value"].isfinite()
