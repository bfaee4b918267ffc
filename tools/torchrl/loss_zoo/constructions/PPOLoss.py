"""PPOLoss on a tiny continuous-action actor and critic."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import PPOLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 environments x 4 steps: the time dimension is last
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(MLP(OBS, 2 * ACT, num_cells=[8]), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    out_keys=[ACTION],
    distribution_class=TanhNormal,
    return_log_prob=True,  # the collector stores the log-prob PPO needs
)
critic = ValueOperator(MLP(OBS, 1, num_cells=[8]), in_keys=["observation"])  # writes "state_value"

loss = PPOLoss(actor, critic)
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
    actor(batch)  # as a collector would: writes the action and its log-prob
