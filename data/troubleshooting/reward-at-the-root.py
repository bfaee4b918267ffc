import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
# The reward was stored beside the observation instead of under "next".
rollout = TensorDict(
    {
        "observation": torch.randn(1, 5, 3),
        "reward": torch.randn(1, 5, 1),
        "next": {
            "observation": torch.randn(1, 5, 3),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
try:
    gae(rollout)
except AttributeError as error:
    assert "'NoneType' object has no attribute" in str(error)
else:
    raise AssertionError("expected an AttributeError")
# ---- fix ----
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
            # The reward of a step belongs with what happened after the action.
            "reward": torch.randn(1, 5, 1),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
gae(rollout)
assert rollout["advantage"].shape == (1, 5, 1)
