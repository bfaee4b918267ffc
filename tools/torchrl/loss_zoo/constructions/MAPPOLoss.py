"""MAPPOLoss: three agents with a shared decentralised actor and a centralised critic."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.modules import MultiAgentMLP, ProbabilisticActor, TanhNormal
from torchrl.objectives import MAPPOLoss

torch.manual_seed(0)
N_AGENTS, OBS, ACT = 3, 3, 2  # agents, per-agent observation and action sizes
BATCH = (2, 4)  # 2 environments x 4 steps; the agent dimension comes after
VALUE = ("agents", "state_value")  # per-agent values live under "agents"

actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(
            # decentralised: each agent sees only its own observation (parameters shared)
            MultiAgentMLP(OBS, 2 * ACT, N_AGENTS, centralized=False, share_params=True, num_cells=[8]),
            NormalParamExtractor(),
        ),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys=[("agents", "loc"), ("agents", "scale")],
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,  # the collector stores the log-prob PPO needs
)
# centralised: the critic of each agent sees every agent's observation
critic = TensorDictModule(
    MultiAgentMLP(OBS, 1, N_AGENTS, centralized=True, share_params=True, num_cells=[8]),
    in_keys=[("agents", "observation")],
    out_keys=[VALUE],
)

loss = MAPPOLoss(actor, critic)
loss.set_keys(value=VALUE, action=("agents", "action"), sample_log_prob=("agents", "action_log_prob"))

batch = TensorDict(
    {
        ("agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        ("next", "agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        # reward and done flags shared by the team
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
with torch.no_grad():
    actor(batch)  # as a collector would: writes each agent's action and log-prob
