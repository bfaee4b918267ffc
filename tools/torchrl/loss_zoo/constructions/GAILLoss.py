"""GAILLoss: a tiny discriminator tells expert transitions from the policy's."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torchrl.modules import MLP
from torchrl.objectives import GAILLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
BATCH = (2, 4)  # 2 trajectories x 4 steps, from the expert and from the collector
POLICY_ACTION = ("collector", "action")  # the policy's own actions, wired with set_keys below

# The discriminator scores (observation, action) pairs; it reads the expert key names.
# GAILLoss applies a binary cross-entropy to "d_logits", so they must be probabilities.
discriminator = TensorDictSequential(
    TensorDictModule(MLP(OBS + ACT, 1, num_cells=[8]), in_keys=["observation", "action"], out_keys=["score"]),
    TensorDictModule(torch.sigmoid, in_keys=["score"], out_keys=["d_logits"]),
)

loss = GAILLoss(discriminator)
loss.set_keys(collector_action=POLICY_ACTION)

batch = TensorDict(
    {
        "observation": torch.randn(*BATCH, OBS),  # expert
        "action": torch.randn(*BATCH, ACT),  # expert
        "collector_observation": torch.randn(*BATCH, OBS),
        POLICY_ACTION: torch.randn(*BATCH, ACT),
    },
    batch_size=BATCH,
)
