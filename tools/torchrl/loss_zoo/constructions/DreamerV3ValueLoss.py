"""DreamerV3ValueLoss: fit a tiny value model (symlog regression) to the lambda-returns of an imagined rollout."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP
from torchrl.objectives import DreamerV3ValueLoss

torch.manual_seed(0)
STATE, BELIEF = 3, 4  # sizes of the stochastic state and the deterministic belief
BATCH = (2, 4)  # 2 imagined trajectories x 4 imagined steps (time is the second dimension)
VALUE = ("critic", "value")  # where the value model writes, wired with set_keys below

value_model = TensorDictModule(MLP(STATE + BELIEF, 1, num_cells=[8]), in_keys=["state", "belief"], out_keys=[VALUE])

loss = DreamerV3ValueLoss(value_model)
loss.set_keys(value=VALUE)

# DreamerV3ActorLoss returns such imagined data, with its "lambda_target" returns, next to its loss.
batch = TensorDict(
    {
        "state": torch.randn(*BATCH, STATE),
        "belief": torch.randn(*BATCH, BELIEF),
        "lambda_target": torch.randn(*BATCH, 1),
    },
    batch_size=BATCH,
)
