import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE


class NoisyLayer(nn.Module):
    """Adds noise during training: a random operation nn.Dropout's special case does not cover."""

    def forward(self, x):
        return x + 0.1 * torch.randn_like(x)


torch.manual_seed(0)
critic = ValueOperator(nn.Sequential(nn.Linear(3, 8), NoisyLayer(), nn.Linear(8, 1)), in_keys=["observation"])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
rollout = TensorDict(
    {
        "observation": torch.randn(1, 5, 3),
        "next": {
            "observation": torch.randn(1, 5, 3),
            "reward": torch.randn(1, 5, 1),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
try:
    gae(rollout)
except RuntimeError as error:
    assert "called random operation while in randomness error mode" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE


class NoisyLayer(nn.Module):
    def forward(self, x):
        return x + 0.1 * torch.randn_like(x)


torch.manual_seed(0)
critic = ValueOperator(nn.Sequential(nn.Linear(3, 8), NoisyLayer(), nn.Linear(8, 1)), in_keys=["observation"])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
# Let vmap draw different noise for the current and the next states (or pass deactivate_vmap=True).
gae.set_vmap_randomness("different")
rollout = TensorDict(
    {
        "observation": torch.randn(1, 5, 3),
        "next": {
            "observation": torch.randn(1, 5, 3),
            "reward": torch.randn(1, 5, 1),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
gae(rollout)
assert rollout["advantage"].shape == (1, 5, 1)
