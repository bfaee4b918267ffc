import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import CrossQLoss, ValueEstimators


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
    spec=Bounded(-1, 1, (2,)),
    distribution_class=TanhNormal,
)
loss = CrossQLoss(actor, ValueOperator(QValue(), in_keys=["observation", "action"]))
# The reported order: build the estimator first, then rename keys.
loss.make_value_estimator(ValueEstimators.TD0, gamma=0.99)
loss.set_keys(reward="my_reward", done="my_done", terminated="my_terminated")
assert loss.tensor_keys.reward == "my_reward"
