import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import SACLoss, SoftUpdate


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
loss = SACLoss(actor, [ValueOperator(QValue(), in_keys=["observation", "action"]) for _ in range(2)], action_spec=spec)
updater = SoftUpdate(loss, tau=0.5)  # the reported pattern: this constructor raised
with torch.no_grad():
    for weight in loss.qvalue_network_params.values(True, True):
        weight.add_(1.0)
before = loss.target_qvalue_network_params.clone()
updater.step()
moved = loss.target_qvalue_network_params - before
assert all(torch.allclose(delta, torch.full_like(delta, 0.5)) for delta in moved.values(True, True))
