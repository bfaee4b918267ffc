import torch
from torch import nn
from torchrl.modules.models.multiagent import MultiAgentNetBase

AGENTS, TIME, OBS, OUT = 3, 6, 5, 4


class PerAgentNet(MultiAgentNetBase):
    """One small MLP per agent, for inputs laid out [batch, agents, time, features]."""

    def __init__(self, agent_dim):
        super().__init__(n_agents=AGENTS, centralized=False, share_params=False, agent_dim=agent_dim, device="cpu")

    def _build_single_net(self, *, device=None, **kwargs):
        return nn.Sequential(nn.Linear(OBS, 8), nn.Tanh(), nn.Linear(8, OUT))

    def _pre_forward_check(self, inputs):
        return inputs


torch.manual_seed(0)
inputs = torch.randn(2, AGENTS, TIME, OBS)
# The reported pattern: the agents are not in dimension -2. Before the fix the output was built
# as if they were, and the shape check refused it.
for agent_dim in (1, -3):
    assert PerAgentNet(agent_dim)(inputs).shape == (2, AGENTS, TIME, OUT)
