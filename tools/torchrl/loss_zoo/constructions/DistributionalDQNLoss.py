"""DistributionalDQNLoss on a tiny categorical (C51-style) Q-network."""
import torch
from tensordict import TensorDict
from torchrl.data import OneHot
from torchrl.modules import MLP, DistributionalQValueActor
from torchrl.objectives import DistributionalDQNLoss

torch.manual_seed(0)
OBS, N_ACTIONS, N_ATOMS = 3, 4, 5  # observation size, discrete actions, atoms of the return distribution
BATCH = (8,)  # 8 transitions: this loss accepts one batch dimension only
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

action_spec = OneHot(N_ACTIONS)
support = torch.linspace(-1.0, 1.0, N_ATOMS)  # the returns each atom stands for
qnet = DistributionalQValueActor(
    torch.nn.Sequential(MLP(OBS, N_ATOMS * N_ACTIONS, num_cells=[8]), torch.nn.Unflatten(-1, (N_ATOMS, N_ACTIONS))),
    support=support,
    in_keys=["observation"],
    spec=action_spec,
)

loss = DistributionalDQNLoss(qnet, gamma=0.99)
loss.set_keys(action=ACTION)

actions = torch.randint(N_ACTIONS, BATCH)
batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        ACTION: torch.nn.functional.one_hot(actions, N_ACTIONS),
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
