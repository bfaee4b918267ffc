import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.data import Bounded
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import ProbabilisticActor, TanhNormal

actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(torch.nn.Linear(3, 2), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    spec=Bounded(-1.0, 1.0, (1,)),
    distribution_class=TanhNormal,
)
data = TensorDict({"observation": torch.randn(4, 3)}, [4])
try:
    with set_exploration_type(ExplorationType.MODE):  # how older evaluation loops asked for the greedy action
        actor(data)
except RuntimeError as error:
    assert "has not analytical mode" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.data import Bounded
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import ProbabilisticActor, TanhNormal

actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(torch.nn.Linear(3, 2), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    spec=Bounded(-1.0, 1.0, (1,)),
    distribution_class=TanhNormal,
)
data = TensorDict({"observation": torch.randn(4, 3)}, [4])
with set_exploration_type(ExplorationType.DETERMINISTIC):  # works with every distribution
    first = actor(data.clone())["action"]
    second = actor(data.clone())["action"]
assert torch.equal(first, second)  # the same action every time: no sampling
