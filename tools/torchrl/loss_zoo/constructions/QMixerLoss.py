"""QMixerLoss: three agents' Q-values mixed into a team value by a QMIX mixer."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.data import OneHot
from torchrl.modules import MLP, QMixer, QValueActor
from torchrl.objectives import QMixerLoss

torch.manual_seed(0)
N_AGENTS, OBS, N_ACTIONS, STATE = 3, 3, 4, 5  # agents, per-agent observation, actions, global state
BATCH = (2, 4)  # 2 environments x 4 steps; the agent dimension comes after
GLOBAL_VALUE = ("team", "chosen_action_value")  # where the mixer writes, wired with set_keys below

# One Q-network shared by the agents; its outputs are nested under "agents".
local_qnet = QValueActor(
    MLP(OBS, N_ACTIONS, num_cells=[8]),
    in_keys=[("agents", "observation")],
    spec=OneHot(N_ACTIONS, shape=(N_AGENTS, N_ACTIONS)),
    action_space="one-hot",
    action_value_key=("agents", "action_value"),
    action_key=("agents", "action"),
    chosen_action_value_key=("agents", "chosen_action_value"),
)
mixer = TensorDictModule(
    QMixer(state_shape=(STATE,), mixing_embed_dim=8, n_agents=N_AGENTS, device="cpu"),
    in_keys=[("agents", "chosen_action_value"), "state"],
    out_keys=[GLOBAL_VALUE],
)

loss = QMixerLoss(local_qnet, mixer, action_space="one-hot")
loss.set_keys(global_value=GLOBAL_VALUE)

actions = torch.randint(N_ACTIONS, (*BATCH, N_AGENTS))
batch = TensorDict(
    {
        ("agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        ("agents", "action"): torch.nn.functional.one_hot(actions, N_ACTIONS),
        "state": torch.randn(*BATCH, STATE),
        ("next", "agents", "observation"): torch.randn(*BATCH, N_AGENTS, OBS),
        ("next", "state"): torch.randn(*BATCH, STATE),
        # team reward and done flags
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
