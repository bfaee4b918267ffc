import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss

AGENTS, OBS, ACT = 3, 4, 2


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(OBS + ACT, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(OBS, 2 * ACT), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
)
qvalue = ValueOperator(
    QValue(), in_keys=[("agents", "observation"), ("agents", "action")], out_keys=[("agents", "state_action_value")]
)
# The agents' action spec on its own: a [agents, action] leaf.
loss = SACLoss(actor, qvalue, action_spec=Bounded(-1.0, 1.0, (AGENTS, ACT)))
loss.set_keys(action=("agents", "action"))
# No error: the target counts every agent's dimensions, while each agent's log-prob has ACT.
assert loss.target_entropy.item() == -AGENTS * ACT
# ---- fix ----
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded, Composite
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss

AGENTS, OBS, ACT = 3, 4, 2


class QValue(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(OBS + ACT, 1)

    def forward(self, observation, action):
        return self.linear(torch.cat([observation, action], -1))


actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(OBS, 2 * ACT), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
)
qvalue = ValueOperator(
    QValue(), in_keys=[("agents", "observation"), ("agents", "action")], out_keys=[("agents", "state_action_value")]
)
# Pass the spec with its agent group (what a multi-agent env's full_action_spec holds):
# the group's shape [agents] tells the loss which dimensions belong to the agents.
action_spec = Composite(agents=Composite(action=Bounded(-1.0, 1.0, (AGENTS, ACT)), shape=(AGENTS,)))
loss = SACLoss(actor, qvalue, action_spec=action_spec)
loss.set_keys(action=("agents", "action"))
assert loss.target_entropy.item() == -ACT
