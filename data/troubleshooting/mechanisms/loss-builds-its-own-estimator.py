import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss
from torchrl.objectives.value import TD0Estimator

torch.manual_seed(0)
qnet = QValueActor(nn.Linear(3, 2), in_keys=["observation"], spec=OneHot(2))
loss = DQNLoss(qnet)
# An estimator built beside the loss, with the discount this task needs...
mine = TD0Estimator(gamma=0.5, value_network=qnet)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
loss(batch)
# ...is not the loss's: the loss made its own on the first call, with the default discount.
assert loss.value_estimator is not mine
assert torch.isclose(loss.value_estimator.gamma, torch.tensor(0.99))
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss, ValueEstimators

torch.manual_seed(0)
qnet = QValueActor(nn.Linear(3, 2), in_keys=["observation"], spec=OneHot(2))
loss = DQNLoss(qnet)
# Have the loss build its estimator, with your hyperparameters, before its first call.
loss.make_value_estimator(ValueEstimators.TD0, gamma=0.5)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
loss(batch)
assert torch.isclose(loss.value_estimator.gamma, torch.tensor(0.5))
