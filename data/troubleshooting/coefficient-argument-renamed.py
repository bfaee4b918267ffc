import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
try:
    ClipPPOLoss(actor, critic, critic_coef=0.5)  # the spelling of torchrl 0.10 and earlier
except TypeError as error:
    assert "Please use 'critic_coeff' instead" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
# Both coefficients are spelled with two f's (the same holds for A2CLoss).
loss = ClipPPOLoss(actor, critic, critic_coeff=0.5, entropy_coeff=0.01)
assert float(loss.critic_coeff) == 0.5
