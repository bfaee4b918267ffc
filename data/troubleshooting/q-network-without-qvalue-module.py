import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
# Writes the Q-values, but nobody picks the action or the value of the chosen action.
qnet = TensorDictModule(MLP(3, 2, num_cells=[8]), in_keys=["observation"], out_keys=["action_value"])
loss = DQNLoss(qnet, action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.nn.functional.one_hot(torch.randint(2, (4,)), 2),
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
except KeyError as error:
    assert "'chosen_action_value' not found" in str(error)
else:
    raise AssertionError("expected a KeyError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
# QValueActor adds the QValueModule that writes action, action_value and chosen_action_value.
qnet = QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot")
loss = DQNLoss(qnet, action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.nn.functional.one_hot(torch.randint(2, (4,)), 2),
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
