import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import TD0Estimator


class NormalizingCritic(nn.Module):
    """A critic that keeps a running mean of the observations it sees, updated in place."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 1)
        self.register_buffer("mean", torch.zeros(3))

    def forward(self, observation):
        self.mean.mul_(0.99).add_(0.01 * observation.mean(0))
        return self.linear(observation - self.mean)


torch.manual_seed(0)
critic = TensorDictModule(NormalizingCritic(), in_keys=["observation"], out_keys=["state_value"])
estimator = TD0Estimator(gamma=0.9, value_network=critic)
batch = TensorDict(
    {
        "observation": torch.randn(6, 3),
        "next": {
            "observation": torch.randn(6, 3),
            "reward": torch.randn(6, 1),
            "done": torch.zeros(6, 1, dtype=torch.bool),
            "terminated": torch.zeros(6, 1, dtype=torch.bool),
        },
    },
    [6],
)
try:
    # The estimator evaluates the critic on the current and the next observations in one vmap call:
    # the in-place update writes a value batched over those 2 calls into a buffer that is not.
    estimator(batch)
except RuntimeError as error:
    assert "doesn't match the broadcast shape" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.objectives.value import TD0Estimator


class NormalizingCritic(nn.Module):
    """A critic that keeps a running mean of the observations it sees, updated in place."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 1)
        self.register_buffer("mean", torch.zeros(3))

    def forward(self, observation):
        self.mean.mul_(0.99).add_(0.01 * observation.mean(0))
        return self.linear(observation - self.mean)


torch.manual_seed(0)
critic = TensorDictModule(NormalizingCritic(), in_keys=["observation"], out_keys=["state_value"])
# deactivate_vmap=True: two plain calls of the critic instead of one vmap call.
estimator = TD0Estimator(gamma=0.9, value_network=critic, deactivate_vmap=True)
batch = TensorDict(
    {
        "observation": torch.randn(6, 3),
        "next": {
            "observation": torch.randn(6, 3),
            "reward": torch.randn(6, 1),
            "done": torch.zeros(6, 1, dtype=torch.bool),
            "terminated": torch.zeros(6, 1, dtype=torch.bool),
        },
    },
    [6],
)
estimator(batch)
assert batch["value_target"].shape == (6, 1)
