import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import SACLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]
    ),
    in_keys=["loc", "scale"],
    distribution_class=torch.distributions.Normal,  # one log-probability per action dimension
    spec=Bounded(-1.0, 1.0, (2,)),
)
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]))
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
try:
    loss(batch)
except RuntimeError as error:
    assert "must match the size of tensor" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,  # sums over the action dimensions: one log-probability per sample
    spec=Bounded(-1.0, 1.0, (2,)),
)
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]))
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
assert losses["loss_actor"].isfinite() and losses["loss_qvalue"].isfinite()
