import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import REDQLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 3, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
spec = Bounded(-torch.ones(3), torch.ones(3), (3,))
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 6), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    spec=spec,
    distribution_class=torch.distributions.Normal,  # one log-prob per action dimension
    return_log_prob=True,
)
loss = REDQLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=spec)
batch = TensorDict(
    {
        "observation": torch.randn(5, 3),
        "action": torch.rand(5, 3) * 2 - 1,
        "next": {
            "observation": torch.randn(5, 3),
            "reward": torch.randn(5, 1),
            "done": torch.zeros(5, 1, dtype=torch.bool),
            "terminated": torch.zeros(5, 1, dtype=torch.bool),
        },
    },
    [5],
)
try:
    loss(batch)
except RuntimeError as error:
    assert "must match the size of tensor b" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import REDQLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 3, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
spec = Bounded(-torch.ones(3), torch.ones(3), (3,))
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 6), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    spec=spec,
    # TanhNormal (or IndependentNormal) sums over the action dimensions: one log-prob per sample.
    distribution_class=TanhNormal,
    return_log_prob=True,
)
loss = REDQLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=spec)
batch = TensorDict(
    {
        "observation": torch.randn(5, 3),
        "action": torch.rand(5, 3) * 2 - 1,
        "next": {
            "observation": torch.randn(5, 3),
            "reward": torch.randn(5, 1),
            "done": torch.zeros(5, 1, dtype=torch.bool),
            "terminated": torch.zeros(5, 1, dtype=torch.bool),
        },
    },
    [5],
)
assert loss(batch)["loss_actor"].requires_grad
