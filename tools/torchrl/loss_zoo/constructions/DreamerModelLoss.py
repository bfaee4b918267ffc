"""DreamerModelLoss: train a (very) tiny world model on pixel observations."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule, TensorDictSequential
from torchrl.objectives import DreamerModelLoss

torch.manual_seed(0)
STATE, ACT = 3, 2  # latent state size, action size
PIXELS = (1, 4, 4)  # channels, height, width of an observation
BATCH = (2, 4)  # 2 sequences x 4 steps
RECONSTRUCTION = "decoded_pixels"  # where the decoder writes, under "next"; wired with set_keys below

# Stand-ins for Dreamer's encoder, RSSM prior, decoder and reward head, reading and writing under "next".
encoder = TensorDictModule(
    torch.nn.Sequential(torch.nn.Flatten(-3), torch.nn.Linear(16, 2 * STATE), NormalParamExtractor()),
    in_keys=[("next", "pixels")],
    out_keys=[("next", "posterior_mean"), ("next", "posterior_std")],
)
prior = TensorDictModule(
    torch.nn.Sequential(torch.nn.Linear(ACT, 2 * STATE), NormalParamExtractor()),
    in_keys=["action"],
    out_keys=[("next", "prior_mean"), ("next", "prior_std")],
)
decoder = TensorDictModule(
    torch.nn.Sequential(torch.nn.Linear(STATE, 16), torch.nn.Unflatten(-1, PIXELS)),
    in_keys=[("next", "posterior_mean")],
    out_keys=[("next", RECONSTRUCTION)],
)
reward_head = TensorDictModule(torch.nn.Linear(STATE, 1), in_keys=[("next", "posterior_mean")], out_keys=[("next", "reward")])
# DreamerModelLoss looks the decoder up as world_model[0][-1]: keep that nesting.
world_model = TensorDictSequential(TensorDictSequential(encoder, prior, decoder), reward_head)

loss = DreamerModelLoss(world_model)
loss.set_keys(reco_pixels=RECONSTRUCTION)

batch = TensorDict(
    {
        "action": torch.randn(*BATCH, ACT),
        ("next", "pixels"): torch.rand(*BATCH, *PIXELS),
        ("next", "reward"): torch.randn(*BATCH, 1),
    },
    batch_size=BATCH,
)
