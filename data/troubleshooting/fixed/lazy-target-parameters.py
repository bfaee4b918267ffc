import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import MLP, DistributionalQValueActor
from torchrl.objectives import DistributionalDQNLoss, SoftUpdate

torch.manual_seed(0)
# The reported pattern: an MLP without in_features (lazy first layer) and a target network,
# built before the network has seen any data.
actor = DistributionalQValueActor(
    MLP(out_features=(3, 2), depth=2), in_keys=["observation"], spec=OneHot(2), support=torch.arange(3.0)
)
loss = DistributionalDQNLoss(actor, gamma=0.99, delay_value=True)
updater = SoftUpdate(loss, tau=0.5)
batch = TensorDict(
    {
        "observation": torch.randn(5, 3),
        "action": nn.functional.one_hot(torch.randint(2, (5,)), 2),
        "next": {
            "observation": torch.randn(5, 3),
            "reward": torch.randn(5, 1),
            "done": torch.zeros(5, 1, dtype=torch.bool),
            "terminated": torch.zeros(5, 1, dtype=torch.bool),
        },
    },
    [5],
)
assert loss(batch)["loss"].requires_grad
updater.step()
