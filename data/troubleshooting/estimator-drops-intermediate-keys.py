import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.objectives.value import GAE

torch.manual_seed(0)
# A critic in two parts: a feature extractor writing "hidden", then a value head.
critic = TensorDictSequential(
    TensorDictModule(nn.Linear(3, 8), in_keys=["observation"], out_keys=["hidden"]),
    TensorDictModule(nn.Linear(8, 1), in_keys=["hidden"], out_keys=["state_value"]),
)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
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
# No error: the estimator keeps only the value it needs; "hidden" is not in the data.
assert "state_value" in rollout.keys() and "hidden" not in rollout.keys()
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.objectives.value import GAE

torch.manual_seed(0)
critic = TensorDictSequential(
    TensorDictModule(nn.Linear(3, 8), in_keys=["observation"], out_keys=["hidden"]),
    TensorDictModule(nn.Linear(8, 1), in_keys=["hidden"], out_keys=["state_value"]),
)
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
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
# Run the critic yourself, on the current and the next states (the estimator evaluates both
# together and needs the same keys in each), for the outputs you want to keep.
with torch.no_grad():
    critic(rollout)
    critic(rollout["next"])
gae(rollout)
assert "hidden" in rollout.keys() and "advantage" in rollout.keys()
