from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

# delay_value=False: the loss keeps no target copy of the Q-network.
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)), delay_value=False)
try:
    SoftUpdate(loss, tau=0.005)
except RuntimeError as error:
    assert "Did not find any target parameters or buffers" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

# Keep target parameters (the default for DQNLoss), or use no updater at all.
loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)), delay_value=True)
updater = SoftUpdate(loss, tau=0.005)
updater.step()
