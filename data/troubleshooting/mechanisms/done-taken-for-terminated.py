import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD0Estimator

torch.manual_seed(0)
estimator = TD0Estimator(gamma=0.9, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
# Step 1 is the last one a time limit allows: the episode stops there without ending.
time_limit = torch.tensor([[False], [True], [False]])
batch = TensorDict(
    {
        "observation": torch.randn(3, 3),
        "next": {
            "observation": torch.randn(3, 3),
            "reward": torch.ones(3, 1),
            "done": time_limit,
            "terminated": time_limit.clone(),  # every stop written as a termination
        },
    },
    [3],
)
estimator(batch)
# No error: the target at the time limit is the reward alone, as if nothing came after it.
assert batch["value_target"][1].item() == 1.0
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD0Estimator

torch.manual_seed(0)
estimator = TD0Estimator(gamma=0.9, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
time_limit = torch.tensor([[False], [True], [False]])
batch = TensorDict(
    {
        "observation": torch.randn(3, 3),
        "next": {
            "observation": torch.randn(3, 3),
            "reward": torch.ones(3, 1),
            "done": time_limit,
            "truncated": time_limit.clone(),  # stopped by the time limit...
            "terminated": torch.zeros_like(time_limit),  # ...so not terminated: bootstrap there
        },
    },
    [3],
)
estimator(batch)
next_value = batch["next", "state_value"][1]
assert torch.allclose(batch["value_target"][1], 1.0 + 0.9 * next_value)
