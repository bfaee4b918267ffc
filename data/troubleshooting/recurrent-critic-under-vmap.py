import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import GAE


class RecurrentCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(3, 8, batch_first=True)
        self.head = nn.Linear(8, 1)

    def forward(self, observation):
        features, _ = self.lstm(observation)
        return self.head(features)


torch.manual_seed(0)
critic = TensorDictModule(RecurrentCritic(), in_keys=["observation"], out_keys=["state_value"])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
rollout = TensorDict(
    {
        "observation": torch.randn(2, 5, 3),
        "next": {
            "observation": torch.randn(2, 5, 3),
            "reward": torch.randn(2, 5, 1),
            "done": torch.zeros(2, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 5, 1, dtype=torch.bool),
        },
    },
    [2, 5],
)
try:
    gae(rollout)
except RuntimeError as error:
    assert "Batching rule not implemented for aten::lstm" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import GAE


class RecurrentCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(3, 8, batch_first=True)
        self.head = nn.Linear(8, 1)

    def forward(self, observation):
        features, _ = self.lstm(observation)
        return self.head(features)


torch.manual_seed(0)
critic = TensorDictModule(RecurrentCritic(), in_keys=["observation"], out_keys=["state_value"])
# deactivate_vmap=True evaluates the critic on the current and next states in two plain calls.
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic, deactivate_vmap=True)
rollout = TensorDict(
    {
        "observation": torch.randn(2, 5, 3),
        "next": {
            "observation": torch.randn(2, 5, 3),
            "reward": torch.randn(2, 5, 1),
            "done": torch.zeros(2, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 5, 1, dtype=torch.bool),
        },
    },
    [2, 5],
)
gae(rollout)
assert rollout["advantage"].shape == (2, 5, 1)
