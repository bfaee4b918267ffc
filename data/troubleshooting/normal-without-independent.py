import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torch.distributions import Normal
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
# torch's Normal gives one log-prob per action dimension, not one per action.
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=Normal,
    return_log_prob=True,
)
loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
with torch.no_grad():
    actor(batch)
losses = loss(batch)
# No error: the ratios are per action dimension, so the importance weights (ESS) have one entry per dimension.
assert batch["action_log_prob"].shape == (4, 2)
assert losses["ESS"].shape == (2,)
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import IndependentNormal, ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
# IndependentNormal (or TanhNormal) sums over the action dimensions: one log-prob per action.
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=IndependentNormal,
    return_log_prob=True,
)
loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
with torch.no_grad():
    actor(batch)
losses = loss(batch)
assert batch["action_log_prob"].shape == (4,)
assert losses["ESS"].shape == ()
