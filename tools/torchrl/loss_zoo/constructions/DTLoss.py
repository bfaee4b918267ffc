"""DTLoss: offline Decision-Transformer training, here with a tiny MLP in place of the transformer."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules import MLP
from torchrl.objectives import DTLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 sequences x 4 steps
PREDICTED = ("policy", "action")  # where the policy writes its prediction, wired with set_keys below

# A real Decision Transformer reads returns-to-go, observations and past actions;
# any module that writes the predicted action fits the loss.
policy = TensorDictModule(
    MLP(OBS + 1, ACT, num_cells=[8]),  # an MLP concatenates its inputs
    in_keys=["observation", "return_to_go"],
    out_keys=[PREDICTED],
)

loss = DTLoss(policy)
loss.set_keys(action_pred=PREDICTED)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),
        "return_to_go": torch.randn(*BATCH, 1),
        "action": torch.rand(*BATCH, ACT) * 2 - 1,  # the dataset's actions: the targets
    },
    batch_size=BATCH,
)
