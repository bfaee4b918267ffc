from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

loss = DQNLoss(QValueActor(MLP(3, 2, num_cells=[8]), in_keys=["observation"], action_space="one-hot"), action_space="one-hot")
# The reported gap: DQNLoss's value and action-value keys could not be renamed.
loss.set_keys(value="my_chosen_value", action_value="my_action_value")
assert loss.tensor_keys.value == "my_chosen_value"
assert loss.tensor_keys.action_value == "my_action_value"
