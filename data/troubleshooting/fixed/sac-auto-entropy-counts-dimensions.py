from tensordict.nn import NormalParamExtractor, TensorDictModule
import torch
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


actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
# The reported pattern: a 2-dimensional Bounded action spec gave target_entropy -1.
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=Bounded(-1, 1, (2,)))
assert loss.target_entropy.item() == -2.0
