"""ACTLoss: action chunking with a tiny transformer CVAE (ACT)."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules.models import ACTModel
from torchrl.objectives import ACTLoss

torch.manual_seed(0)
OBS, ACT, CHUNK = 3, 2, 4  # observation size, action size, actions predicted at once
BATCH = (2, 4)  # 2 demonstrations x 4 steps
CHUNK_KEY = ("expert", "action_chunk")  # where the dataset stores the next CHUNK expert actions

model = ACTModel(
    obs_dim=OBS, action_dim=ACT, chunk_size=CHUNK, hidden_dim=8, nheads=2,
    num_encoder_layers=1, num_decoder_layers=1, latent_dim=4, dropout=0.0,
)
# The loss feeds the model "observation" and "action_chunk" and reads its three outputs.
policy = TensorDictModule(model, in_keys=["observation", "action_chunk"], out_keys=["action_pred", "mu", "log_var"])

loss = ACTLoss(policy)
loss.set_keys(action_chunk=CHUNK_KEY)

batch = TensorDict(
    {"observation": torch.randn(*BATCH, OBS), CHUNK_KEY: torch.randn(*BATCH, CHUNK, ACT)},
    batch_size=BATCH,
)
