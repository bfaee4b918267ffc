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
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=spec)
terminated = torch.tensor([[False], [False], [False], [True]])
next_observation = torch.randn(4, 3)
next_observation[3] = float("nan")  # the environment has no observation after the episode ended
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
        "next": {
            "observation": next_observation,
            "reward": torch.randn(4, 1),
            "done": terminated.clone(),
            "terminated": terminated.clone(),
        },
    },
    [4],
)
# No error: the terminated step is masked with a multiplication by zero, and 0 * nan is nan.
assert loss(batch)["loss_qvalue"].isnan()
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
terminated = torch.tensor([[False], [False], [False], [True]])
next_observation = torch.randn(4, 3)
next_observation[3] = float("nan")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
        "next": {
            "observation": next_observation,
            "reward": torch.randn(4, 1),
            "done": terminated.clone(),
            "terminated": terminated.clone(),
        },
    },
    [4],
)
# Give the terminated steps any finite observation (here the current one): their target value is
# multiplied by zero, so what the networks compute there does not matter as long as it is finite.
batch["next", "observation"] = torch.where(
    batch["next", "terminated"], batch["observation"], batch["next", "observation"]
)
assert loss(batch)["loss_qvalue"].isfinite()
