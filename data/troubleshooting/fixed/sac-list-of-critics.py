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
spec = Bounded(-torch.ones(2), torch.ones(2), (2,))
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]
    ),
    in_keys=["loc", "scale"],
    spec=spec,
    distribution_class=TanhNormal,
)
# The reported pattern: two distinct critics given as a list.
critics = [ValueOperator(QValue(), in_keys=["observation", "action"]) for _ in range(2)]
loss = SACLoss(actor, critics, action_spec=spec)
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
assert loss(batch)["loss_qvalue"].requires_grad
