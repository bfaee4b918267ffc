import torch
from tensordict import TensorDict
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
qnet = QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot")
loss = DQNLoss(qnet, action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(2, (4,)),  # action indices, while the loss expects one-hot vectors
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
try:
    loss(batch)
except RuntimeError as error:
    assert "must match the size of tensor" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
# Say "categorical" on both sides when the environment gives action indices
# (GymEnv(..., categorical_action_encoding=True) does), or one-hot encode the stored actions.
qnet = QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="categorical")
loss = DQNLoss(qnet, action_space="categorical")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.randint(2, (4,)),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss"].requires_grad
