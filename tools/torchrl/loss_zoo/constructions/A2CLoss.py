"""A2CLoss on a tiny discrete-action (one-hot) actor and critic."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP, OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import A2CLoss

torch.manual_seed(0)
OBS, N_ACTIONS = 3, 4  # observation size, number of discrete actions
BATCH = (2, 4)  # 2 environments x 4 steps: the time dimension is last
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

actor = ProbabilisticActor(
    TensorDictModule(MLP(OBS, N_ACTIONS, num_cells=[8]), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    out_keys=[ACTION],
    distribution_class=OneHotCategorical,
    return_log_prob=True,  # the collector stores the log-prob of each action
)
critic = ValueOperator(MLP(OBS, 1, num_cells=[8]), in_keys=["observation"])  # writes "state_value"

loss = A2CLoss(actor, critic)
loss.set_keys(action=ACTION)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
with torch.no_grad():
    actor(batch)  # as a collector would: writes the one-hot action and its log-prob
