from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

# Neither the Q-network (no spec=) nor the loss says how actions are encoded.
qnet = QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot")
try:
    DQNLoss(qnet)
except ValueError as error:
    assert "could not be retrieved from the value network" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

# Give the Q-network the environment's action spec (env.action_spec), or pass action_space= to the loss.
qnet = QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], spec=OneHot(2))
loss = DQNLoss(qnet)
assert loss.action_space == "one_hot"
