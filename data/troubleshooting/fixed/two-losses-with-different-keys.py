from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

# The reported pattern: one loss per agent group, each with its own reward key.
first = DQNLoss(QValueActor(MLP(3, 3, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
first.set_keys(reward="a")
second = DQNLoss(QValueActor(MLP(3, 3, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
second.set_keys(reward="b")
assert first.tensor_keys.reward == "a" and second.tensor_keys.reward == "b"
