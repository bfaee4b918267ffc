import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.envs import PendulumEnv, SerialEnv
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 1, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
env = SerialEnv(4, PendulumEnv)  # 4 copies of a task with a 1-dimensional action
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 2), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
# The batched env's action spec has the shape [4, 1]: its 4 copies are counted as action dimensions.
loss = SACLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=env.action_spec)
# No error: the entropy target is -4, while each action has one dimension.
assert loss.target_entropy.item() == -4.0
# ---- fix ----
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.envs import PendulumEnv, SerialEnv
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3 + 1, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


torch.manual_seed(0)
env = SerialEnv(4, PendulumEnv)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 2), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
# The spec of one copy: the action itself, without the env's batch dimensions.
loss = SACLoss(
    actor, ValueOperator(QValue(), in_keys=["observation", "action"]), action_spec=env.action_spec_unbatched
)
assert loss.target_entropy.item() == -1.0
