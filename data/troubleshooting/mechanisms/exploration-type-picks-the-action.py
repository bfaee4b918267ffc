import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import OneHotCategorical, ProbabilisticActor

torch.manual_seed(0)
policy = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=OneHotCategorical,
)
observation = TensorDict({"observation": torch.randn(3)}, [])
# A hand-written loop calls the policy without saying how to turn its distribution into an action.
actions = torch.stack([policy(observation.clone())["action"] for _ in range(20)])
# No error: the default takes the deterministic action (here the most likely one) every time.
assert (actions == actions[0]).all()
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import OneHotCategorical, ProbabilisticActor

torch.manual_seed(0)
policy = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=OneHotCategorical,
)
observation = TensorDict({"observation": torch.randn(3)}, [])
# Sample, as collectors do; DETERMINISTIC is for evaluation (MODE needs an analytical mode).
with set_exploration_type(ExplorationType.RANDOM):
    actions = torch.stack([policy(observation.clone())["action"] for _ in range(20)])
assert not (actions == actions[0]).all()
