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
actor = Actor(nn.Linear(3, 2), in_keys=["observation"])
# The Q-network writes "q_value"; DDPGLoss reads "state_action_value" unless told otherwise.
critic = ValueOperator(QValue(), in_keys=["observation", "action"], out_keys=["q_value"])
loss = DDPGLoss(actor, critic)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randn(4, 2),
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
except AttributeError as error:
    # The loss found nothing under its key and failed on the None it got, without naming the key.
    assert "'NoneType' object has no attribute" in str(error)
else:
    raise AssertionError("expected an AttributeError")
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
actor = Actor(nn.Linear(3, 2), in_keys=["observation"])
critic = ValueOperator(QValue(), in_keys=["observation", "action"], out_keys=["q_value"])
loss = DDPGLoss(actor, critic)
# Point the loss (and the value estimator it builds) at the key the Q-network writes.
loss.set_keys(state_action_value="q_value")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randn(4, 2),
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
assert losses["loss_value"].isfinite() and losses["loss_actor"].isfinite()
