from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives import DQNLoss

loss = DQNLoss(nn.Linear(3, 2), action_space="one_hot")
try:
    # Old docstrings name constructor arguments such as value_key=; set_keys takes the field name.
    loss.set_keys(value_key="my_value")
except ValueError as error:
    assert "is not an accepted tensordict key" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
from torch import nn
from torchrl.objectives import DQNLoss

loss = DQNLoss(nn.Linear(3, 2), action_space="one_hot")
print(sorted(loss.tensor_keys.__dict__))  # the names set_keys accepts
loss.set_keys(value="my_value")
assert loss.tensor_keys.value == "my_value"
