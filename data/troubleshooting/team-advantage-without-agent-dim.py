import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
BATCH, AGENTS, OBS = 512, 2, 3
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(OBS, 2), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
    log_prob_key=("agents", "action_log_prob"),
)
critic = ValueOperator(nn.Linear(OBS, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
loss = ClipPPOLoss(actor, critic)
loss.set_keys(
    action=("agents", "action"),
    sample_log_prob=("agents", "action_log_prob"),
    value=("agents", "state_value"),
    value_target=("agents", "value_target"),
)
batch = TensorDict(
    {"agents": TensorDict({"observation": torch.randn(BATCH, AGENTS, OBS)}, [BATCH, AGENTS])}, [BATCH]
)
with torch.no_grad():
    actor(batch)
batch["agents", "value_target"] = torch.randn(BATCH, AGENTS, 1)
batch["advantage"] = torch.randn(BATCH)  # one advantage per sample, for the whole team
try:
    loss(batch)
except ValueError as error:
    assert "would broadcast to" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
BATCH, AGENTS, OBS = 512, 2, 3
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(OBS, 2), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
    log_prob_key=("agents", "action_log_prob"),
)
critic = ValueOperator(nn.Linear(OBS, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
loss = ClipPPOLoss(actor, critic)
loss.set_keys(
    action=("agents", "action"),
    sample_log_prob=("agents", "action_log_prob"),
    value=("agents", "state_value"),
    value_target=("agents", "value_target"),
    advantage=("agents", "advantage"),  # the advantage lives with the agents too
)
batch = TensorDict(
    {"agents": TensorDict({"observation": torch.randn(BATCH, AGENTS, OBS)}, [BATCH, AGENTS])}, [BATCH]
)
with torch.no_grad():
    actor(batch)
batch["agents", "value_target"] = torch.randn(BATCH, AGENTS, 1)
team_advantage = torch.randn(BATCH)
# One value per agent, with the agents' shape [batch, agents, 1]: copy the team's to each agent.
batch["agents", "advantage"] = team_advantage[:, None, None].expand(BATCH, AGENTS, 1)
losses = loss(batch)
assert losses["loss_objective"].shape == ()
