import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import Categorical
from torchrl.modules import ProbabilisticActor
from torchrl.objectives import IQLLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 4, 1)

    def forward(self, observation, action):
        one_hot = nn.functional.one_hot(action.squeeze(-1), 4).float()
        return self.linear(torch.cat([observation, one_hot], -1))


torch.manual_seed(0)
# Actions stored as [batch, 1] indices (a Categorical spec of shape (1,)).
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=Categorical(4, shape=(1,)),
    distribution_class=torch.distributions.Categorical,
)
qvalue = TensorDictModule(QValue(), in_keys=["observation", "action"], out_keys=["state_action_value"])
value = TensorDictModule(nn.Linear(3, 1), in_keys=["observation"], out_keys=["state_value"])
loss = IQLLoss(actor, qvalue, value)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(4, (4, 1)),
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
    assert "Losses shape mismatch" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import Categorical
from torchrl.modules import ProbabilisticActor
from torchrl.objectives import IQLLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 4, 1)

    def forward(self, observation, action):
        one_hot = nn.functional.one_hot(action, 4).float()
        return self.linear(torch.cat([observation, one_hot], -1))


torch.manual_seed(0)
# Index actions without a trailing dimension: spec shape (), actions [batch].
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=Categorical(4),
    distribution_class=torch.distributions.Categorical,
)
qvalue = TensorDictModule(QValue(), in_keys=["observation", "action"], out_keys=["state_action_value"])
value = TensorDictModule(nn.Linear(3, 1), in_keys=["observation"], out_keys=["state_value"])
loss = IQLLoss(actor, qvalue, value)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(4, (4,)),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss_actor"].requires_grad
