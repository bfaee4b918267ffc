import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss, ValueEstimators

torch.manual_seed(0)
network = QValueActor(nn.Linear(2, 2, bias=False), in_keys=["observation"], spec=OneHot(2))
loss = DQNLoss(network, loss_function="l2", delay_value=True)  # a target network...
loss.make_value_estimator(ValueEstimators.TD0, gamma=1.0)
with torch.no_grad():  # online Q(s') = [2, 0] prefers action 0; target Q(s') = [1, 3] prefers action 1
    loss.value_network_params.flatten_keys()["module.0.module.weight"].copy_(torch.tensor([[2.0, 0.0], [0.0, 0.0]]))
    loss.target_value_network_params.flatten_keys()["module.0.module.weight"].copy_(torch.tensor([[1.0, 0.0], [3.0, 0.0]]))
batch = TensorDict(
    {
        "observation": torch.zeros(1, 2),  # Q(s, a) = 0, so the loss is the squared target
        "action": torch.tensor([[1, 0]]),
        "next": {
            "observation": torch.tensor([[1.0, 0.0]]),
            "reward": torch.zeros(1, 1),
            "done": torch.zeros(1, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 1, dtype=torch.bool),
        },
    },
    [1],
)
# No error: the target is max_a Q_target(s', a) = 3 (DQN with a target network), not
# Q_target(s', argmax_a Q_online(s', a)) = 1 (Double DQN).
assert loss(batch)["loss"].item() == 9.0
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import QValueActor
from torchrl.objectives import DQNLoss, ValueEstimators

torch.manual_seed(0)
network = QValueActor(nn.Linear(2, 2, bias=False), in_keys=["observation"], spec=OneHot(2))
# double_dqn=True: the online network picks the next action, the target network values it.
loss = DQNLoss(network, loss_function="l2", delay_value=True, double_dqn=True)
loss.make_value_estimator(ValueEstimators.TD0, gamma=1.0)
with torch.no_grad():
    loss.value_network_params.flatten_keys()["module.0.module.weight"].copy_(torch.tensor([[2.0, 0.0], [0.0, 0.0]]))
    loss.target_value_network_params.flatten_keys()["module.0.module.weight"].copy_(torch.tensor([[1.0, 0.0], [3.0, 0.0]]))
batch = TensorDict(
    {
        "observation": torch.zeros(1, 2),
        "action": torch.tensor([[1, 0]]),
        "next": {
            "observation": torch.tensor([[1.0, 0.0]]),
            "reward": torch.zeros(1, 1),
            "done": torch.zeros(1, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 1, dtype=torch.bool),
        },
    },
    [1],
)
assert loss(batch)["loss"].item() == 1.0
