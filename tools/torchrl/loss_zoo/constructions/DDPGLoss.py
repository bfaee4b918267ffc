"""DDPGLoss on a tiny deterministic actor and value network."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP, ValueOperator
from torchrl.objectives import DDPGLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 environments x 4 steps
Q_VALUE = ("critic", "q")  # a nested key for the critic's output, wired with set_keys below

actor = TensorDictModule(
    torch.nn.Sequential(MLP(OBS, ACT, num_cells=[8]), torch.nn.Tanh()), in_keys=["observation"], out_keys=["action"]
)
# DDPG's value network scores (observation, action) pairs.
value = ValueOperator(MLP(OBS + ACT, 1, num_cells=[8]), in_keys=["observation", "action"], out_keys=[Q_VALUE])

loss = DDPGLoss(actor, value)
loss.set_keys(state_action_value=Q_VALUE)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        "action": torch.rand(*BATCH, ACT) * 2 - 1,
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
