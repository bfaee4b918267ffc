import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
observation = TensorDict({"observation": torch.zeros(1, 3)}, [1])
first, second = actor(observation.clone())["action"], actor(observation.clone())["action"]
# No error: called in your own loop, the actor returns its deterministic action every time.
assert torch.equal(first, second)
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import ProbabilisticActor, TanhNormal

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
)
observation = TensorDict({"observation": torch.zeros(1, 3)}, [1])
# Collectors sample (ExplorationType.RANDOM); a hand-written loop must ask for it.
with set_exploration_type(ExplorationType.RANDOM):
    first, second = actor(observation.clone())["action"], actor(observation.clone())["action"]
assert not torch.equal(first, second)
