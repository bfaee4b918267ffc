import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.objectives.value import GAE

actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
my_gae = GAE(gamma=0.9, lmbda=0.8, value_network=critic)
loss = ClipPPOLoss(actor, critic)
# No error: the loss never saw my_gae. Batches without "advantage" get the loss's own default estimator.
assert loss.value_estimator.gamma != my_gae.gamma
# ---- fix ----
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss, ValueEstimators

actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
loss = ClipPPOLoss(actor, critic)
# Give the loss the estimator you mean; or run your GAE on each batch before the loss,
# so that "advantage" and "value_target" are already there.
loss.make_value_estimator(ValueEstimators.GAE, gamma=0.9, lmbda=0.8)
assert loss.value_estimator.gamma == 0.9
