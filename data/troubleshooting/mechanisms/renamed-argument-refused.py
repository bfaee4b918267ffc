import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import A2CLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=OneHotCategorical,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
try:
    A2CLoss(actor, critic, entropy_coef=0.01)  # the spelling of older releases
except TypeError as error:
    assert "Please use 'entropy_coeff' instead" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import A2CLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=OneHotCategorical,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
loss = A2CLoss(actor, critic, entropy_coeff=0.01)  # today's name: two f's
assert torch.isclose(loss.entropy_coeff, torch.tensor(0.01))
