import torch
from tensordict import TensorDict
from tensordict.nn import EnsembleModule, TensorDictModule, TensorDictModuleBase, TensorDictSequential
from torch import nn
from torchrl.modules import QValueModule
from torchrl.objectives import DQNLoss


class MinOverMembers(TensorDictModuleBase):
    """Pessimistic Q-values: the minimum over the ensemble's members."""

    in_keys = ["action_value"]
    out_keys = ["action_value"]

    def forward(self, members):
        # Returns a new TensorDict (the first member's, overwritten) instead of writing into the input.
        return members[0].set("action_value", members["action_value"].min(0).values)


torch.manual_seed(0)
ensemble = EnsembleModule(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["action_value"]), num_copies=2
)
qnet = TensorDictSequential(ensemble, MinOverMembers(), QValueModule(action_space="one-hot"))
loss = DQNLoss(qnet, action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
try:
    loss(batch)  # the loss reads "action_value" from the TensorDict it passed in: it is not there
except TypeError as error:
    assert "'NoneType' and 'Tensor'" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import EnsembleModule, TensorDictModule, TensorDictModuleBase, TensorDictSequential
from torch import nn
from torchrl.modules import QValueModule
from torchrl.objectives import DQNLoss


class PessimisticEnsemble(TensorDictModuleBase):
    """Runs the ensemble on a copy and writes the minimum into the TensorDict it was given."""

    def __init__(self, ensemble):
        super().__init__()
        self.ensemble = ensemble
        self.in_keys = list(ensemble.in_keys)
        self.out_keys = ["action_value"]

    def forward(self, tensordict):
        members = self.ensemble(tensordict.select(*self.in_keys))  # batch [members, *batch]
        return tensordict.set("action_value", members["action_value"].min(0).values)


torch.manual_seed(0)
ensemble = EnsembleModule(
    TensorDictModule(nn.Linear(3, 2), in_keys=["observation"], out_keys=["action_value"]), num_copies=2
)
qnet = TensorDictSequential(PessimisticEnsemble(ensemble), QValueModule(action_space="one-hot"))
loss = DQNLoss(qnet, action_space="one-hot")
batch = TensorDict(
    {
        "observation": torch.randn(4, 3),
        "action": nn.functional.one_hot(torch.randint(2, (4,)), 2),
        "next": {
            "observation": torch.randn(4, 3),
            "reward": torch.randn(4, 1),
            "done": torch.zeros(4, 1, dtype=torch.bool),
            "terminated": torch.zeros(4, 1, dtype=torch.bool),
        },
    },
    [4],
)
assert loss(batch)["loss"].requires_grad
