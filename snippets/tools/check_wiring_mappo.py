"""MAPPO with per-agent keys nested under "agents": the critic's value key must be wired too."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.modules import MultiAgentMLP, ProbabilisticActor, TanhNormal
from torchrl.objectives import MAPPOLoss

from tools.wiring import check_wiring

N_AGENTS, OBS, ACT = 3, 4, 2
BATCH = (2, 5)  # 2 environments x 5 steps, as a multi-agent collector hands them over

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(
            MultiAgentMLP(OBS, 2 * ACT, N_AGENTS, centralized=False, share_params=True, num_cells=[16]),
            NormalParamExtractor(),
        ),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys=[("agents", "loc"), ("agents", "scale")],
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
critic = TensorDictModule(  # centralised: each agent's value sees every agent's observation
    MultiAgentMLP(OBS, 1, N_AGENTS, centralized=True, share_params=True, num_cells=[16]),
    in_keys=[("agents", "observation")],
    out_keys=[("agents", "state_value")],
)
loss = MAPPOLoss(actor, critic)
loss.set_keys(action=("agents", "action"), sample_log_prob=("agents", "action_log_prob"))

batch = TensorDict(
    {
        ("agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        ("next", "agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),  # one team reward
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
with torch.no_grad():
    actor(batch)  # as the collector would: each agent's action and log-probability

report = check_wiring(loss, batch)
print(report)
assert not report.ready

loss.set_keys(value=("agents", "state_value"))  # the fix the report suggests
print("\nverdict after the fix:", check_wiring(loss, batch).verdict)
