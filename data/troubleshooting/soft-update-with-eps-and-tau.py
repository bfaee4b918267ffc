from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
try:
    SoftUpdate(loss, eps=0.995, tau=0.005)
except ValueError as error:
    assert "One and only one argument (tau or eps)" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
# tau is the fraction of the gap closed per step; eps = 1 - tau is the fraction of the target kept.
updater = SoftUpdate(loss, tau=0.005)
assert abs(updater.eps - 0.995) < 1e-12
