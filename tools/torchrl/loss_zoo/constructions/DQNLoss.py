"""DQNLoss on a tiny Q-network over four discrete actions."""
import torch
from tensordict import TensorDict
from torchrl.data import OneHot
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

torch.manual_seed(0)
OBS, N_ACTIONS = 3, 4  # observation size, number of discrete actions
BATCH = (2, 4)  # 2 environments x 4 steps
ACTION_VALUE = ("q", "all_actions")  # a nested key for the Q-values, wired with set_keys below

action_spec = OneHot(N_ACTIONS)
# QValueActor writes the Q-values, the greedy one-hot action and the chosen action's value.
qnet = QValueActor(MLP(OBS, N_ACTIONS, num_cells=[8]), in_keys=["observation"], spec=action_spec, action_value_key=ACTION_VALUE)

loss = DQNLoss(qnet, action_space=action_spec)
loss.set_keys(action_value=ACTION_VALUE)

actions = torch.randint(N_ACTIONS, BATCH)
batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        "action": torch.nn.functional.one_hot(actions, N_ACTIONS),
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
