import torch
from torchrl.objectives.value.functional import generalized_advantage_estimate

torch.manual_seed(0)
# Time first, then two more dimensions after it (e.g. agents and features): [time=5, agents=3, 1].
value = torch.randn(5, 3, 1)
next_value = torch.randn(5, 3, 1)
reward = torch.randn(5, 3, 1)
done = torch.zeros(5, 3, 1, dtype=torch.bool)
advantage, _ = generalized_advantage_estimate(0.9, 0.95, value, next_value, reward, done, time_dim=0)
# Same numbers as moving time to the penultimate position, the layout the functions used to assume.
moved, _ = generalized_advantage_estimate(
    0.9, 0.95, value.transpose(0, 1), next_value.transpose(0, 1), reward.transpose(0, 1), done.transpose(0, 1)
)
assert torch.allclose(advantage, moved.transpose(0, 1), atol=1e-6)
