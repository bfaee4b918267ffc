import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.modules.models import ACTModel
from torchrl.objectives import ACTLoss

torch.manual_seed(0)
model = ACTModel(
    obs_dim=3, action_dim=2, chunk_size=4, hidden_dim=8, nheads=2,
    num_encoder_layers=1, num_decoder_layers=1, latent_dim=4, dropout=0.0,
)
policy = TensorDictModule(model, in_keys=["observation", "action_chunk"], out_keys=["action_pred", "mu", "log_var"])
loss = ACTLoss(policy)
# torchrl 0.13: the expert chunk is read from "action_chunk" by default.
batch = TensorDict({"observation": torch.randn(2, 3), "action_chunk": torch.randn(2, 4, 2)}, batch_size=[2])
loss(batch)
