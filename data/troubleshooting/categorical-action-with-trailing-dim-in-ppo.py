import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=torch.distributions.Categorical,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
batch = TensorDict({"observation": torch.randn(5, 3)}, [5])
with torch.no_grad():
    actor(batch)
batch["action"] = batch["action"].unsqueeze(-1)  # stored as [batch, 1], like a Categorical spec of shape (1,)
batch["next"] = TensorDict(
    {
        "observation": torch.randn(5, 3),
        "reward": torch.randn(5, 1),
        "done": torch.zeros(5, 1, dtype=torch.bool),
        "terminated": torch.zeros(5, 1, dtype=torch.bool),
    },
    [5],
)
out = ClipPPOLoss(actor, critic)(batch)
# No error: the log-probability of [5, 1] actions under a batch of 5 distributions is [5, 5], every
# action scored under every state. The effective sample size gives it away: one value per row.
assert out["ESS"].shape == torch.Size([5])
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.modules import ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    distribution_class=torch.distributions.Categorical,
    return_log_prob=True,
)
critic = ValueOperator(nn.Linear(3, 1), in_keys=["observation"])
batch = TensorDict({"observation": torch.randn(5, 3)}, [5])
with torch.no_grad():
    actor(batch)
# Index actions for torch's Categorical have no trailing dimension: [batch].
assert batch["action"].shape == torch.Size([5])
batch["next"] = TensorDict(
    {
        "observation": torch.randn(5, 3),
        "reward": torch.randn(5, 1),
        "done": torch.zeros(5, 1, dtype=torch.bool),
        "terminated": torch.zeros(5, 1, dtype=torch.bool),
    },
    [5],
)
out = ClipPPOLoss(actor, critic)(batch)
assert out["ESS"].shape == torch.Size([])
