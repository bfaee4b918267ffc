from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
try:
    SoftUpdate(loss)
except RuntimeError as error:
    assert "Neither eps nor tau was provided" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss, SoftUpdate

loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2)))
updater = SoftUpdate(loss, tau=0.005)  # the value the reference scripts use for DQN-style losses varies: choose it
assert abs(updater.eps - 0.995) < 1e-12
