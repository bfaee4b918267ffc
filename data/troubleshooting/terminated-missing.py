import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.9, lmbda=1.0, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
observation, next_observation = torch.randn(1, 4, 3), torch.randn(1, 4, 3)
# A time limit stops the episode after step 2 (index 1): it is truncated, not terminated.
stopped = torch.tensor([False, True, False, False]).reshape(1, 4, 1)


def advantage(**flags):
    nxt = {"observation": next_observation, "reward": torch.ones(1, 4, 1), "done": stopped, **flags}
    return gae(TensorDict({"observation": observation, "next": nxt}, [1, 4]))["advantage"]


without_terminated = advantage()
as_if_terminated = advantage(terminated=stopped)
# No error: without ("next", "terminated"), every done counts as a termination,
# so the value after the time limit is not bootstrapped.
assert torch.equal(without_terminated, as_if_terminated)
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
gae = GAE(gamma=0.9, lmbda=1.0, value_network=ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
stopped = torch.tensor([False, True, False, False]).reshape(1, 4, 1)
nxt = {
    "observation": torch.randn(1, 4, 3),
    "reward": torch.ones(1, 4, 1),
    "done": stopped,  # the episode stopped...
    "truncated": stopped,  # ...because of the time limit...
    "terminated": torch.zeros_like(stopped),  # ...so it did not terminate: bootstrap from the next state.
}
rollout = gae(TensorDict({"observation": torch.randn(1, 4, 3), "next": nxt}, [1, 4]))
# At the truncated step the target is reward + gamma * V(next state), not the reward alone.
next_value = rollout["next", "state_value"][0, 1]
assert torch.allclose(rollout["value_target"][0, 1], 1.0 + 0.9 * next_value)
