import torch
from tensordict import TensorDict
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
updater = SoftUpdate(loss, tau=0.05)  # built, but its step() is never called below
optimizer = torch.optim.SGD(loss.parameters(), lr=0.1)
target_at_start = loss.target_value_network_params.detach().clone()
for _ in range(3):
    batch = TensorDict(
        {
            "observation": torch.randn(8, 3),
            "action": torch.nn.functional.one_hot(torch.randint(2, (8,)), 2),
            "next": {
                "observation": torch.randn(8, 3),
                "reward": torch.randn(8, 1),
                "done": torch.zeros(8, 1, dtype=torch.bool),
                "terminated": torch.zeros(8, 1, dtype=torch.bool),
            },
        },
        [8],
    )
    optimizer.zero_grad()
    loss(batch)["loss"].backward()
    optimizer.step()
# No error: the online network trained, the target network is still its initial copy.
target_now = loss.target_value_network_params.detach()
assert all(torch.equal(target_now[k], target_at_start[k]) for k in target_now.keys(True, True))
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
updater = SoftUpdate(loss, tau=0.05)
optimizer = torch.optim.SGD(loss.parameters(), lr=0.1)
target_at_start = loss.target_value_network_params.detach().clone()
for _ in range(3):
    batch = TensorDict(
        {
            "observation": torch.randn(8, 3),
            "action": torch.nn.functional.one_hot(torch.randint(2, (8,)), 2),
            "next": {
                "observation": torch.randn(8, 3),
                "reward": torch.randn(8, 1),
                "done": torch.zeros(8, 1, dtype=torch.bool),
                "terminated": torch.zeros(8, 1, dtype=torch.bool),
            },
        },
        [8],
    )
    optimizer.zero_grad()
    loss(batch)["loss"].backward()
    optimizer.step()
    updater.step()  # after each optimizer step
target_now = loss.target_value_network_params.detach()
assert not all(torch.equal(target_now[k], target_at_start[k]) for k in target_now.keys(True, True))
