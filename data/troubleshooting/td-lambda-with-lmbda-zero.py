import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TDLambdaEstimator

torch.manual_seed(0)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
estimator = TDLambdaEstimator(gamma=0.9, lmbda=0.0, value_network=critic)
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
try:
    estimator(rollout)
except IndexError as error:
    assert "tuple index out of range" in str(error)
else:
    raise AssertionError("expected an IndexError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TD0Estimator, TDLambdaEstimator

torch.manual_seed(0)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
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
# lmbda=0 is TD(0): use TD0Estimator, or the loop implementation of TD(lambda).
td0 = TD0Estimator(gamma=0.9, value_network=critic)(rollout.clone())["value_target"]
loop = TDLambdaEstimator(gamma=0.9, lmbda=0.0, value_network=critic, vectorized=False)(rollout.clone())["value_target"]
assert torch.allclose(td0, loop)
