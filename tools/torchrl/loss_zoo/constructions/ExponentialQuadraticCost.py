"""ExponentialQuadraticCost: PILCO's saturating cost of a Gaussian state belief."""
import torch
from tensordict import TensorDict
from torchrl.objectives import ExponentialQuadraticCost

torch.manual_seed(0)
STATE = 3  # size of the state
BATCH = (2, 4)  # 2 rollouts x 4 predicted steps
MEAN, COVARIANCE = ("belief", "mean"), ("belief", "covariance")  # wired with set_keys below

loss = ExponentialQuadraticCost(target=torch.zeros(STATE), weights=torch.eye(STATE))
loss.set_keys(loc=MEAN, scale=COVARIANCE)

# The cost reads a Gaussian belief: a mean and a covariance matrix per state.
belief_mean = torch.randn(*BATCH, STATE, requires_grad=True)  # would come from a model-based rollout
batch = TensorDict(
    {MEAN: belief_mean, COVARIANCE: 0.1 * torch.eye(STATE).expand(*BATCH, STATE, STATE)},
    batch_size=BATCH,
)
