"""DiffusionBCLoss: a tiny denoising-diffusion policy learns expert actions."""
import torch
from tensordict import TensorDict
from torchrl.modules import DiffusionActor
from torchrl.objectives import DiffusionBCLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
DIFFUSION_STEPS = 10  # denoising steps of the policy
BATCH = (2, 4)  # 2 demonstrations x 4 steps
EXPERT_ACTION = ("expert", "action")  # where the dataset stores the expert's action

policy = DiffusionActor(action_dim=ACT, obs_dim=OBS, num_steps=DIFFUSION_STEPS)

loss = DiffusionBCLoss(policy)
loss.set_keys(action=EXPERT_ACTION)

batch = TensorDict(
    {"observation": torch.randn(*BATCH, OBS), EXPERT_ACTION: torch.randn(*BATCH, ACT)},
    batch_size=BATCH,
)
