import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
actor_optim = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)
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
losses = ClipPPOLoss(actor, critic)(batch)
try:
    # One backward per term, as with one optimizer per network: the objective and the entropy
    # bonus come from the same distribution, whose graph the first backward has freed.
    for name in ("loss_objective", "loss_entropy", "loss_critic"):
        losses[name].backward()
except RuntimeError as error:
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(3, 4), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
actor_optim = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)
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
losses = ClipPPOLoss(actor, critic)(batch)
# Sum the terms and call backward once: each parameter gets the gradient of the terms it appears in,
# so two optimizers can still step their own networks afterwards.
total = losses["loss_objective"] + losses["loss_entropy"] + losses["loss_critic"]
total.backward()
actor_optim.step()
critic_optim.step()
assert all(p.grad is not None for p in critic.parameters())
