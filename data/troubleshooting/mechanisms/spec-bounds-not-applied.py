import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import Actor

torch.manual_seed(0)
# The environment takes actions in [-1, 1], and the actor is given that spec...
actor = Actor(nn.Linear(3, 2), in_keys=["observation"], spec=Bounded(-1.0, 1.0, (2,)))
actions = actor(TensorDict({"observation": 10 * torch.randn(16, 3)}, [16]))["action"]
# ...but a spec describes the action; it bounds nothing by default. No error, actions beyond 1.
assert actions.abs().max() > 1
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.data import Bounded
from torchrl.modules import Actor

torch.manual_seed(0)
# safe=True projects every output onto the spec (a tanh in the network keeps gradients smoother).
actor = Actor(nn.Linear(3, 2), in_keys=["observation"], spec=Bounded(-1.0, 1.0, (2,)), safe=True)
actions = actor(TensorDict({"observation": 10 * torch.randn(16, 3)}, [16]))["action"]
assert actions.abs().max() <= 1
