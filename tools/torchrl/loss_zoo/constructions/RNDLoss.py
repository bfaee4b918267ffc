"""RNDLoss: a predictor network learns to imitate a fixed random network (curiosity bonus)."""
import torch
from tensordict import TensorDict
from torchrl.modules import MLP
from torchrl.objectives import RNDLoss

torch.manual_seed(0)
OBS, FEATURES = 3, 4  # observation size, size of the random features
BATCH = (2, 4)  # 2 environments x 4 steps
OBSERVATION = ("next", "pixels_flat")  # which observation to be curious about, wired with set_keys below

predictor = MLP(OBS, FEATURES, num_cells=[8])  # trained
target = MLP(OBS, FEATURES, num_cells=[8])  # fixed, randomly initialised

loss = RNDLoss(predictor, target)
loss.set_keys(observation=OBSERVATION)

batch = TensorDict({OBSERVATION: torch.randn(*BATCH, OBS)}, batch_size=BATCH)
