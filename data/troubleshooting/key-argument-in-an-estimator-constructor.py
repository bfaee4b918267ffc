import torch
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TDLambdaEstimator

critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"], out_keys=["value"])
try:
    TDLambdaEstimator(gamma=0.99, lmbda=0.95, value_network=critic, value_key="value")
except RuntimeError as error:
    assert "Setting 'value_key' via constructor is deprecated" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import TDLambdaEstimator

critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"], out_keys=["value"])
estimator = TDLambdaEstimator(gamma=0.99, lmbda=0.95, value_network=critic)
# The set_keys field is "value" (not "value_key", whatever the message suggests).
estimator.set_keys(value="value")
assert estimator.tensor_keys.value == "value"
