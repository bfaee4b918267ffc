"""OnlineDTLoss: online Decision-Transformer training, here with a tiny stochastic MLP policy."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule, TensorDictSequential
from torchrl.data import Bounded
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal
from torchrl.objectives import OnlineDTLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 sequences x 4 steps
TARGET = ("data", "action")  # where the batch stores the actions to imitate, wired with set_keys below

# A real online Decision Transformer reads returns-to-go, observations and past actions;
# any module that returns an action distribution fits the loss.
policy = ProbabilisticActor(
    TensorDictSequential(
        TensorDictModule(MLP(OBS + 1, 2 * ACT, num_cells=[8]), in_keys=["observation", "return_to_go"], out_keys=["params"]),
        TensorDictModule(NormalParamExtractor(), in_keys=["params"], out_keys=["loc", "scale"]),
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    spec=Bounded(low=-1.0, high=1.0, shape=(ACT,)),
)

loss = OnlineDTLoss(policy)
loss.set_keys(action_target=TARGET)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        "return_to_go": torch.randn(*BATCH, 1),
        TARGET: torch.rand(*BATCH, ACT) * 1.8 - 0.9,  # inside the tanh bounds
    },
    batch_size=BATCH,
)
