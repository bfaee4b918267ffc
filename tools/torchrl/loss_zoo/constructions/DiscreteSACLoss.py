"""DiscreteSACLoss on a tiny categorical actor and a Q-network over four actions."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.data import OneHot
from torchrl.modules import MLP, OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import DiscreteSACLoss

torch.manual_seed(0)
OBS, N_ACTIONS = 3, 4  # observation size, number of discrete actions
BATCH = (2, 4)  # 2 environments x 4 steps
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

action_spec = OneHot(N_ACTIONS)
actor = ProbabilisticActor(
    TensorDictModule(MLP(OBS, N_ACTIONS, num_cells=[8]), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    out_keys=[ACTION],
    distribution_class=OneHotCategorical,
    spec=action_spec,
)
# The Q-network scores every action at once and writes "action_value".
qvalue = ValueOperator(MLP(OBS, N_ACTIONS, num_cells=[8]), in_keys=["observation"], out_keys=["action_value"])

loss = DiscreteSACLoss(actor, qvalue, action_space=action_spec, num_actions=N_ACTIONS)
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
