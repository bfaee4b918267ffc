"""WorldModelLoss: a tiny world model predicts the next reward and done flag."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torchrl.modules import MLP
from torchrl.objectives import WorldModelLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 environments x 4 steps
PREDICTED_REWARD = "reward_hat"  # where the model writes its reward, under "next"; wired with set_keys below

# The loss moves the true ("next", "reward") and ("next", "done") aside, runs the model,
# then compares what the model wrote under "next" with the truth.
world_model = TensorDictSequential(
    TensorDictModule(MLP(OBS + ACT, 1, num_cells=[8]), in_keys=["observation", "action"], out_keys=[("next", PREDICTED_REWARD)]),
    # the done flag is regressed as a number (loss "l2" by default)
    TensorDictModule(MLP(OBS + ACT, 1, num_cells=[8]), in_keys=["observation", "action"], out_keys=[("next", "done")]),
)

loss = WorldModelLoss(world_model, losses=["reward", "done"])
loss.set_keys(reward=PREDICTED_REWARD)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        "action": torch.randn(*BATCH, ACT),
        ("next", PREDICTED_REWARD): torch.randn(*BATCH, 1),  # the true reward, stored under the same name
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
