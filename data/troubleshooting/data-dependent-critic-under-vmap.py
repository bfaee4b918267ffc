import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import GAE


class BranchingCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(3, 1)

    def forward(self, observation):
        if observation.abs().max() > 10:  # a Python branch on tensor values
            observation = observation.clamp(-10, 10)
        return self.head(observation)


torch.manual_seed(0)
critic = TensorDictModule(BranchingCritic(), in_keys=["observation"], out_keys=["state_value"])
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
    assert "data-dependent control flow" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import GAE


class BranchingCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(3, 1)

    def forward(self, observation):
        if observation.abs().max() > 10:
            observation = observation.clamp(-10, 10)
        return self.head(observation)


torch.manual_seed(0)
critic = TensorDictModule(BranchingCritic(), in_keys=["observation"], out_keys=["state_value"])
# Without vmap the branch sees real tensors. (Or write the branch as a tensor op: torch.where, clamp.)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic, deactivate_vmap=True)
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
