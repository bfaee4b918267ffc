import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD1Estimator

torch.manual_seed(0)
estimator = TD1Estimator(gamma=0.9, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
# 5 steps of 2 environments, as a hand-written loop stacks them: [time, env].
rollout = TensorDict(
    {
        "observation": torch.randn(5, 2, 3),
        "next": {
            "observation": torch.randn(5, 2, 3),
            "reward": torch.ones(5, 2, 1),
            "done": torch.zeros(5, 2, 1, dtype=torch.bool),
            "terminated": torch.zeros(5, 2, 1, dtype=torch.bool),
        },
    },
    [5, 2],
)
estimator(rollout)
# No error: the estimator took the last dimension (the 2 environments) for time, so at every one
# of the 5 steps the second environment's target bootstraps after a single reward, as a last step would.
one_step = 1.0 + 0.9 * rollout["next", "state_value"][:, 1]
assert torch.allclose(rollout["value_target"][:, 1], one_step)
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD1Estimator

torch.manual_seed(0)
# Say which dimension is time (a collector's rollouts are [env, time] and marked, so they need nothing).
estimator = TD1Estimator(
    gamma=0.9, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]), time_dim=0
)
rollout = TensorDict(
    {
        "observation": torch.randn(5, 2, 3),
        "next": {
            "observation": torch.randn(5, 2, 3),
            "reward": torch.ones(5, 2, 1),
            "done": torch.zeros(5, 2, 1, dtype=torch.bool),
            "terminated": torch.zeros(5, 2, 1, dtype=torch.bool),
        },
    },
    [5, 2],
)
estimator(rollout)
# Step 0 of each environment now sums the rewards of all 5 steps, then bootstraps.
discounts = 0.9 ** torch.arange(5.0)
expected = discounts.sum() + 0.9**5 * rollout["next", "state_value"][-1]
assert torch.allclose(rollout["value_target"][0], expected, atol=1e-5)
