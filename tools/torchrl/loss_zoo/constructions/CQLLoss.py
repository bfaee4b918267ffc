"""CQLLoss on a tiny tanh-Gaussian actor and Q-network."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.data import Bounded
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import CQLLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 environments x 4 steps
ACTION = ("agent", "action")  # a nested key for the action, wired with set_keys below

action_spec = Bounded(low=-1.0, high=1.0, shape=(ACT,))
actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(MLP(OBS, 2 * ACT, num_cells=[8]), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    out_keys=[ACTION],
    distribution_class=TanhNormal,
    spec=action_spec,
)
# The Q-network reads the observation and the action, writes "state_action_value".
qvalue = ValueOperator(MLP(OBS + ACT, 1, num_cells=[8]), in_keys=["observation", ACTION], out_keys=["state_action_value"])

loss = CQLLoss(actor, qvalue, action_spec=action_spec)
loss.set_keys(action=ACTION)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        ACTION: torch.rand(*BATCH, ACT) * 2 - 1,
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
