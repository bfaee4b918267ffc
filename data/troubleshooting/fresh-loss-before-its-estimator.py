import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss


def build():
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
    return ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))


torch.manual_seed(0)
trained = build()
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": torch.rand(4, 2) * 2 - 1,
        "action_log_prob": torch.zeros(4),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
trained(batch)  # the first call builds the default value estimator, with buffers of its own
state = trained.state_dict()
fresh = build()
try:
    fresh.load_state_dict(state)
except RuntimeError as error:
    assert "Unexpected key(s) in state_dict" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss, ValueEstimators


def build():
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
    loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
    # Build the estimator when the loss is built: saved and fresh losses then hold the same buffers.
    loss.make_value_estimator(ValueEstimators.GAE, gamma=0.99, lmbda=0.95)
    return loss


torch.manual_seed(0)
state = build().state_dict()
fresh = build()
fresh.load_state_dict(state)
assert abs(float(fresh.value_estimator.gamma) - 0.99) < 1e-6
