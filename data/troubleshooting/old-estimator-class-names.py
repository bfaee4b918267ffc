import torch
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD0Estimate

critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
try:
    # TD0Estimate has only ever been an alias of TD0Estimator (both arrived in v0.1.1); it still
    # imports, but building it never returns.
    TD0Estimate(gamma=0.9, value_network=critic)
except RecursionError as error:
    assert "maximum recursion depth exceeded" in str(error)
else:
    raise AssertionError("expected a RecursionError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD0Estimator

# TD0Estimate -> TD0Estimator, TD1Estimate -> TD1Estimator, TDLambdaEstimate -> TDLambdaEstimator.
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
estimator = TD0Estimator(gamma=0.9, value_network=critic)
rollout = TensorDict(
    {
        "observation": torch.randn(1, 4, 3),
        "next": {
            "observation": torch.randn(1, 4, 3),
            "reward": torch.randn(1, 4, 1),
            "done": torch.zeros(1, 4, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 4, 1, dtype=torch.bool),
        },
    },
    [1, 4],
)
assert estimator(rollout)["value_target"].shape == (1, 4, 1)
