try:
    # The context manager of torchrl 0.1 and earlier, still in many tutorials and scripts.
    from torchrl.envs.utils import set_exploration_mode  # noqa: F401
except ImportError as error:
    assert "cannot import name 'set_exploration_mode'" in str(error)
else:
    raise AssertionError("expected an ImportError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import OneHotCategorical, ProbabilisticActor

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=OneHotCategorical,
)
# The renamed context manager takes an ExplorationType member.
with set_exploration_type(ExplorationType.RANDOM):
    action = actor(TensorDict({"observation": torch.randn(3)}, []))["action"]
assert action.sum() == 1
