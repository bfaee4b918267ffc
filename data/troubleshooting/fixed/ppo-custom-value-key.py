import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
# The reported setup: a critic writing "state_action_value" instead of "state_value".
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"], out_keys=["state_action_value"])
loss = ClipPPOLoss(actor, critic)
loss.set_keys(value="state_action_value")  # reaches the estimator the loss builds
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
        "action_log_prob": torch.zeros(4),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss_critic"].requires_grad
