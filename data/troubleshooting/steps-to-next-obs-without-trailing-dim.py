import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import MLP, DistributionalQValueActor
from torchrl.objectives import DistributionalDQNLoss

torch.manual_seed(0)
atoms = 5
actor = DistributionalQValueActor(
    MLP(in_features=3, out_features=(atoms, 2), num_cells=[8]),
    in_keys=["observation"],
    spec=OneHot(2),
    support=torch.linspace(-1, 1, atoms),
)
loss = DistributionalDQNLoss(actor, gamma=0.99, delay_value=True)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        # n-step returns: how many steps separate each sample from its "next" observation, one per sample
        "steps_to_next_obs": torch.full((4,), 3),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
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
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import MLP, DistributionalQValueActor
from torchrl.objectives import DistributionalDQNLoss

torch.manual_seed(0)
atoms = 5
actor = DistributionalQValueActor(
    MLP(in_features=3, out_features=(atoms, 2), num_cells=[8]),
    in_keys=["observation"],
    spec=OneHot(2),
    support=torch.linspace(-1, 1, atoms),
)
loss = DistributionalDQNLoss(actor, gamma=0.99, delay_value=True)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        # Same shape as the reward ([batch, 1]): the discount then broadcasts over the atoms.
        "steps_to_next_obs": torch.full((4, 1), 3),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss"].requires_grad
