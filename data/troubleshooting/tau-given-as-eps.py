import torch
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
# Meant "keep 99.5% of the target" (that is eps), written as tau.
updater = SoftUpdate(loss, tau=0.995)
with torch.no_grad():
    for weight in loss.value_network_params.values(True, True):
        weight.add_(1.0)
updater.step()
gap = (loss.value_network_params - loss.target_value_network_params).abs()
# No error: one step closed 99.5% of the gap; the target is a copy of the online network.
assert max(float(v.max()) for v in gap.values(True, True)) < 0.01
# ---- fix ----
import torch
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

torch.manual_seed(0)
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
updater = SoftUpdate(loss, eps=0.995)  # or tau=0.005: the same update
with torch.no_grad():
    for weight in loss.value_network_params.values(True, True):
        weight.add_(1.0)
updater.step()
gap = (loss.value_network_params - loss.target_value_network_params).abs()
# One step closed 0.5% of the gap of 1.0.
assert all(torch.allclose(v, torch.full_like(v, 0.995)) for v in gap.values(True, True))
