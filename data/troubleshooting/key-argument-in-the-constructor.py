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
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
try:
    ClipPPOLoss(actor, critic, advantage_key="my_advantage")
except RuntimeError as error:
    assert "via the constructor is deprecated" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
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
)
loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
# Each <name>_key= argument became the set_keys field <name>.
loss.set_keys(advantage="my_advantage", value_target="my_value_target")
assert loss.tensor_keys.advantage == "my_advantage"
