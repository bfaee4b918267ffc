import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import OneHot
from torchrl.modules import OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import DiscreteSACLoss

torch.manual_seed(0)
actor = ProbabilisticActor(
    TensorDictModule(nn.Linear(3, 5), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=OneHot(5),
    distribution_class=OneHotCategorical,
)
qvalue = ValueOperator(nn.Linear(3, 5), in_keys=["observation"], out_keys=["action_value"])
loss = DiscreteSACLoss(actor, qvalue, action_space="one-hot", num_actions=5)
# The reported case: more than one batch dimension (here [envs, time] = [2, 4]).
batch = TensorDict(
    {
        "observation": torch.randn(2, 4, 3),
        "action": nn.functional.one_hot(torch.randint(5, (2, 4)), 5),
        "next": {
            "observation": torch.randn(2, 4, 3),
            "reward": torch.randn(2, 4, 1),
            "done": torch.zeros(2, 4, 1, dtype=torch.bool),
            "terminated": torch.zeros(2, 4, 1, dtype=torch.bool),
        },
    },
    [2, 4],
)
assert loss(batch)["loss_qvalue"].requires_grad
