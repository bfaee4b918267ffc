import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
AGENTS = 2
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
    log_prob_key=("agents", "action_log_prob"),
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
loss = ClipPPOLoss(actor, critic)  # its keys still point at the root: "action", "state_value", ...
batch = TensorDict(
    {
        "agents": TensorDict({"observation": torch.randn(4, AGENTS, 3)}, [4, AGENTS]),
        "next": {
            "agents": TensorDict(
                {
                    "observation": torch.randn(4, AGENTS, 3),
                    "reward": torch.randn(4, AGENTS, 1),
                    "done": torch.zeros(4, AGENTS, 1, dtype=torch.bool),
                    "terminated": torch.zeros(4, AGENTS, 1, dtype=torch.bool),
                },
                [4, AGENTS],
            ),
        },
    },
    [4],
)
with torch.no_grad():
    actor(batch)
try:
    loss(batch)
except KeyError as error:
    assert "value key 'state_value' not found" in str(error)
else:
    raise AssertionError("expected a KeyError")
# ---- fix ----
# ---- fix: done and terminated per agent (ClipPPOLoss) ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
AGENTS = 2
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
    log_prob_key=("agents", "action_log_prob"),
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
loss = ClipPPOLoss(actor, critic)
# Every key the loss reads or writes, nested under the agent group (tuples are nested keys),
# done and terminated too: this data holds them per agent.
loss.set_keys(
    action=("agents", "action"),
    sample_log_prob=("agents", "action_log_prob"),
    value=("agents", "state_value"),
    advantage=("agents", "advantage"),
    value_target=("agents", "value_target"),
    reward=("agents", "reward"),
    done=("agents", "done"),
    terminated=("agents", "terminated"),
)
batch = TensorDict(
    {
        "agents": TensorDict({"observation": torch.randn(4, AGENTS, 3)}, [4, AGENTS]),
        "next": {
            "agents": TensorDict(
                {
                    "observation": torch.randn(4, AGENTS, 3),
                    "reward": torch.randn(4, AGENTS, 1),
                    "done": torch.zeros(4, AGENTS, 1, dtype=torch.bool),
                    "terminated": torch.zeros(4, AGENTS, 1, dtype=torch.bool),
                },
                [4, AGENTS],
            ),
        },
    },
    [4],
)
with torch.no_grad():
    actor(batch)
assert loss(batch)["loss_objective"].requires_grad
# ---- fix: one done flag for the team (MAPPOLoss) ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import MAPPOLoss

torch.manual_seed(0)
AGENTS = 2
actor = ProbabilisticActor(
    TensorDictModule(
        nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "loc"), ("agents", "scale")],
    ),
    in_keys={"loc": ("agents", "loc"), "scale": ("agents", "scale")},
    out_keys=[("agents", "action")],
    distribution_class=TanhNormal,
    return_log_prob=True,
    log_prob_key=("agents", "action_log_prob"),
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=[("agents", "observation")], out_keys=[("agents", "state_value")])
loss = MAPPOLoss(actor, critic)
# The agents' own entries under the group; done and terminated stay at the root, where the team's flags are.
loss.set_keys(
    action=("agents", "action"),
    sample_log_prob=("agents", "action_log_prob"),
    value=("agents", "state_value"),
    advantage=("agents", "advantage"),
    value_target=("agents", "value_target"),
    reward=("agents", "reward"),
)
batch = TensorDict(
    {
        "agents": TensorDict({"observation": torch.randn(4, AGENTS, 3)}, [4, AGENTS]),
        "next": {
            "agents": TensorDict(
                {"observation": torch.randn(4, AGENTS, 3), "reward": torch.randn(4, AGENTS, 1)}, [4, AGENTS]
            ),
            # one done and one terminated flag for the whole team
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
with torch.no_grad():
    actor(batch)
assert loss(batch)["loss_objective"].requires_grad
