import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss

shapes_seen = []


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 2, 1)

    def forward(self, observation, action):
        shapes_seen.append(observation.shape)  # a memory model needs the [batch, time] layout
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
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=spec)
batch = TensorDict(
    {
        "observation": torch.randn(2, 3, 3),
        "action": torch.rand(2, 3, 2) * 2 - 1,
        "next": {
            "observation": torch.randn(2, 3, 3),
            "reward": torch.randn(2, 3, 1),
            "done": torch.zeros(2, 3, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 3, 1, dtype=torch.bool),
        },
    },
    [2, 3],
)
loss(batch)
# The critic sees [batch=2, time=3, features] (the loss used to flatten it to [6, features]).
assert shapes_seen and all(shape[:2] == torch.Size([2, 3]) for shape in shapes_seen)
