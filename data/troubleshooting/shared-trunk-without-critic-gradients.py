import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ActorValueOperator, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
trunk = TensorDictModule(nn.Linear(3, 8), in_keys=["observation"], out_keys=["hidden"])
policy_head = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(8, 4), NormalParamExtractor()), in_keys=["hidden"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
shared = ActorValueOperator(trunk, policy_head, ValueOperator(nn.Linear(8, 1), in_keys=["hidden"]))
actor, critic = shared.get_policy_operator(), shared.get_value_operator()
batch = TensorDict({"observation": torch.randn(6, 3)}, [6])
with torch.no_grad():
    actor(batch)
batch["next"] = TensorDict(
    {
        "observation": torch.randn(6, 3),
        "reward": torch.randn(6, 1),
        "done": torch.zeros(6, 1, dtype=torch.bool),
        "terminated": torch.zeros(6, 1, dtype=torch.bool),
    },
    [6],
)
loss = ClipPPOLoss(actor, critic, separate_losses=True)
loss(batch)["loss_critic"].backward()
trunk_weight = loss.actor_network_params.flatten_keys()["module.0.module.weight"]
# No error: the critic's loss leaves the shared trunk untouched; only the policy loss trains it.
assert trunk_weight.grad is None or not trunk_weight.grad.any()
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ActorValueOperator, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
trunk = TensorDictModule(nn.Linear(3, 8), in_keys=["observation"], out_keys=["hidden"])
policy_head = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(8, 4), NormalParamExtractor()), in_keys=["hidden"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
shared = ActorValueOperator(trunk, policy_head, ValueOperator(nn.Linear(8, 1), in_keys=["hidden"]))
actor, critic = shared.get_policy_operator(), shared.get_value_operator()
batch = TensorDict({"observation": torch.randn(6, 3)}, [6])
with torch.no_grad():
    actor(batch)
batch["next"] = TensorDict(
    {
        "observation": torch.randn(6, 3),
        "reward": torch.randn(6, 1),
        "done": torch.zeros(6, 1, dtype=torch.bool),
        "terminated": torch.zeros(6, 1, dtype=torch.bool),
    },
    [6],
)
# separate_losses=False (the default): the critic's loss also trains the layers it shares.
loss = ClipPPOLoss(actor, critic, separate_losses=False)
loss(batch)["loss_critic"].backward()
trunk_weight = loss.actor_network_params.flatten_keys()["module.0.module.weight"]
assert trunk_weight.grad is not None and trunk_weight.grad.any()
