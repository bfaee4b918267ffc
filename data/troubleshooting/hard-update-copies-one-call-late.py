import torch
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, HardUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
updater = HardUpdate(loss, value_network_update_interval=4)
with torch.no_grad():  # stand-in for training: move the online weights
    for weight in loss.value_network_params.values(True, True):
        weight.add_(1.0)


def copied():
    online, target = loss.value_network_params, loss.target_value_network_params
    return all(torch.equal(online[k], target[k]) for k in online.keys(True, True))


for _ in range(4):
    updater.step()
# No error: after 4 calls with interval 4, the target has not been copied yet.
assert not copied()
updater.step()
assert copied()  # the copy comes on call 5
# ---- fix ----
import torch
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, HardUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
EVERY = 4  # copy after every 4 optimizer steps
# The counter copies when it exceeds the interval: pass one less than the period you want.
updater = HardUpdate(loss, value_network_update_interval=EVERY - 1)
with torch.no_grad():
    for weight in loss.value_network_params.values(True, True):
        weight.add_(1.0)
for _ in range(EVERY):
    updater.step()
online, target = loss.value_network_params, loss.target_value_network_params
assert all(torch.equal(online[k], target[k]) for k in online.keys(True, True))
