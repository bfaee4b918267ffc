import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import GRUModule, OneHotCategorical, ProbabilisticActor
from torchrl.objectives import DiscreteSACLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=OneHot(4),
    distribution_class=OneHotCategorical,
)
qvalue = TensorDictSequential(
    GRUModule(input_size=3, hidden_size=8, in_key="observation", out_key="features"),
    TensorDictModule(nn.Linear(8, 4), in_keys=["features"], out_keys=["action_value"]),
)
loss = DiscreteSACLoss(actor, qvalue, action_space="one-hot", num_actions=4)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(4, (4,)), 4),
        "is_init": torch.ones(4, 1, dtype=torch.bool),
        "recurrent_state": torch.zeros(4, 1, 8),
        "next": {
            "observation": torch.randn(4, 3),
            "is_init": torch.zeros(4, 1, dtype=torch.bool),
            "recurrent_state": torch.zeros(4, 1, 8),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
try:
    loss(batch)  # the two Q-networks are evaluated in one torch.vmap call
except RuntimeError as error:
    assert "Batching rule not implemented for aten::gru" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import GRUModule, OneHotCategorical, ProbabilisticActor
from torchrl.objectives import DiscreteSACLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 4), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=OneHot(4),
    distribution_class=OneHotCategorical,
)
qvalue = TensorDictSequential(
    GRUModule(input_size=3, hidden_size=8, in_key="observation", out_key="features"),
    TensorDictModule(nn.Linear(8, 4), in_keys=["features"], out_keys=["action_value"]),
)
# deactivate_vmap=True: the Q-networks are called one after the other instead of under vmap.
loss = DiscreteSACLoss(actor, qvalue, action_space="one-hot", num_actions=4, deactivate_vmap=True)
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(4, (4,)), 4),
        "is_init": torch.ones(4, 1, dtype=torch.bool),
        "recurrent_state": torch.zeros(4, 1, 8),
        "next": {
            "observation": torch.randn(4, 3),
            "is_init": torch.zeros(4, 1, dtype=torch.bool),
            "recurrent_state": torch.zeros(4, 1, 8),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss_qvalue"].requires_grad
