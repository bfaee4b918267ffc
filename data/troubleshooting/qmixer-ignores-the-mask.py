import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.data import OneHot
from torchrl.modules import MLP, QMixer, QValueActor
from torchrl.objectives import QMixerLoss

torch.manual_seed(0)
AGENTS, OBS, ACTIONS, STATE = 2, 3, 4, 5
qnet = QValueActor(
    MLP(OBS, ACTIONS, num_cells=[8]),
    in_keys=[("agents", "observation")],
    spec=OneHot(ACTIONS, shape=(AGENTS, ACTIONS)),
    action_space="one-hot",
    action_value_key=("agents", "action_value"),
    action_key=("agents", "action"),
    chosen_action_value_key=("agents", "chosen_action_value"),
)
mixer = TensorDictModule(
    QMixer(state_shape=(STATE,), mixing_embed_dim=8, n_agents=AGENTS, device="cpu"),
    in_keys=[("agents", "chosen_action_value"), "state"],
    out_keys=["chosen_action_value"],
)
loss = QMixerLoss(qnet, mixer, action_space="one-hot")
loss.loss_mask_key = "valid"
batch = TensorDict(
    {
        ("agents", "observation"): torch.randn(6, AGENTS, OBS),
        ("agents", "action"): torch.nn.functional.one_hot(torch.randint(ACTIONS, (6, AGENTS)), ACTIONS),
        "state": torch.randn(6, STATE),
        ("next", "agents", "observation"): torch.randn(6, AGENTS, OBS),
        ("next", "state"): torch.randn(6, STATE),
        ("next", "reward"): torch.randn(6, 1),
        ("next", "done"): torch.zeros(6, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(6, 1, dtype=torch.bool),
    },
    [6],
)
all_valid = loss(batch.set("valid", torch.ones(6, dtype=torch.bool)))["loss"]
half_valid = loss(batch.set("valid", torch.arange(6) < 3))["loss"]
# No error: masking out half of the batch does not change QMixerLoss's value.
assert torch.equal(all_valid, half_valid)
# ---- fix ----
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.data import OneHot
from torchrl.modules import MLP, QMixer, QValueActor
from torchrl.objectives import QMixerLoss

torch.manual_seed(0)
AGENTS, OBS, ACTIONS, STATE = 2, 3, 4, 5
qnet = QValueActor(
    MLP(OBS, ACTIONS, num_cells=[8]),
    in_keys=[("agents", "observation")],
    spec=OneHot(ACTIONS, shape=(AGENTS, ACTIONS)),
    action_space="one-hot",
    action_value_key=("agents", "action_value"),
    action_key=("agents", "action"),
    chosen_action_value_key=("agents", "chosen_action_value"),
)
mixer = TensorDictModule(
    QMixer(state_shape=(STATE,), mixing_embed_dim=8, n_agents=AGENTS, device="cpu"),
    in_keys=[("agents", "chosen_action_value"), "state"],
    out_keys=["chosen_action_value"],
)
loss = QMixerLoss(qnet, mixer, action_space="one-hot")
batch = TensorDict(
    {
        ("agents", "observation"): torch.randn(6, AGENTS, OBS),
        ("agents", "action"): torch.nn.functional.one_hot(torch.randint(ACTIONS, (6, AGENTS)), ACTIONS),
        "state": torch.randn(6, STATE),
        ("next", "agents", "observation"): torch.randn(6, AGENTS, OBS),
        ("next", "state"): torch.randn(6, STATE),
        ("next", "reward"): torch.randn(6, 1),
        ("next", "done"): torch.zeros(6, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(6, 1, dtype=torch.bool),
    },
    [6],
)
valid = torch.arange(6) < 3
# Drop the invalid transitions before the loss: indexing a TensorDict selects rows.
masked = loss(batch[valid])["loss"]
assert not torch.equal(masked, loss(batch)["loss"])
