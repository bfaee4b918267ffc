import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"], out_keys=["value"])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)  # looks for "state_value"
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
except TypeError as error:
    assert "'NoneType' object is not subscriptable" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"], out_keys=["value"])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
# A standalone estimator does not know what a loss was told: rename its keys too.
gae.set_keys(value="value")
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
