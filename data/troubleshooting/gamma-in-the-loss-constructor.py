from torch import nn
from torchrl.objectives import DQNLoss

try:
    DQNLoss(nn.Linear(3, 2), action_space="one_hot", gamma=0.9)
except TypeError as error:
    assert "deprecated feature" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
from torch import nn
from torchrl.objectives import DQNLoss, ValueEstimators

loss = DQNLoss(nn.Linear(3, 2), action_space="one_hot")
# The discount belongs to the value estimator the loss uses.
loss.make_value_estimator(ValueEstimators.TD0, gamma=0.9)
assert loss.value_estimator.gamma == 0.9
