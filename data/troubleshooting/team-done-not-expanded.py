import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
AGENTS = 3
critic = ValueOperator(nn.Linear(3, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
gae.set_keys(value=("agents", "state_value"), reward=("agents", "reward"))
rollout = TensorDict(
    {
        "agents": TensorDict({"observation": torch.randn(1, 5, AGENTS, 3)}, [1, 5, AGENTS]),
        "next": {
            "agents": TensorDict(
                {"observation": torch.randn(1, 5, AGENTS, 3), "reward": torch.randn(1, 5, AGENTS, 1)},
                [1, 5, AGENTS],
            ),
            # The environment ends for the whole team: done/terminated have no agent dimension.
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
try:
    gae(rollout)
except RuntimeError as error:
    assert "must share a unique shape" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torch import nn
from torchrl.modules import ValueOperator
from torchrl.objectives.value import GAE

torch.manual_seed(0)
AGENTS = 3
critic = ValueOperator(nn.Linear(3, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
gae = GAE(gamma=0.99, lmbda=0.95, value_network=critic)
gae.set_keys(
    value=("agents", "state_value"),
    reward=("agents", "reward"),
    done=("agents", "done"),
    terminated=("agents", "terminated"),
)
rollout = TensorDict(
    {
        "agents": TensorDict({"observation": torch.randn(1, 5, AGENTS, 3)}, [1, 5, AGENTS]),
        "next": {
            "agents": TensorDict(
                {"observation": torch.randn(1, 5, AGENTS, 3), "reward": torch.randn(1, 5, AGENTS, 1)},
                [1, 5, AGENTS],
            ),
            "done": torch.zeros(1, 5, 1, dtype=torch.bool),
            "terminated": torch.zeros(1, 5, 1, dtype=torch.bool),
        },
    },
    [1, 5],
)
# Copy the team's flags to every agent, with the reward's shape.
agent_shape = rollout["next", "agents", "reward"].shape
for flag in ("done", "terminated"):
    rollout["next", "agents", flag] = rollout["next", flag].unsqueeze(-1).expand(agent_shape)
gae(rollout)
assert rollout["advantage"].shape == (1, 5, AGENTS, 1)
