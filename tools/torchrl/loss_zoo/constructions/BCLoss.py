"""BCLoss: behaviour cloning of expert actions with a tiny deterministic policy."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP
from torchrl.objectives import BCLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 demonstrations x 4 steps
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

# The policy writes its prediction under the loss's action key; the loss reads the
# expert's action from that key first, then runs the policy on a copy of the batch.
policy = TensorDictModule(MLP(OBS, ACT, num_cells=[8]), in_keys=["observation"], out_keys=[ACTION])

loss = BCLoss(policy, loss_function="l2")
loss.set_keys(action=ACTION)

batch = TensorDict(
    {"observation": torch.randn(*BATCH, OBS), ACTION: torch.randn(*BATCH, ACT)},  # expert actions
    batch_size=BATCH,
)
