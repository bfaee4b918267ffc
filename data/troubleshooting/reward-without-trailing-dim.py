import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
rollout = TensorDict(
    {
        "observation": torch.randn(1, 5, 3),
        "next": {
            "observation": torch.randn(1, 5, 3),
            "reward": torch.randn(1, 5),  # no trailing dimension of size 1
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
try:
    gae(rollout)
except RuntimeError as error:
    assert "must share a unique shape" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
reward = torch.randn(1, 5)
rollout = TensorDict(
    {
        "observation": torch.randn(1, 5, 3),
        "next": {
            "observation": torch.randn(1, 5, 3),
            # Reward, done, terminated and the value all end with a dimension of size 1.
            "reward": reward.unsqueeze(-1),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
gae(rollout)
assert rollout["advantage"].shape == (1, 5, 1)
