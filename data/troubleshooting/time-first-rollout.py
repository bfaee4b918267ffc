import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.9, lmbda=0.9, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))


def rollout(time_first):
    # 6 steps of 2 environments, stored [time, env] or [env, time].
    torch.manual_seed(1)
    data = TensorDict(
        {
            "observation": torch.randn(2, 6, 3),
            "next": {
                "observation": torch.randn(2, 6, 3),
                "reward": torch.randn(2, 6, 1),
                "done": torch.zeros(2, 6, 1, dtype=torch.bool),
                "terminated": torch.zeros(2, 6, 1, dtype=torch.bool),
            },
        },
        [2, 6],
    )
    return data.transpose(0, 1) if time_first else data


env_first = gae(rollout(time_first=False))["advantage"]
time_first = gae(rollout(time_first=True))["advantage"].transpose(0, 1)
# No error: the estimator took the last dimension (the 2 environments) for time.
assert not torch.allclose(env_first, time_first)
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(1)
data = TensorDict(
    {
        "observation": torch.randn(2, 6, 3),
        "next": {
            "observation": torch.randn(2, 6, 3),
            "reward": torch.randn(2, 6, 1),
            "done": torch.zeros(2, 6, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 6, 1, dtype=torch.bool),
        },
    },
    [2, 6],
)
torch.manual_seed(0)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
env_first = GAE(gamma=0.9, lmbda=0.9, value_network=critic)(data.clone())["advantage"]
# Time-first data: say which dimension is time.
time_first = GAE(gamma=0.9, lmbda=0.9, value_network=critic, time_dim=0)(data.clone().transpose(0, 1))
assert torch.allclose(env_first, time_first["advantage"].transpose(0, 1), atol=1e-6)
