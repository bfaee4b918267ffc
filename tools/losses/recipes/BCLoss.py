"""BCLoss: behaviour cloning of expert actions with a tiny deterministic policy."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP
from torchrl.objectives import BCLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 demonstrations x 4 steps
EXPERT_ACTION = ("expert", "action")  # where the dataset stores the expert's action

policy = TensorDictModule(MLP(OBS, ACT, num_cells=[8]), in_keys=["observation"], out_keys=["action"])

loss = BCLoss(policy, loss_function="l2")
loss.set_keys(action=EXPERT_ACTION)

batch = TensorDict(
    {"observation": torch.randn(*BATCH, OBS), EXPERT_ACTION: torch.randn(*BATCH, ACT)},
    batch_size=BATCH,
)
