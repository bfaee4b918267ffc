import torch
from torchrl.data import Bounded
from torchrl.modules import Actor, AdditiveGaussianWrapper

actor = Actor(torch.nn.Linear(3, 1), spec=Bounded(-1.0, 1.0, (1,)))
try:
    AdditiveGaussianWrapper(actor)  # still importable, but refuses to be built
except RuntimeError as error:
    assert "AdditiveGaussianModule" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictSequential
from torchrl.data import Bounded
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import Actor, AdditiveGaussianModule

torch.manual_seed(0)
spec = Bounded(-1.0, 1.0, (1,))
actor = Actor(torch.nn.Linear(3, 1), spec=spec)
# The noise is a module that runs after the actor, not a wrapper around it.
noise = AdditiveGaussianModule(spec=spec, sigma_init=0.5, sigma_end=0.1, annealing_num_steps=1000)
explorative = TensorDictSequential(actor, noise)
data = TensorDict({"observation": torch.randn(4, 3)}, [4])
with set_exploration_type(ExplorationType.RANDOM):
    noisy = explorative(data.clone())["action"]
assert not torch.equal(noisy, actor(data.clone())["action"]) and spec.is_in(noisy)
noise.step(10)  # anneal sigma by the number of frames collected, as the wrapper's step() did
