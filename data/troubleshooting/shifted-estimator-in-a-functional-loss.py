import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import A2CLoss, ValueEstimators

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=torch.distributions.Categorical,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
loss = A2CLoss(actor, critic)  # functional=True is the default
# shifted=True: one call of the critic on [t, t+1], which needs the same parameters for both.
loss.make_value_estimator(ValueEstimators.TD0, gamma=0.99, shifted=True)
rollout = TensorDict(
    {
        "observation": torch.randn(2, 4, 3),
        "action": torch.randint(2, (2, 4)),
        "next": {
            "observation": torch.randn(2, 4, 3),
            "reward": torch.randn(2, 4, 1),
            "done": torch.zeros(2, 4, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 4, 1, dtype=torch.bool),
        },
    },
    [2, 4],
)
try:
    loss(rollout)
except ValueError as error:
    assert "cannot be retrieved in a single call" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import A2CLoss, ValueEstimators

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=torch.distributions.Categorical,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
# functional=False: the loss calls the critic as it is, so the shifted single call is possible.
# (Or keep functional=True and build the estimator with shifted=False.)
loss = A2CLoss(actor, critic, functional=False)
loss.make_value_estimator(ValueEstimators.TD0, gamma=0.99, shifted=True)
rollout = TensorDict(
    {
        "observation": torch.randn(2, 4, 3),
        "action": torch.randint(2, (2, 4)),
        "next": {
            "observation": torch.randn(2, 4, 3),
            "reward": torch.randn(2, 4, 1),
            "done": torch.zeros(2, 4, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 4, 1, dtype=torch.bool),
        },
    },
    [2, 4],
)
assert loss(rollout)["loss_critic"].requires_grad
